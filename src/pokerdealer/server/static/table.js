// The table page: renders what the server sends this reader; proposes actions, never decides.
const tableId = location.pathname.split("/")[2];
// The host link's token is kept by host.js (loaded first), which draws the host's panel.
// A tournament's seat link (/t/{id}#seat=...): its token is kept in this browser and taken out of the address bar.
if (location.hash.startsWith("#seat=")) {
  localStorage.setItem(`pd.seat.${tableId}`, decodeURIComponent(location.hash.slice(6)));
  history.replaceState(null, "", location.pathname + location.search);
}
const tokenKey = `pd.seat.${tableId}`;
let token = localStorage.getItem(tokenKey);
let ws = null, state = null, lastHand = null, clockAt = 0, clockLeft = null, retry = 0, msgId = 0;
const CHAT_KEEP = 100;  // lines the page keeps; the server sends its last 30 on each (re)connect
let proofKey = null, proofOk = null;
// Refused since (performance.now()) because another server process plays this table (server/room.py):
// it hands the table over once nobody reads it there, and the page reconnects by itself meanwhile.
let elsewhereSince = 0;
const ELSEWHERE_QUIET_MS = 10_000;  // a hand-over takes a lease renewal (a third of --lease, 5 s by default)
const FLOOD_CLOSE_CODE = 4008;  // limits.FLOOD_CLOSE_CODE
const FLOOD_RETRY_MS = 11000;  // longer than limits.Caps.flood_cool_off (10 s)
const $ = (id) => document.getElementById(id);
const t_ = t;  // render() names the table `t`
$("hands-link").href = `/t/${tableId}/hands`;

// This browser's own key, made once: sent with each join, it makes a player's own limits -- and a
// stop by them -- theirs at every seat and table of this browser (server/self_limits.py).
function personKey() {
  let key = localStorage.getItem("pd.person");
  if (!key) {
    key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24)))).replace(/\+/g, "-").replace(/\//g, "_");
    localStorage.setItem("pd.person", key);
  }
  return key;
}
// A language being switched to: the state said in it (the hand's strength, the coach's lines: words
// the server makes for this reader) is awaited and drawn with the page's new words, in one redraw.
let switching = null;
function restated(lang) {
  if (!state || !state.you || !ws || ws.readyState !== 1) { send({ type: "lang", lang }); return null; }
  return new Promise((resolve) => {
    const done = () => { if (switching && switching.done === done) switching = null; resolve(); };
    switching = { lang, done };
    send({ type: "lang", lang });
    setTimeout(done, 3000);  // a state that never comes (the connection lost) holds nothing back for long
  });
}
function send(msg) { if (ws && ws.readyState === 1) { msg.id = ++msgId; ws.send(JSON.stringify(msg)); } }
function showError(text, note) {
  const e = $("error"); e.textContent = text; e.classList.toggle("hidden", !text);
  e.classList.toggle("note", !!note);  // news (a notice, a link copied) is not drawn as an error
  if (text) setTimeout(() => { if (e.textContent === text) e.classList.add("hidden"); }, 5000);
}
const showNote = (text) => showError(text, true);
// A notice sits in the page's flow under the title row; while it shows, the felt is that much smaller
// (app.css --notice), so that it covers no card and your actions stay on the first screen.
// The same for the share banner after Create.
const roomMade = new ResizeObserver(() => {
  let tall = 0;
  for (const box of [$("error"), $("share-banner")]) {
    const css = getComputedStyle(box);
    if (box.offsetHeight) tall += box.offsetHeight + parseFloat(css.marginTop) + parseFloat(css.marginBottom);
  }
  document.documentElement.style.setProperty("--notice", `${tall}px`);
});
roomMade.observe($("error")); roomMade.observe($("share-banner"));

