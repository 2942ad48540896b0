// Shared helpers. User text is only ever put in the page with textContent (never innerHTML).
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const LANG_NAMES = { "en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文" };
// The room's words come from the server's message catalogs (/api/i18n): t(key, params) fills one in.
let LANG = "en", WORDS = {};
// Settles when the page's words first arrive: a form sent sooner waits for them (its defaults are words).
let wordsArrived;
const WORDS_IN = new Promise((resolve) => { wordsArrived = resolve; });
const fmtNum = (n) => new Intl.NumberFormat(LANG).format(n);
// Params that are chips are written in the language's way (1,000); hand and seat numbers stay as they are.
const CHIP_FIELDS = new Set(["amount", "stack", "chips", "low", "high", "most", "limit", "buy_in", "floor", "small", "big"]);
function t(key, params) {
  const text = WORDS[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    let v = params ? params[name] : undefined;
    if (Array.isArray(v)) v = v.map(x => (x && x.key ? t(x.key, x.params) : String(x))).join(t("list.separator"));
    else if (v && typeof v === "object" && v.key) v = t(v.key, v.params);
    else if (typeof v === "number" && CHIP_FIELDS.has(name)) v = fmtNum(v);
    return v === undefined || v === null ? whole : String(v);
  });
}
// Words with cards in them (a show: "shows K♠ K♦"): the catalog's words, the cards drawn as cards.
function saidNode(key, params) {
  const found = [];
  const mark = (p) => Object.fromEntries(Object.entries(p || {}).map(([k, v]) => [k,
    k === "cards" && typeof v === "string" ? (found.push(v), "\u0001") : v && v.key ? { key: v.key, params: mark(v.params) } : v]));
  const parts = t(key, mark(params)).split("\u0001");
  const node = el("span", {}, parts[0]);
  parts.slice(1).forEach((text, i) => node.append(...found[i].split(/\s+/).filter(Boolean).map(c => cardEl(c, "inline")), text));
  return node;
}
// A player's name as this reader says it: a bot the room named (`bots`, the state's or a hand's: its kind
// and number by the name it sat with) in the reader's own language -- "LooseBot 2" to an English reader
// at a zh-Hans table, whose log says 爱玩机器人 2 -- anyone else's as it is.
function botNameSaid(bots, name) { return botSaid(bots ? bots[name] : null, name); }
// The same for one name and its bot (its kind and number; none: a person, said as named).
function botSaid(bot, name) {
  if (!bot) return name;
  const base = t(`room.bot.name.${bot.kind}`);
  return bot.n === null ? base : t("room.bot.name.numbered", { name: base, n: bot.n });
}
// A table's name as this reader reads it: a name that is a catalog key under room.table.name. (the
// demo table's, stored as its key: words.TABLE_NAME_KEYS) in the page's language, any other as typed.
const tableName = (name) => (typeof name === "string" && name.startsWith("room.table.name.") && WORDS[name] !== undefined ? t(name) : name);
// A server message in words: its key in the page's language, else the text it came with.
const said = (msg) => (msg.key && WORDS[msg.key] !== undefined ? t(msg.key, msg.params) : msg.message || msg.detail || "");
// Fill the page's marked elements: data-i18n (text), data-i18n-placeholder, data-i18n-title, data-i18n-aria-label.
function applyWords(root) {
  for (const n of (root || document).querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
  for (const attr of ["placeholder", "title", "aria-label"]) {
    for (const n of (root || document).querySelectorAll(`[data-i18n-${attr}]`)) n.setAttribute(attr, t(n.getAttribute(`data-i18n-${attr}`)));
  }
}
// The reader's language: the one chosen in this browser, else the one the link says (`linked`: a
// lobby's link carries the language it was read in), else the browser's (the server's pick from
// Accept-Language), else `fallback` (a table's language, for a browser that reads none of ours),
// else English. A host's language is no invitee's: it is only the last fallback.
// Loads its words and fills the page.
async function loadWords(fallback, linked) {
  return useWords(await fetchWords(fallback, linked));
}
async function fetchWords(fallback, linked) {
  const want = localStorage.getItem("pd.lang") || linked || "";
  const query = new URLSearchParams();
  if (want) query.set("lang", want);
  if (fallback) query.set("default", fallback);
  const res = await fetch("/api/i18n" + (String(query) ? `?${query}` : ""));
  return res.json();
}
function useWords(data) {
  LANG = data.lang; WORDS = data.messages;
  document.documentElement.lang = LANG;
  applyWords(document);
  document.documentElement.dataset.words = LANG;  // the page is in its words (tests wait for this, not a time)
  wordsArrived(LANG);
  return LANG;
}
// A pot's label from the server's "pot", "main", "side N", or "unmatched" (the part of an open bet
// nobody has matched yet: its bettor's, named by `name`, not a side pot).
const potLabel = (label, name) => label === "pot" ? t("room.pot.single") : label === "main" ? t("room.pot.main")
  : label === "unmatched" ? t("room.pot.unmatched", { name }) : t("room.pot.side", { n: +label.split(" ")[1] });
// The beginners' details the citations number ("beginners' detail 3"): rules.details.1, 2, .. of the
// catalog, as the items of `list` (an <ol>), each with its anchor (#detail-3).
function detailsList(list) {
  const items = [];
  for (let n = 1; WORDS[`rules.details.${n}`] !== undefined; n++) items.push(el("li", { id: `detail-${n}`, text: t(`rules.details.${n}`) }));
  list.replaceChildren(...items);
}
// The language menu; a choice is remembered and the page redrawn by `redraw`. A page the server
// also says words to in the reader's language (the table's state: the hand's strength, the coach)
// gives `theirs(lang)`: it asks for them and resolves once they came; the page's words are put in
// with them, in one redraw -- never a frame with the two languages side by side.
function langMenu(slot, redraw, theirs) {
  const sel = el("select", { id: "lang", "aria-label": t("room.lang") });
  for (const [k, v] of Object.entries(LANG_NAMES)) sel.append(el("option", { value: k, text: v, selected: k === LANG }));
  sel.addEventListener("change", async () => {
    localStorage.setItem("pd.lang", sel.value);
    const [data] = await Promise.all([fetchWords(), theirs ? theirs(sel.value) : null]);
    useWords(data);
    sel.setAttribute("aria-label", t("room.lang"));
    if (redraw) redraw(LANG);
  });
  (typeof slot === "string" ? document.getElementById(slot) : slot).replaceChildren(sel);
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
// A form sent once at a time: a second tap while the first is on its way sends nothing (an impatient
// thumb made two tables). `send(ev)` returns LEFT once it has sent the browser on to another page
// (the form stays sent while it goes); after anything else, a failure said, the form may be sent again.
const LEFT = Symbol("left");
function sendOnce(form, send) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    let went = null;
    try { went = await send(ev); } finally { if (went !== LEFT) delete form.dataset.sending; }
  });
}
// A node's text, written only when it changes: each write makes the browser style, lay out and
// paint again (a clock ticking four or ten times a second wrote the same text most times).
function putText(node, text) { if (node.textContent !== text) node.textContent = text; }
function cardEl(code, extra) {
  if (!code) return el("span", { class: "card back " + (extra || ""), "data-card": "back" });
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  return el("span", { class: `card ${suit === "h" || suit === "d" ? "red" : ""} ${extra || ""}`, "data-card": code, title: code },
    el("span", { class: "r", text: rank }), el("span", { class: "s", text: SUITS[suit] || "?" }));
}
// GET `path`, or POST `body` as JSON; `headers` for a secret the server asks for (X-Host-Token).
async function api(path, body, headers) {
  const init = { headers: Object.assign({}, headers || {}) };
  if (body !== undefined) { init.method = "POST"; init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    let msg = data.detail;
    if (data.key && WORDS[data.key] !== undefined) msg = t(data.key, data.params);
    else if (Array.isArray(msg)) msg = msg.map(d => `${(d.loc || []).slice(-1)[0]}: ${d.msg}`).join("; ");
    throw Object.assign(new Error(msg || res.statusText), { status: res.status });  // the status: a caller may give up on a 403
  }
  return data;
}
