// The sounds of a real table (issue 37, the look), made here with WebAudio -- no audio files: your turn (a
// soft two-note chime), a check (two knocks on the felt), a bet or call (chips set down), a fold (a card
// slid away), cards dealt (a swish each), and the pot pushed to its winner (a rattle of chips).
//
// Off by default: the menu's "Sound" turns them on in this browser (pd.sound) and off again: the page's
// mute. A reader who asked for less motion (prefers-reduced-motion) hears only what asks something of
// them, their turn: the table's own sounds go with its chips and cards moving, which they do not see
// move either (table.js flyChips).
//
// soundsBetween(was, now) says which sounds a new state brings; sounds() plays them at each state drawn.
// soundsPlayed keeps the last ones played (the page's tests listen through it).

let soundOn = localStorage.getItem("pd.sound") === "1";
let audio = null, noise = null, heardView = null;
const soundsPlayed = [];

// What of a state makes a sound: the hand (its number, the board's size, the log's actions), the last
// hand over (its number and board), and whether it is your turn now (which turn).
function soundView(st) {
  if (!st) return null;
  const hand = st.hand;
  return {
    hand: hand ? { number: hand.number, board: (hand.board || []).length, log: (hand.log || []).map(l => (l.said || {}).key || "") } : null,
    last: st.last_hand ? st.last_hand.number : null,
    lastBoard: st.last_hand ? (st.last_hand.board || []).length : 0,
    turn: hand && st.you && st.you.legal ? `${hand.number}:${hand.actions}` : null,
  };
}
// The sound of one action of the log, by its words' key (server/hand_words.py), or null.
function actionSound(key) {
  if (key === "room.log.check") return "check";
  if (key === "room.log.fold") return "fold";
  if (["room.log.call", "room.log.bet", "room.log.raise", "room.log.all_in"].includes(key)) return "chips";
  return null;
}
// The sounds between two views of the table, in order: cards dealt, each new action, the board's cards,
// the pot to its winner, and your turn last. None for the first view (a page opened hears nothing).
// A hand may end between two states (all in: the call, the board run out, the showdown): its board's
// last cards are heard from the hand's summary, then the pot.
function soundsBetween(was, now) {
  if (!was || !now) return [];
  const out = [];
  const h = now.hand, w = was.hand;
  const same = h && w && h.number === w.number;
  if (h && !same) out.push("deal");  // a new hand: the hole cards
  if (h) {
    h.log.slice(same ? w.log.length : 0).forEach(k => { const s = actionSound(k); if (s) out.push(s); });
    if (h.board > (same ? w.board : 0)) out.push("deal");
  }
  if (!h && w && now.last === w.number && was.last !== now.last) {
    if (now.lastBoard > w.board) out.push("deal");
    out.push("win");
  }
  if (now.turn && now.turn !== was.turn) out.push("turn");
  return out;
}

function soundContext() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
    const buffer = audio.createBuffer(1, audio.sampleRate, audio.sampleRate);  // a second of noise, made once
    const data = buffer.getChannelData(0);
    let seed = 1;  // a fixed noise: the same sound every time
    for (let i = 0; i < data.length; i++) { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; data[i] = seed / 2147483648 - 1; }
    noise = buffer;
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}
// A burst of noise through a band-pass filter: chips' clicks, a card's swish, a knock's attack.
function noiseBurst(ctx, at, { freq, q, ms, gain, sweep }) {
  const src = ctx.createBufferSource(), band = ctx.createBiquadFilter(), amp = ctx.createGain();
  src.buffer = noise;
  band.type = "bandpass"; band.Q.value = q; band.frequency.setValueAtTime(freq, at);
  if (sweep) band.frequency.exponentialRampToValueAtTime(sweep, at + ms / 1000);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + Math.min(0.008, ms / 4000));
  amp.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  src.connect(band); band.connect(amp); amp.connect(ctx.destination);
  src.start(at, (at * 7.3) % 0.5); src.stop(at + ms / 1000 + 0.02);
}
// A tone that falls away: the chime's notes, a knock's thud.
function tone(ctx, at, { freq, to, ms, gain, type }) {
  const osc = ctx.createOscillator(), amp = ctx.createGain();
  osc.type = type || "sine";
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + ms / 1000);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.006);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  osc.connect(amp); amp.connect(ctx.destination);
  osc.start(at); osc.stop(at + ms / 1000 + 0.02);
}
const chipClick = (ctx, at, g) => { noiseBurst(ctx, at, { freq: 5200, q: 4, ms: 28, gain: g }); tone(ctx, at, { freq: 3100, ms: 22, gain: g / 3, type: "triangle" }); };
// Each sound, drawn from `at` (seconds, the context's clock).
const SOUNDS = {
  turn: (ctx, at) => { tone(ctx, at, { freq: 659, ms: 260, gain: 0.12 }); tone(ctx, at + 0.14, { freq: 988, ms: 380, gain: 0.1 }); },
  check: (ctx, at) => { for (const d of [0, 0.11]) { tone(ctx, at + d, { freq: 170, to: 80, ms: 90, gain: 0.22 }); noiseBurst(ctx, at + d, { freq: 900, q: 1.5, ms: 25, gain: 0.08 }); } },
  chips: (ctx, at) => { [0, 0.05, 0.085, 0.11].forEach((d, i) => chipClick(ctx, at + d, 0.22 - i * 0.03)); },
  fold: (ctx, at) => noiseBurst(ctx, at, { freq: 700, sweep: 1800, q: 0.9, ms: 160, gain: 0.35 }),
  deal: (ctx, at) => noiseBurst(ctx, at, { freq: 1200, sweep: 4200, q: 0.8, ms: 120, gain: 0.4 }),
  win: (ctx, at) => { for (let i = 0; i < 11; i++) chipClick(ctx, at + 0.05 * i + 0.012 * (i % 3), 0.26 - 0.015 * i); },
};
// Whether `name` may sound now: sound on, and for a reader who asked for less motion only their turn.
function mayPlay(name) {
  if (!soundOn) return false;
  return name === "turn" || !matchMedia("(prefers-reduced-motion: reduce)").matches;
}
function playSounds(names) {
  const allowed = names.filter(mayPlay);
  if (!allowed.length) return;
  const ctx = soundContext();
  allowed.forEach((name, i) => {
    soundsPlayed.push(name);
    if (soundsPlayed.length > 50) soundsPlayed.shift();
    if (ctx) SOUNDS[name](ctx, ctx.currentTime + 0.02 + 0.16 * i);  // one after another, as they happened
  });
}
// At each state drawn (table.js render): the sounds it brings (a redraw in another language brings none).
function sounds() {
  const now = soundView(typeof state !== "undefined" ? state : null);
  const was = heardView;
  heardView = now;
  playSounds(soundsBetween(was, now));
}
function soundButton() {
  const b = document.getElementById("btn-sound");
  b.textContent = t(soundOn ? "room.sound.on" : "room.sound.off");
  b.setAttribute("aria-pressed", soundOn ? "true" : "false");
}
document.getElementById("btn-sound").addEventListener("click", () => {
  soundOn = !soundOn;
  localStorage.setItem("pd.sound", soundOn ? "1" : "0");
  soundButton();
  if (soundOn) { soundContext(); playSounds(["chips"]); }  // the tap starts the sound (a browser asks for one) and is heard
});
// A page opened with sound on starts it at the first touch or key (browsers start sound only on one).
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, () => { if (soundOn) soundContext(); }, { once: true, capture: true });