// The connection's state in the title row, said from the state (not left in the words a language
// switch puts in: "connecting…" came back with every switch while the page was connected).
let connState = "connecting";
function showConn(now) {
  if (now) connState = now;
  const c = $("conn");
  c.textContent = c.title = t(`room.conn.${connState}`);  // on a phone, connected is a green dot: its words on hover
  c.dataset.state = connState;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${tableId}`);
  ws.onopen = () => { retry = 0; showConn("connected"); ws.send(JSON.stringify({ type: "hello", token: token || null, lang: LANG })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      elsewhereSince = 0; if ("last_hand" in msg) lastHand = msg.last_hand; msg.last_hand = lastHand; state = msg; clockLeft = msg.hand ? msg.hand.clock_left : null; clockAt = performance.now();
      if (switching) { if (msg.you && msg.you.lang === switching.lang) switching.done(); return; }  // drawn with the new words
      render(); hostPanel.onState(); whyBot.onState(); avatarPick.onState();
    }
    else if (msg.type === "error") {
      // A table being handed over to this process is no error to its reader (it keeps the notice of
      // the move that brought them here): "reconnecting…" says the wait; the words only if it lasts.
      if (msg.code === "elsewhere" && !elsewhereSince) elsewhereSince = performance.now();
      if (msg.code !== "elsewhere" || performance.now() - elsewhereSince > ELSEWHERE_QUIET_MS) showError(said(msg));
    }
    else if (msg.type === "notice") showNote(said(msg));
    else if (msg.type === "chat") addChat(msg);
    else if (msg.type === "moved") eventMoved(msg, token);  // event_strip.js
    else if (msg.type === "event" && state) { state.event = msg.event; renderEvent(state); }  // event_strip.js: another table's hand changed the field
    else if (msg.type === "welcome") { $("chat").replaceChildren(); (msg.chat || []).forEach(c => addChat(c, true)); }
  };
  ws.onclose = (ev) => {
    showConn("reconnecting");
    retry = Math.min(retry + 1, 6);
    // 4008: the server closed a connection that sent too many messages at once (server/limits.py);
    // the page says so, and comes back once the address's cool-off is over (Caps.flood_cool_off,
    // 10 s: a try within it is refused, and the back-off after it took 24 s in all).
    if (ev.code === FLOOD_CLOSE_CODE) { showError(t("room.conn.flooded")); retry = 5; setTimeout(connect, FLOOD_RETRY_MS); return; }
    setTimeout(connect, 250 * 2 ** retry);
  };
}

// Seat `s` of `n`'s place on the felt (felt.js): your seat at the bottom, the others clockwise.
function seatSlot(slots, s, n, mySeat) { return slots[((s - (mySeat || 1)) % n + n) % n]; }

// A name as this reader says it: a bot the room named (state.bots: its kind and number) in the reader's
// own language -- "LooseBot 2" to an English reader at a zh-Hans table, whose log says 爱玩机器人 2 --
// anyone else's as it is.
function nameSaid(name) { return botNameSaid(state && state.bots, name); }  // common.js

// A seat's name, on one line: one too long for its seat is cut before a number at its end (a bot's
// "RandomBot 3", a second "Ann 2"), which stays in view as it tells the seats apart (app.css).
function seatName(name) {
  const numbered = /^(.*\S)(\s+\(?\d+\)?)$/.exec(name);
  if (!numbered) return el("div", { class: "name", title: name, text: name });
  return el("div", { class: "name numbered", title: name }, el("span", { text: numbered[1] }), el("span", { class: "no", text: numbered[2] }));
}

// Why a seat of the hand (or of the last hand, between hands) holds no cards: "folded", "mucked"
// (in the showdown, not shown), "unshown" (won, everyone else folded: its cards stay face down), or
// null for a seat not in it.
function goneCards(row, s, hand, last, winners) {
  if (hand) return row.in_hand && row.folded ? "folded" : null;
  if (!last || !(last.payoffs || []).some(p => p.seat === s && p.name === row.name)) return null;
  const inShowdown = last.order.find(o => o.seat === s);
  if (inShowdown) return inShowdown.mucked ? "mucked" : null;
  return winners.has(s) ? "unshown" : "folded";
}

function render() {
  if (!state) return;
  const t = state.table, you = state.you || null, hand = state.hand, last = state.last_hand;
  const name = state.event ? eventTableName(state.event) : tableName(t.name);
  document.title = `${name} — pokerdealer`;
  $("title").textContent = t_("room.table.title", { name, blinds: { key: "room.lobby.blinds", params: { small: t.blinds[0], big: t.blinds[1], structure: { key: `room.structure.${t.structure}` } } } });
  const mySeat = you && you.seat;
  const slots = feltSlots(t.seats);
  const felt = $("felt");
  felt.dataset.ring = t.seats >= 7 ? "big" : "small";  // a phone draws seven to ten seats smaller (app.css)
  const before = feltBefore(felt);  // where the chips were, for them to move from (flyChips)
  felt.querySelectorAll(".seat").forEach(n => n.remove());
  const winners = new Set();
  const shownAt = {}, won = {};  // won: the chips each winner took, its pots' shares together
  if (!hand && last) {
    last.awards.forEach(a => a.winners.forEach(w => { winners.add(w.seat); won[w.seat] = (won[w.seat] || 0) + w.chips; }));
    last.order.forEach(o => { if (o.cards) shownAt[o.seat] = o; });
  }
  const decides = lastDeciding(hand, last);
  const sitting = maySit();
  if (!sitting || (chosenSeat && state.seats[chosenSeat - 1])) chosenSeat = null;  // taken meanwhile: choose again
  for (let s = 1; s <= t.seats; s++) {
    const row = state.seats[s - 1];
    const p = seatSlot(slots, s, t.seats, mySeat);
    // A seat in the felt's top fifth hangs from its place rather than centring on it (app.css: .top-row).
    const node = el("div", Object.assign({ class: p.y < 20 ? "seat top-row" : "seat", "data-seat": s }, seatPlace(p)));
    if (!row) {
      node.classList.add("empty-seat");
      const said = el("div", { class: "muted", text: t_("room.seat.empty", { seat: s }) });
      // A reader who may sit: the seat is a button that sits them there (sitAt).
      node.append(sitting ? el("button", { type: "button", class: s === chosenSeat ? "box sit-here chosen" : "box sit-here", "data-sit": s,
        "aria-label": t_("room.join.sit_at", { seat: s }), onclick: () => sitAt(s) }, said, el("div", { class: "sit-cta", text: t_("room.seat.sit_here") }))
        : el("div", { class: "box" }, said));
      felt.append(node); continue;
    }
    if (row.folded) node.classList.add("folded");
    if (hand && hand.actor === s) node.classList.add("actor");
    if (s === mySeat) node.classList.add("me");
    if (winners.has(s)) node.classList.add("winner");
    const cardsBox = el("div", { class: "cards" });
    const shown = row.cards || (shownAt[s] ? shownAt[s].cards : null) || shownAfter(s, hand ? null : last);  // home_rules.js
    // A winner's five that made its hand raised (its other cards dimmed); a loser's cards as they are.
    const best = winners.has(s) && shownAt[s] && shownAt[s].best_five ? new Set(shownAt[s].best_five) : null;
    const coached = s === mySeat ? showdownAtSeat(you, hand, state.event) : { note: null, marked: new Set() };  // coach_showdown.js
    // Your own folded cards stay yours to read, greyed as a folded hand is.
    const foldedMine = shown && s === mySeat && goneCards(row, s, hand, last, winners) === "folded";
    if (foldedMine) { cardsBox.classList.add("gone"); cardsBox.dataset.gone = "folded"; }
    if (shown) shown.forEach(c => cardsBox.append(dealt(cardEl(c, (best ? (best.has(c) ? "best" : "dim") : "") + (coached.marked.has(c) || decides.has(c) ? " decides" : "") + (foldedMine ? " gone" : "")), `s${s}:${c}`)));
    else if (row.hidden) { cardsBox.append(cardEl(null), cardEl(null)); }
    else {
      // Cards gone from a seat of the hand: said where they were (folded, mucked), never a gap.
      const gone = goneCards(row, s, hand, last, winners);
      if (gone === "unshown") cardsBox.append(cardEl(null), cardEl(null));  // won without showing
      else if (gone) {
        cardsBox.classList.add("gone");
        cardsBox.dataset.gone = gone;
        cardsBox.append(cardEl(null, "gone"), cardEl(null, "gone"), el("span", { class: "gone-mark", text: t_(`room.seat.${gone}`) }));
      }
    }
    // A seat waiting for the big blind is said so only while it waits: the next hand may start the game afresh.
    const waits = row.status === "waiting" ? !state.starts_afresh : ["sitting_out", "busted"].includes(row.status);
    const status = waits ? t_(`room.status.${row.status}`) : (!row.connected ? t_("room.status.away") : "");
    const box = el("div", { class: "box" }, cardsBox,
      seatName(nameSaid(row.name)), row.bot ? botLine(row.name) : null,
      el("div", { class: "who" }, avatarEl(nameSaid(row.name), row.avatar), el("div", { class: "stack", text: fmtNum(row.stack) })),  // avatar.js: the name read
      won[s] ? wonLine(won[s], shownAt[s])
        : el("div", { class: "last" }, row.last_said ? saidNode(row.last_said.key, row.last_said.params) : null),
      status ? el("div", { class: "status", text: status }) : null,
      s === mySeat && you.strength && !row.folded ? el("div", { class: "strength", id: "strength", text: you.strength }) : null,
      coached.note);
    if (hand && hand.actor === s && hand.clock_left !== null && hand.clock_left !== undefined) {
      // The action clock in seconds; once it ran out into the time bank, the bank's bar under it.
      // (DOM append() writes a null as the text "null": the bank's bar is added only when there is one.)
      box.append(el("div", { class: "clockbar" }, el("div", { id: "clock-fill" })));
      if (hand.bank_seconds) box.append(el("div", { class: "clockbar bankbar", id: "bank-bar" }, el("div", { id: "bank-fill" })),
        el("div", { class: "bank-label", id: "bank-label", text: t_("room.clock.bank_label") }));  // the second bar named
      box.append(el("div", { class: "clock-secs", id: "clock-secs" }));
    }
    node.append(box);
    if (hand && hand.button === s) node.append(el("span", { class: "dealer", text: t_("room.role.button") }));
    if (hand && hand.small_blind === s && hand.big_blind !== s && hand.small_blind !== hand.button) node.append(el("span", { class: "blind", text: t_("room.role.small_blind") }));
    if (hand && hand.big_blind === s) node.append(el("span", { class: "blind", text: t_("room.role.big_blind") }));
    if (hand && hand.straddle === s) node.append(el("span", { class: "blind", title: t_("room.straddle.explain"), text: t_("room.role.straddle") }));
    if (row.bet) node.append(moved(el("span", { class: "bet", "data-bet-seat": s }, chipStack(row.bet), el("span", { class: "amt", text: fmtNum(row.bet) })), `b${s}`, row.bet));  // chips.js
    felt.append(node);
  }
  // Centre: board, pots, commitment.
  const board = hand ? hand.board : (last ? last.board : []);
  const lastBest = new Set();
  if (!hand && last) last.order.forEach(o => { if (winners.has(o.seat)) (o.best_five || []).forEach(c => lastBest.add(c)); });
  $("board").replaceChildren(...(board || []).map(c => dealt(cardEl(c, (!hand && lastBest.size ? (lastBest.has(c) ? "best" : "dim") : "") + (decides.has(c) ? " decides" : "")), `board:${c}`)));
  const pots = $("pots");
  if (hand) {
    pots.replaceChildren(...hand.pots.map((p, i) => moved(el("span", { class: p.label === "unmatched" ? "pot unmatched" : "pot", "data-pot": i }, chipStack(p.amount), t_("room.pot.line", { label: potLabel(p.label, nameSaid(p.name)), amount: p.amount })), `pot${i}`, p.amount)));
    $("handinfo").textContent = `${t_("room.hand.number", { n: hand.number })} · ${t_("room.street." + hand.street)}`;
    // The deck commitment sits in the hand panel, off the felt (it crowded the seats on a phone).
    $("hand-commit").replaceChildren(`${t_("room.hand.commitment")} `, el("span", { id: "commitment", title: hand.commitment || "", "data-full": hand.commitment || "", text: (hand.commitment || "").slice(0, 16) + "…" }));
    $("sd-felt").replaceChildren();
  } else if (last) {
    pots.replaceChildren(...last.awards.map(a => el("span", { class: "pot won" }, chipStack(a.amount), t_("room.pot.line", { label: awardLabel(a, last), amount: a.amount }))));
    $("handinfo").textContent = state.waiting ? t_(state.waiting.key, state.waiting.params) : t_("room.hand.over", { n: last.number });
    $("sd-felt").replaceChildren(...feltResult(last));
    $("hand-commit").replaceChildren();
  } else {
    pots.replaceChildren(); $("hand-commit").replaceChildren(); $("sd-felt").replaceChildren();
    $("handinfo").textContent = state.waiting ? t_(state.waiting.key, state.waiting.params) : t_("room.hand.waiting");
  }
  $("handinfo").classList.toggle("paused", !hand && !!state.waiting);
  flyChips(before, hand, last, won);
  renderYou(you, hand, t);
  renderEvent(state);  // event_strip.js: a tournament table's clock and field
  renderCoach(state.event ? null : you, send);  // coach.js: the coach's lines and the player's own limits
  renderShowdownCoach(you, state.event);  // coach_showdown.js: what the coach says of the last showdown
  renderShowdown(last);
  renderHomeRules(you, hand, last, send);  // home_rules.js: run it twice, both boards, shows after the hand, the rabbit
  sounds();
  $("log").replaceChildren(...(hand ? hand.log : []).map(l => el("div", {}, el("span", { class: "muted", text: `[${t_("room.street." + l.street)}] ` }),
    saidNode("room.log.line", { name: nameSaid(l.name), action: l.said }))));
}

// The cards that decided the last hand's pots (each winner's kicker, pair...: the server's `decides`),
// marked on the felt between hands.
function lastDeciding(hand, last) {
  return new Set(!hand && last ? last.awards.flatMap(a => a.decides ? a.decides.cards : []) : []);
}

// The last hand's result in words on the felt, under its pots: each pot won at a showdown, its winners'
// whole hand ("Ann: two pair, nines and eights, kicker Q", the evaluator's) and what decided it ("the
// kicker: Q♠ beats J♦"), in the reader's language; a pot said once where several read the same.
function feltResult(last) {
  const lines = [], said = new Set();
  for (const a of last.awards) {
    const shown = a.winners.map(w => last.order.find(o => o.seat === w.seat && o.describe)).filter(Boolean);
    if (a.uncontested || !shown.length) continue;
    const hand = t("room.sd.felt.hand", { names: shown.map(o => nameSaid(o.name)).join(t("list.separator")), hand: shown[0].describe[LANG] });
    const why = a.decides ? a.decides.words[LANG] : "";
    if (said.has(hand + why)) continue;
    said.add(hand + why);
    lines.push(el("div", { class: "sd-line", "data-label": a.label },
      el("span", { class: "sd-hand-words", text: hand }), why ? el("span", { class: "sd-why", text: why }) : null));
  }
  return lines;
}

// A bot's line under its name: "bot", its style one hover or long press away ("tight (plays good hands)").
function botLine(name) {
  const bot = state.bots ? state.bots[name] : null;
  return el("div", { class: "status", title: bot ? t_(`room.bot.kind.${bot.kind}`) : null, "data-kind": bot ? bot.kind : null, text: t_("room.seat.bot") });
}

// What a winner took, at its seat in place of its last action: "+120 · straight" (the hand's name from
// the server's summary, in the reader's language), or "+120" won without a show.
function wonLine(chips, shown) {
  const name = shown && shown.hand_name ? shown.hand_name[LANG] : null;
  return el("div", { class: "last won", text: name ? t("room.sd.won_hand", { amount: chips, hand: name }) : t("room.sd.won", { amount: chips }) });
}

// Chips that move: the bets into the pot when a street ends, the pot to its winners when the hand
// ends -- a chip drawn over the page flies from where they were to where they go (CSS transition).
// Nothing moves for a reader who asked for less motion (prefers-reduced-motion).
let feltShown = null;  // the hand and street the felt was last drawn at
function feltBefore(felt) {
  const bets = [...felt.querySelectorAll(".seat .bet")].map(b => b.getBoundingClientRect());
  const pots = $("pots").getBoundingClientRect();
  return { shown: feltShown, bets, pots };
}
function flyChips(before, hand, last, won) {
  feltShown = hand ? { number: hand.number, street: hand.street } : null;
  const was = before.shown;
  if (!was || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const over = !hand && last && last.number === was.number;
  const nextStreet = hand && hand.number === was.number && hand.street !== was.street;
  if (!over && !nextStreet) return;
  const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const pot = centre(before.pots.width ? before.pots : $("board").getBoundingClientRect());
  before.bets.forEach(r => fly(centre(r), pot, "pot", 0));
  if (over) {
    for (const seat of Object.keys(won)) {
      const box = document.querySelector(`#felt .seat[data-seat="${seat}"] .box`);
      if (box) fly(pot, centre(box.getBoundingClientRect()), "win", before.bets.length ? 250 : 0, seat);
    }
  }
}
function fly(from, to, kind, delay, seat) {
  const chip = el("span", { class: "chip-fly", "data-kind": kind, "data-to-seat": seat || null, "aria-hidden": "true",
    style: `left:${from.x}px;top:${from.y}px;transition-delay:${delay}ms` });
  document.body.append(chip);
  chip.getBoundingClientRect();  // laid out where it starts, so that the move below is a transition
  chip.style.transform = `translate(${to.x - from.x}px, ${to.y - from.y}px)`;
  const gone = () => chip.remove();
  chip.addEventListener("transitionend", gone);
  setTimeout(gone, 1500 + delay);  // a transition that never ends (a hidden tab) leaves no chip behind
}

