// A seat's picture (issue 37, the look): the emoji its player picked, else the name's initials on a colour
// the name decides -- the same in every browser, so that a player is known by it at a glance.
// The pick is the server's (server/avatar.py: checked against the same list, public, kept in the table's
// log); this browser remembers it (pd.avatar) and brings it to each cash table it sits at. A tournament's
// tables draw the initials and offer no pick (server/event_table.py refuses it: its players move).
//
// avatarEl("Ann Lee", null) -> <span class="avatar" style="--av:hsl(...)">AL</span>

// The pictures offered, in server/avatar.py's AVATARS order (tests/server/test_avatar.py keeps them one list).
const AVATARS = ["🐶", "🐱", "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐸", "🐵", "🐧", "🦉",
  "🐙", "🦄", "🐲", "🦈", "🍀", "🌵", "🍒", "🎩", "🎲", "🚀", "🔥", "👑"];

// A name's hue: FNV-1a over its UTF-16 units, so that every reader draws one name in one colour.
function avatarHue(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) { h ^= name.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h % 360;
}
// The first letter (a whole grapheme: an emoji, a letter with its accent) of a word, as a capital.
function firstLetter(word) {
  const seg = typeof Intl.Segmenter === "function" ? new Intl.Segmenter().segment(word)[Symbol.iterator]().next().value.segment : [...word][0];
  return seg.toLocaleUpperCase();
}
// Initials: the first letters of the first and last words ("Ann Lee" AL, "TightBot 2" T2, "稳健机器人" 稳).
function initials(name) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  return words.length === 1 ? firstLetter(words[0]) : firstLetter(words[0]) + firstLetter(words[words.length - 1]);
}
function avatarEl(name, emoji) {
  if (emoji) return el("span", { class: "avatar emoji", "aria-hidden": "true", text: emoji });
  const text = initials(name);
  return el("span", { class: [...text].length > 1 ? "avatar two" : "avatar", "aria-hidden": "true",
    style: `--av:hsl(${avatarHue(name)} 52% 36%)`, text });
}

// The picker: the menu's "Avatar" opens it; your initials or one of the pictures, each a 44 px button.
const avatarPick = {
  store: "pd.avatar",  // "" : the initials; an emoji; absent: never picked in this browser
  synced: null,      // the member and pick last sent, so that one state sends it once
  picked() { const v = localStorage.getItem(this.store); return v === null ? null : v; },
  button() {
    let b = document.getElementById("btn-avatar");
    if (!b) {  // in the menu, after the sound's button
      b = el("button", { type: "button", id: "btn-avatar", "aria-haspopup": "dialog", onclick: () => this.open() });
      document.getElementById("btn-sound").after(b);
    }
    b.textContent = t("room.avatar.choose");
    const box = document.getElementById("avatar-picker");
    if (box) this.fill(box);
  },
  open() {
    let box = document.getElementById("avatar-picker");
    if (!box) {
      box = el("div", { class: "avatar-picker panel", id: "avatar-picker", role: "dialog", "aria-modal": "true" });
      document.body.append(box);
    }
    this.fill(box);
    box.classList.remove("hidden");
    const first = box.querySelector("[aria-pressed=true]") || box.querySelector(".avatar-choice");
    if (first) first.focus();
  },
  close() { const box = document.getElementById("avatar-picker"); if (box) box.classList.add("hidden"); },
  fill(box) {
    const you = typeof state !== "undefined" && state && state.you;
    const name = (you && you.name) || document.getElementById("join-name").value.trim() || "?";
    const now = this.current();
    const choice = (emoji, label) => el("button", { type: "button", class: "avatar-choice", "data-avatar": emoji,
      "aria-pressed": now === emoji ? "true" : "false", "aria-label": label, title: label, onclick: () => this.choose(emoji) },
      avatarEl(name, emoji || null));
    box.setAttribute("aria-label", t("room.avatar.title"));
    box.replaceChildren(
      el("div", { class: "avatar-head" }, el("h3", { text: t("room.avatar.title") }),
        el("button", { type: "button", class: "avatar-close", "aria-label": t("room.nav.close"), title: t("room.nav.close"), text: "×", onclick: () => this.close() })),
      el("div", { class: "avatar-grid" }, choice("", t("room.avatar.initials")), ...AVATARS.map(e => choice(e, e))));
  },
  // Your avatar now: your seat's (the server's word), else this browser's pick.
  current() {
    const you = typeof state !== "undefined" && state && state.you;
    const row = you && you.seat ? state.seats[you.seat - 1] : null;
    return row ? row.avatar || "" : this.picked() || "";
  },
  choose(emoji) {
    localStorage.setItem(this.store, emoji);
    this.synced = null;
    this.close();
    this.onState();
  },
  // A member whose seat shows another picture than this browser's pick is sent it, once.
  onState() {
    const you = typeof state !== "undefined" && state && state.you;
    const pick = this.picked();
    const b = document.getElementById("btn-avatar");
    if (b) b.classList.toggle("hidden", !!state.event);
    if (!you || !you.seat || pick === null || state.event) return;
    const row = state.seats[you.seat - 1];
    const key = `${you.member}:${pick}`;
    if (!row || (row.avatar || "") === pick || this.synced === key) return;
    this.synced = key;
    send({ type: "avatar", emoji: pick || null });
  },
};
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") avatarPick.close(); });