// Chat comes as its own messages (not in the state): each line once, added at the end. On a phone
// the chat waits behind its button in the title row, which counts the lines not read yet (not the
// ones the server sends again on a connection, nor your own).
const phoneLayout = matchMedia("(max-width: 900px)");
let unread = 0;
function addChat(c, old) {
  const box = $("chat");
  box.append(el("div", {}, el("b", { text: c.name + ": " }), c.text));
  while (box.childElementCount > CHAT_KEEP) box.firstChild.remove();
  box.scrollTop = 1e9;
  const mine = state && state.you && state.you.name === c.name;
  if (!old && !mine && phoneLayout.matches && !document.body.classList.contains("chat-open")) { unread += 1; chatBadge(); }
}
function chatBadge() {
  const badge = $("chat-badge");
  badge.textContent = unread > 99 ? "99+" : String(unread);
  badge.classList.toggle("hidden", !unread);
  $("btn-chat").setAttribute("aria-label", unread ? `${t("room.side.chat")} (${t("room.chat.unread", { n: unread })})` : t("room.side.chat"));
}
function setChat(open) {
  document.body.classList.toggle("chat-open", open);
  $("btn-chat").setAttribute("aria-expanded", String(open));
  if (open) { setMenu(false); setLastHand(false); unread = 0; chatBadge(); $("chat").scrollTop = 1e9; }
}

// Sitting down where you tap (issue 37): an empty seat is a button for a reader who may sit (no seat,
// no request waiting, an open cash table, no limit stopping them). A member without a seat (busted,
// left) sits there at once with the form's buy-in; so does a newcomer whose name this browser knows;
// else the form asks for the name, its button saying the seat.
let chosenSeat = null;
function maySit() {
  const you = state.you;
  if (state.event || (you && you.seat) || (you && you.limits && you.limits.stop)) return false;
  if (state.host && (state.host.closed || state.host.closing)) return false;
  return !(you && state.host && state.host.requests.some(r => r.member === you.member));
}
function sitAt(seat) {
  chosenSeat = seat;
  render();
  if (state.you || $("join-name").value.trim()) $("join-form").requestSubmit();
  else { $("join").scrollIntoView({ block: "nearest" }); $("join-name").focus(); }
}

function renderYou(you, hand, tb) {
  const bar = $("you-bar");
  const seated = you && you.seat;
  // With "host approves players" a seat is asked for: the asker waits (no second request) or is told no.
  const asked = !seated && you && state.host && state.host.requests.some(r => r.member === you.member);
  const refused = !seated && you && !asked && state.host && state.host.refused.includes(you.member);
  const closed = state.host && (state.host.closed || state.host.closing);
  const stopped = you && you.limits && you.limits.stop;
  $("join").classList.toggle("hidden", !!seated || !!asked || !!closed || !!state.event);  // a tournament seats its players
  if (!seated) {
    // A player coming back soon after leaving must bring back their stack (the server says how much).
    const range = you && you.buy_in ? you.buy_in : { min: tb.min_buy_in, max: tb.max_buy_in };
    const box = $("join-buyin");
    if (!box.value) box.value = range.max;
    box.min = range.min; box.max = range.max;
    $("join-range").textContent = t("room.join.range", { min: range.min, max: range.max });  // said before the browser would
    $("join-btn").textContent = chosenSeat ? t("room.join.sit_at", { seat: chosenSeat }) : t(you ? "room.join.again" : "room.join.sit");
    $("join-btn").disabled = !!stopped;  // no buying in again while a limit stops you (coach.js says why)
    // Buying in again: the seat's name is already known, one click sits down.
    const name = $("join-name");
    name.required = !you; name.closest("label").classList.toggle("hidden", !!you);
    if (you) name.value = you.name;
  }
  bar.replaceChildren();
  if (seated) {
    const sittingOut = you.status === "sitting_out";
    bar.append(el("span", { class: "muted", id: "you-line", text: t("room.you.line", { name: you.name, seat: you.seat, stack: you.stack }) }));
    if (you.entry) bar.append(el("span", { class: "entry-note", id: "entry-note", text: t(you.entry.key, you.entry.params) }));
    bar.append(sittingOut ? el("button", { id: "btn-sitin", disabled: !!stopped, onclick: () => send({ type: "sit_in" }), text: t("room.you.sit_in") })
                          : el("button", { id: "btn-sitout", onclick: () => send({ type: "sit_out" }), text: t("room.you.sit_out") }));
    if (you.max_top_up > 0 && !state.event && !stopped) {
      const amt = el("input", { type: "number", id: "topup-amount", min: 1, max: you.max_top_up, value: you.max_top_up, style: "width:90px" });
      bar.append(el("label", { class: "topup", for: "topup-amount" }, t("room.you.top_up_amount") + " ", amt), el("button", { id: "btn-topup", text: t("room.you.top_up"), onclick: () => send({ type: "top_up", amount: Math.floor(+amt.value) }) }));
    }
    if (tb.straddle) {  // a standing choice, public as a live straddle is; the server says whether it is on
      const on = !!(state.seats[you.seat - 1] || {}).straddle;
      bar.append(el("button", { id: "btn-straddle", "aria-pressed": on ? "true" : "false", title: t("room.straddle.explain"),
        text: t(on ? "room.you.straddle_on" : "room.you.straddle_off"), onclick: () => send({ type: "straddle", on: on ? 0 : 1 }) }));
    }
    if (!state.event) bar.append(el("button", { id: "btn-leave", text: t("room.you.leave"), onclick: () => { if (confirm(t("room.you.leave_confirm"))) send({ type: "leave" }); } }));
    const proof = you.deal_proof;
    if (proof && hand && proof.hand === hand.number) {
      // Checked here, in this browser, once per hand: your cards against the root published before the deal.
      const key = `${hand.number}:${hand.commitment}`;
      if (proofKey !== key) { proofKey = key; proofOk = openingMatches(proof, hand.commitment, proof.size); }
      bar.append(el("span", { id: "deal-check", class: proofOk ? "muted" : "error", "data-ok": proofOk ? "1" : "0",
        text: t(proofOk ? "room.you.deal_ok" : "room.you.deal_bad") }));
    }
  } else if (asked || refused) {
    bar.append(el("span", { class: "entry-note", id: "seat-request", text: t(asked ? "room.host.ui.waiting" : "room.host.ui.refused") }));
  } else if (you) {
    bar.append(el("span", { class: "muted", text: t("room.you.no_seat", { name: you.name }) }));
  } else {
    bar.append(el("span", { class: "muted", text: t("room.you.watching", { n: state.spectators }) }));
  }
  // A learner's turn at the showdown: the question, the coach's lines (who shows first and why), two answers.
  const question = you && you.show_or_muck;
  $("show-or-muck").classList.toggle("hidden", !question);
  if (question) {
    $("show-or-muck-lines").replaceChildren(...question.lines.map(line => el("li", {}, line.text, " ", el("a", { href: line.href, target: "_blank", rel: "noopener", text: "?" }))));
    const answer = (kind) => send({ type: "act", kind, hand: question.hand, at: question.at });
    $("btn-show").onclick = () => answer("show");
    $("btn-muck").onclick = () => answer("muck");
  }
  const legal = you && you.legal;
  $("actions").classList.toggle("hidden", !legal);
  if (!legal) return;
  const at = hand.actions, num = hand.number, turn = `${num}:${at}`;
  if (asking && asking.turn !== turn) stopAsking();  // a question of a turn that is over
  const act = (kind, amount) => send(Object.assign({ type: "act", kind, hand: num, at }, amount !== undefined ? { amount } : {}));
  const behind = you.stack + ((state.seats[you.seat - 1] || {}).bet || 0);  // a raise to this much is all in
  $("btn-fold").disabled = !legal.fold;
  $("btn-fold").onclick = () => act("fold");
  $("btn-check").classList.toggle("hidden", !legal.check);
  $("btn-check").onclick = () => act("check");
  $("btn-call").classList.toggle("hidden", legal.call === null);
  // Calling all you have behind is an all-in: the button says so.
  $("btn-call").textContent = t(legal.call !== null && legal.call >= you.stack ? "room.act.call_all_in" : "room.act.call", { amount: legal.call });
  $("btn-call").onclick = () => (legal.call >= you.stack ? allInAsked($("btn-call"), turn, () => act("call")) : act("call"));
  const canRaise = legal.min_raise !== null;
  $("raise-box").classList.toggle("hidden", !canRaise);
  if (canRaise) {
    const slider = $("raise-slider"), box = $("raise-amount");
    slider.min = box.min = legal.min_raise; slider.max = box.max = legal.max_raise; slider.step = 1;
    if (box.dataset.key !== `${num}:${at}`) { box.dataset.key = `${num}:${at}`; box.value = slider.value = legal.min_raise; }
    const snap = (v) => Math.min(legal.max_raise, Math.max(legal.min_raise, Math.round(+v || legal.min_raise)));
    // The raise button says the amount it sends; opening a street it is a bet, as players say it.
    const label = () => {
      if (asking && asking.id === "btn-raise") stopAsking();  // another amount: asked again at the next tap
      $("btn-raise").textContent = t(legal.bet ? "room.act.bet_amount" : "room.act.raise_to_amount", { amount: snap(box.value) });
    };
    slider.oninput = () => { box.value = slider.value; label(); };
    box.oninput = label;
    box.onchange = () => { box.value = snap(box.value); slider.value = box.value; label(); };
    $("btn-raise").onclick = () => {
      const v = snap(box.value); box.value = v;
      if (v >= behind) allInAsked($("btn-raise"), turn, () => act("raise", v)); else act("raise", v);
    };
    label();
    $("btn-allin").textContent = t("room.act.all_in");
    $("btn-allin").onclick = () => allInAsked($("btn-allin"), turn, () => act("all_in"));
    $("presets").replaceChildren(...legal.presets.map(p => el("button", { text: p.key ? t(p.key) : p.label, "data-to": p.to, onclick: () => { box.value = slider.value = p.to; label(); } })));
  }
  showAsking();
}

// All-in asks once: the first tap says to tap again, the second -- on the same turn, within 4 s --
// sends it (a raise or call of all you have too). The menu's setting turns the question off, in this
// browser. The key A is not asked: a key is pressed on purpose at a keyboard, the question is for a
// phone's stray thumb.
let askAllIn = localStorage.getItem("pd.allin_ask") !== "0";
let asking = null;  // { id, turn, timer, text }: the button that asked, on which turn, its own words
let keyed = false;  // the click comes from the keyboard (the keydown handler below)
function allInAsked(button, turn, go) {
  if (!askAllIn || keyed) { go(); return; }
  if (asking && asking.id === button.id && asking.turn === turn) { stopAsking(); go(); return; }
  stopAsking();
  asking = { id: button.id, turn, timer: setTimeout(stopAsking, 4000), text: null };
  showAsking();
}
function showAsking() {
  if (!asking) return;
  const b = $(asking.id);
  if (!b.classList.contains("asking")) asking.text = b.textContent;
  b.classList.add("asking");
  b.textContent = t("room.allin.again");
}
function stopAsking() {
  if (!asking) return;
  clearTimeout(asking.timer);
  const b = $(asking.id);
  b.classList.remove("asking");
  if (asking.text !== null) b.textContent = asking.text;
  asking = null;
}
function allInAskButton() {
  const b = $("btn-allin-ask");
  b.textContent = t(askAllIn ? "room.allin.ask_on" : "room.allin.ask_off");
  b.setAttribute("aria-pressed", askAllIn ? "true" : "false");
}
$("btn-allin-ask").addEventListener("click", () => {
  askAllIn = !askAllIn; localStorage.setItem("pd.allin_ask", askAllIn ? "1" : "0");
  stopAsking(); allInAskButton();
});

function renderShowdown(last) {
  const body = $("showdown-body");
  if (!last) { body.textContent = t("room.side.no_hand"); return; }
  const parts = [el("div", { class: "muted", text: t("room.hand.number", { n: last.number }) })];
  const boards = last.boards && last.boards.length > 1 ? last.boards : [last.board];  // a hand run twice: both (home_rules.js)
  boards.forEach((b, k) => { if (b && b.length) parts.push(el("div", { class: "entry", "data-board": k + 1 }, el("span", { text: boards.length > 1 ? t("room.board.run", { n: k + 1 }) : t("room.sd.board") }), ...b.map(c => cardEl(c, "small")))); });
  for (const o of last.order) {
    if (o.cards) {
      const best = new Set(o.best_five || []);
      parts.push(el("div", { class: "entry", "data-seat": o.seat }, el("b", { text: nameSaid(o.name) }), ...o.cards.map(c => cardEl(c, "small " + (best.has(c) ? "best" : ""))),
        el("span", { class: "describe", text: o.describe ? o.describe[LANG] : "" })));
    } else parts.push(el("div", { class: "entry", "data-seat": o.seat }, el("b", { text: nameSaid(o.name) }), el("span", { class: "muted", text: t("room.sd.mucks") })));
  }
  for (const a of last.awards) {
    const who = a.winners.map(w => `${nameSaid(w.name)} ${fmtNum(w.chips)}`).join(t("list.separator"));
    const div = el("div", { class: "award", "data-label": a.label }, t("room.sd.award", { label: awardLabel(a, last), amount: a.amount }) + " ", el("span", { class: "winner-name", text: who }));
    if (a.explain) div.append(el("div", { class: "explain", text: a.explain[LANG] }));
    else if (a.uncontested) div.append(el("div", { class: "explain muted", text: t("room.sd.uncontested") }));
    parts.push(div);
  }
  if (last.fair) {
    const number = last.number;
    parts.push(el("div", { class: "fair muted" }, t("room.sd.proof") + " ", el("code", { text: last.fair.root.slice(0, 16) + "…" }), " · ",
      el("a", { href: `/verify?table=${encodeURIComponent(tableId)}&hand=${number}`, text: t("room.sd.check_it") }), " · ",
      el("a", { href: `/api/tables/${tableId}/hands/${number}/phh`, text: "PHH" }),
      token ? " · " : null,
      token ? el("a", { href: "#", id: "dl-mine", text: t("room.sd.download_mine"),
        onclick: (ev) => { ev.preventDefault(); downloadMine(tableId, number, token).catch(e => showError(e.message)); } }) : null));
  }
  body.replaceChildren(...parts);
}

// The action clock, ten times a second: the bar moves by whole percents and the seconds once a
// second, so most ticks write nothing (each write is the browser's style, layout and paint again).
setInterval(() => {
  const fill = document.getElementById("clock-fill");
  if (!fill || clockLeft === null || !state) return;
  const left = Math.max(0, clockLeft - (performance.now() - clockAt) / 1000);
  const bank = (state.hand && state.hand.bank_seconds) || 0;  // the last `bank` seconds left are the time bank's
  const width = (node, share) => { const w = `${Math.ceil(100 * share)}%`; if (node.style.width !== w) node.style.width = w; };
  width(fill, Math.max(0, left - bank) / state.table.clock);
  const bankBar = document.getElementById("bank-bar");
  if (bankBar && bank) {
    width(bankBar.firstChild, Math.min(left, bank) / bank);
    const title = t("room.clock.bank", { n: Math.ceil(left) });
    if (bankBar.title !== title) bankBar.title = title;
  }
  const secs = document.getElementById("clock-secs");
  if (secs) { putText(secs, t("room.clock.seconds", { n: Math.ceil(left) })); secs.classList.toggle("low", left < 5); }
}, 100);

// Animations: a card is dealt, a bet or pot grows only when it is new (render() redraws everything).
const seenCards = new Set(), amounts = {};
let seenHand = null;
function dealt(node, key) {
  // A new hand forgets the cards seen; the end of a hand keeps them (no second deal on the showdown).
  const hand = state && state.hand ? state.hand.number : seenHand;
  if (hand !== seenHand) { seenHand = hand; seenCards.clear(); }
  if (!seenCards.has(key)) { seenCards.add(key); node.classList.add("deal"); }
  return node;
}
function moved(node, key, amount) {
  if (amounts[key] !== amount) { amounts[key] = amount; node.classList.add("bump"); }
  return node;
}

// Sounds: sounds.js (sounds() at each state drawn, soundButton() in the menu).

// The title row on a phone (app.css): the menu opens under it, the last hand's story over the page.
function setMenu(open) {
  $("top").classList.toggle("open", open);
  $("btn-menu").setAttribute("aria-expanded", String(open));
}
function setLastHand(open) {
  document.body.classList.toggle("last-open", open);
  $("btn-last").setAttribute("aria-expanded", String(open));
  if (open) { setMenu(false); if (document.body.classList.contains("chat-open")) setChat(false); $("last-hand").scrollTop = 0; }
}
$("btn-menu").addEventListener("click", () => setMenu(!$("top").classList.contains("open")));
$("menu").addEventListener("click", (ev) => { if (ev.target.closest("button, a")) setMenu(false); });
$("btn-last").addEventListener("click", () => setLastHand(!document.body.classList.contains("last-open")));
$("last-close").addEventListener("click", () => setLastHand(false));
$("btn-chat").addEventListener("click", () => setChat(!document.body.classList.contains("chat-open")));
$("chat-close").addEventListener("click", () => setChat(false));
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { setMenu(false); setLastHand(false); setChat(false); } });

// The invitation: a tournament table's is the tournament's page (its seats are drawn there); never the
// host's link (the address bar holds that one).
const inviteLink = () => (state && state.event ? `${location.origin}/e/${state.event.id}` : `${location.origin}/t/${tableId}`);
// A click before the page's words arrive (a slow phone) says it in words once they are here, not as keys.
async function copyInvite() {
  const link = inviteLink();
  try { await navigator.clipboard.writeText(link); await WORDS_IN; showNote(t("room.invite.copied")); return true; }
  catch (e) { await WORDS_IN; prompt(t("room.invite.copy"), link); return false; }
}
$("btn-invite").addEventListener("click", copyInvite);
// Just created here (lobby.js says so for this tab): the banner asks the host to share the invite, with
// the phone's own share sheet where it has one, else by copying it; until it is shared or closed.
const createdKey = "pd.created";
function shareBanner() {
  const shown = sessionStorage.getItem(createdKey) === tableId;
  $("share-banner").classList.toggle("hidden", !shown);
  $("share-go").textContent = t(navigator.share ? "room.share.share" : "room.invite.copy");
}
function shareDone() { sessionStorage.removeItem(createdKey); shareBanner(); }
$("share-close").addEventListener("click", shareDone);
$("share-go").addEventListener("click", async () => {
  if (!navigator.share) { if (await copyInvite()) shareDone(); return; }
  try {
    await navigator.share({ title: document.title, text: t("room.share.text", { name: state ? tableName(state.table.name) : "" }), url: inviteLink() });
    shareDone();
  } catch (e) { if (e && e.name !== "AbortError" && await copyInvite()) shareDone(); }  // closed the sheet: the banner stays
});

// Keyboard: F fold, C check or call, R raise, A all-in, arrows move the raise slider (not while typing).
document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = (ev.target.tagName || "").toLowerCase();
  if (tag === "input" && ev.target.type !== "range" || tag === "textarea" || tag === "select") return;
  if ($("actions").classList.contains("hidden")) return;
  const click = (id) => {
    const b = $(id);
    if (!b || b.disabled || b.classList.contains("hidden") || b.closest(".hidden")) return false;
    keyed = true;
    try { b.click(); } finally { keyed = false; }
    return true;
  };
  const k = ev.key.toLowerCase();
  if (k === "f") click("btn-fold");
  else if (k === "c") click("btn-check") || click("btn-call");
  else if (k === "r") click("btn-raise");
  else if (k === "a") click("btn-allin");
  else if (ev.key.startsWith("Arrow") && ev.target.type !== "range") {
    const slider = $("raise-slider"), box = $("raise-amount");
    if ($("raise-box").classList.contains("hidden")) return;
    const step = Math.max(1, state.table.blinds[1]) * (ev.key === "ArrowUp" || ev.key === "ArrowRight" ? 1 : -1);
    slider.value = Math.min(+slider.max, Math.max(+slider.min, +slider.value + step));
    slider.dispatchEvent(new Event("input"));
    ev.preventDefault();
  } else return;
});
// Each action button says its key on hover.
function keyTitles() { for (const b of document.querySelectorAll("#actions button[data-key]")) b.title = t("room.act.key", { key: b.dataset.key }); }

sendOnce($("join-form"), async () => {  // a second tap while the first is on its way would seat "Ann 2"
  $("join-error").textContent = "";
  const amount = Math.floor(+$("join-buyin").value) || undefined;
  const seat = chosenSeat || undefined;
  chosenSeat = null;  // one try: a seat taken meanwhile is said, and the next tap chooses again
  if (state && state.you) { send({ type: "sit", amount: amount || (state.you.buy_in ? state.you.buy_in.max : state.table.max_buy_in), seat }); return; }
  try {
    // The host's own page sends the host token: the host's seat is never held for approval.
    const host = hostPanel.token ? { "X-Host-Token": hostPanel.token } : undefined;
    const res = await api(`/api/tables/${tableId}/join`, { name: $("join-name").value, buy_in: amount, seat, person: personKey() }, host);
    token = res.token;
    localStorage.setItem(tokenKey, token);
    localStorage.setItem("pd.name", $("join-name").value.trim());  // a tap on a seat sits you at the next table
    const mine = JSON.parse(localStorage.getItem("pd.tables") || "[]");
    if (!mine.some(t => t.id === tableId)) { mine.unshift({ id: tableId, name: state ? state.table.name : tableId }); localStorage.setItem("pd.tables", JSON.stringify(mine.slice(0, 20))); }
    if (ws) { ws.onclose = null; ws.close(); }
    connect();
  } catch (e) { $("join-error").textContent = e.message; render(); }
});
if (!$("join-name").value) $("join-name").value = localStorage.getItem("pd.name") || "";
$("chat-form").addEventListener("submit", (ev) => { ev.preventDefault(); const v = $("chat-input").value.trim(); if (v) send({ type: "chat", text: v.slice(0, 200) }); $("chat-input").value = ""; });
// Words first: the reader's (common.js loadWords): the language chosen here, else the one the lobby
// was read in (its links say it: ?lang=), else the browser's; the table's only for a browser that
// reads none of the room's languages (the host's language is no invitee's).
const linkLang = new URLSearchParams(location.search).get("lang");
api(`/api/tables/${tableId}`).catch(() => ({})).then(info => loadWords(info.lang, linkLang)).then(() => {
  langMenu("lang-slot", () => { setMenu(false); showConn(); soundButton(); allInAskButton(); chatBadge(); shareBanner(); keyTitles(); avatarPick.button(); render(); hostPanel.render(); whyBot.render(); }, restated);
  showConn(); soundButton(); allInAskButton(); keyTitles(); shareBanner(); avatarPick.button();
  hostPanel.refresh();
  movedNotice();  // event_strip.js
  connect();
});
