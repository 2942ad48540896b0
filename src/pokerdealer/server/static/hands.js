// The hand list and the replayer: only what was shown at the table is shown here.
const tableId = location.pathname.split("/")[2];
let detail = null, step = 0;
const $ = (id) => document.getElementById(id);
$("back").href = `/t/${tableId}`;

async function loadList() {
  const hands = await api(`/api/tables/${tableId}/hands`);
  $("hand-list").tBodies[0].replaceChildren(...hands.map(h => el("tr", {},
    // The hand open already opens again from its first step (the address's hash does not change).
    el("td", {}, el("a", { href: `#${h.number}`, "data-hand": h.number, text: `#${h.number}`,
      onclick: (ev) => { if (location.hash === `#${h.number}`) { ev.preventDefault(); open(h.number); } } })),
    el("td", { text: t("room.hands.pot", { amount: h.pot }) }), el("td", { text: h.winners.map(w => botNameSaid(h.bots, w)).join(t("list.separator")) }))));
  if (!hands.length) $("hand-list").tBodies[0].replaceChildren(el("tr", {}, el("td", { class: "muted", text: t("room.hands.none") })));
}
async function open(n) {
  detail = await api(`/api/tables/${tableId}/hands/${n}`);
  step = 0;
  detail.number = n;
  titles();
  const base = `/api/tables/${tableId}/hands/${n}`;
  $("downloads").replaceChildren(el("a", { href: `${base}/phh`, id: "dl-phh", text: t("room.hands.download_phh") }), " · ",
    el("a", { href: `${base}/pokerstars`, id: "dl-ps", text: t("room.hands.download_ps") }), " · ",
    el("a", { href: `/verify?table=${encodeURIComponent(tableId)}&hand=${n}`, text: t("room.hands.check_deck") }), " · ",
    el("a", { href: `/review?table=${encodeURIComponent(tableId)}&hand=${n}`, id: "dl-review", text: t("room.hands.review") }));
  const token = localStorage.getItem(`pd.seat.${tableId}`);
  if (token) {
    const own = (fn) => (ev) => { ev.preventDefault(); fn().catch(e => { $("dl-error").textContent = e.message; }); };
    $("downloads").append(" · ", el("a", { href: "#", id: "dl-mine", text: t("room.hands.download_mine"), onclick: own(() => downloadMine(tableId, n, token)) }),
      " · ", el("a", { href: "#", id: "dl-my-phh", text: t("room.hands.my_phh"), onclick: own(() => downloadMyPhh(tableId, n, token)) }),
      " · ", el("a", { href: "#", id: "dl-ps-mine", text: t("room.hands.my_ps"),
      onclick: own(() => downloadOwn(`${base}/pokerstars`, token, `${tableId}-${n}-mine.txt`)) }),
      " ", el("span", { id: "dl-error", class: "error" }));
  }
  draw();
  // On a phone the list is under the replayer: a hand picked there opens above the screen. The felt
  // and its controls are brought into view together (they fit in one screen, app.css).
  const felt = $("felt").getBoundingClientRect(), seen = document.documentElement.clientHeight;
  if (felt.top < 0 || felt.bottom > seen) $("replayer").scrollIntoView({ block: "start" });
}
// A name as this reader says it: a bot the room named in the reader's language (detail.bots, common.js).
function nameSaid(name) { return botNameSaid(detail && detail.bots, name); }
// A step's words with its players' names said as this reader says them (the log line's name, an award's names).
function stepSaid(said) {
  const params = { ...said.params };
  if (typeof params.name === "string") params.name = nameSaid(params.name);
  if (Array.isArray(params.names)) params.names = params.names.map(nameSaid);
  return params;
}
function draw() {
  if (!detail) return;
  const f = detail.frames[step];
  const n = f.seats.length;
  const felt = $("felt");
  // The last step is the result: its winners' seats marked, the cards of their best five raised (the
  // others dimmed), and why each pot went where it did, in the evaluator's words, under the step.
  const end = step === detail.frames.length - 1 ? detail.summary : null;
  const winners = new Set(), best = new Set();
  if (end) {
    end.awards.forEach(a => a.winners.forEach(w => winners.add(w.seat)));
    end.order.forEach(o => { if (winners.has(o.seat)) (o.best_five || []).forEach(c => best.add(c)); });
  }
  const marked = (c) => cardEl(c, best.size ? (best.has(c) ? "best" : "dim") : "");
  felt.querySelectorAll(".seat").forEach(x => x.remove());
  const slots = feltSlots(n);  // felt.js: as at the table, the first seat at the bottom
  felt.dataset.ring = n >= 7 ? "big" : "small";
  f.seats.forEach((s, k) => {
    const node = el("div", Object.assign({ class: "seat" + (s.folded ? " folded" : "") + (f.actor === s.seat ? " actor" : "") + (winners.has(s.seat) ? " winner" : ""), "data-seat": s.seat }, seatPlace(slots[k])));
    const cards = el("div", { class: "cards" }, ...(s.cards ? s.cards.map(c => winners.has(s.seat) ? marked(c) : cardEl(c)) : (s.folded ? [] : [cardEl(null), cardEl(null)])));
    node.append(el("div", { class: "box" }, cards, el("div", { class: "name", text: nameSaid(s.name) }), el("div", { class: "stack", text: fmtNum(s.stack) }),
      el("div", { class: "last", text: s.bet ? t("room.hands.bet", { amount: s.bet }) : "" })));
    felt.append(node);
  });
  $("board").replaceChildren(...f.board.map(marked));
  // A hand run twice: both boards, each marked with its run (app.css .two-boards).
  const two = !!f.board2;
  $("board").closest(".center").classList.toggle("two-boards", two);
  $("board").dataset.run = two ? t("room.board.run", { n: 1 }) : "";
  $("board2").dataset.run = two ? t("room.board.run", { n: 2 }) : "";
  $("board2").classList.toggle("hidden", !two);
  $("board2").replaceChildren(...(f.board2 || []).map(c => cardEl(c)));
  $("pots").replaceChildren(...f.pots.map((p, i) => el("span", { class: p.label === "unmatched" ? "pot unmatched" : "pot", text: t("room.pot.line", { label: potLabel(p.label, nameSaid(p.name)), amount: p.amount }) })));
  const why = end ? [...new Set(end.awards.map(a => a.explain ? a.explain[LANG] : a.uncontested ? t("room.sd.uncontested") : null).filter(Boolean))] : [];
  $("step-text").replaceChildren(f.said ? saidNode(f.said.key, stepSaid(f.said)) : f.text, ...why.map(text => el("div", { class: "explain", text })));
  $("step-no").textContent = t("room.hands.step", { i: step + 1, n: detail.frames.length });
  const s = detail.summary;
  const out = [];
  if (step === detail.frames.length - 1 && s) {
    for (const o of s.order) if (o.cards) out.push(el("div", { class: "entry" }, el("b", { text: nameSaid(o.name) }), ...o.cards.map(c => cardEl(c, "small")), el("span", { text: o.describe ? o.describe[LANG] : "" })));
    for (const a of s.awards) {
      const label = s.boards && s.boards.length > 1 ? t("room.pot.run", { label: potLabel(a.label), n: a.run + 1 }) : potLabel(a.label);
      const d = el("div", { class: "award" }, t("room.sd.award", { label, amount: a.amount }) + " ",
        el("span", { class: "winner-name", text: a.winners.map(w => `${nameSaid(w.name)} ${fmtNum(w.chips)}`).join(t("list.separator")) }));
      if (a.explain) d.append(el("div", { class: "explain", text: a.explain[LANG] }));
      else if (a.uncontested) d.append(el("div", { class: "explain muted", text: t("room.sd.uncontested") }));
      out.push(d);
    }
  }
  $("rp-summary").replaceChildren(...out);
}
// /replay: the same replayer opens a file you upload (PHH, or a poker site's hand history).
// A hand history file's text, as the site saved it: UTF-16 (a byte-order mark), UTF-8, or else Windows-1252.
async function fileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (e) { return new TextDecoder("windows-1252").decode(bytes); }
}
async function openFile(file) {
  $("dl-error").textContent = "";
  const res = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "text/plain" }, body: await fileText(file) });
  const d = await res.json().catch(() => ({}));
  if (!res.ok) { $("dl-error").textContent = said(d) || res.statusText; return; }  // in the page's language
  detail = d;
  step = 0;
  fileTitle = { params: { table: tableName(d.table), n: d.number }, hands: d.hands };
  titles();
  draw();
}
$("first").onclick = () => { step = 0; draw(); };
$("prev").onclick = () => { step = Math.max(0, step - 1); draw(); };
$("next").onclick = () => { if (detail) { step = Math.min(detail.frames.length - 1, step + 1); draw(); } };
$("last").onclick = () => { if (detail) { step = detail.frames.length - 1; draw(); } };
// The page's titles in the current language: the table's histories, or /replay (a file you open).
const replaying = location.pathname === "/replay";
let fileTitle = null;
function titles() {
  if (replaying) {
    $("title").textContent = t("room.replay.title");
    $("back").href = "/";
    $("back").textContent = t("room.nav.lobby");
  }
  if (fileTitle) $("rp-title").textContent = t("room.hands.title", fileTitle.params) + (fileTitle.hands > 1 ? t("room.replay.first_of", { n: fileTitle.hands }) : "");
  else if (detail) $("rp-title").textContent = t("room.hands.title", { table: tableName(detail.table), n: detail.number });
  else $("rp-title").textContent = t(replaying ? "room.replay.pick" : "room.hands.pick");
}
// The replayer's file picker in the page's words: the button, and the file picked or none.
function filePicker() {
  const input = $("upload");
  if (!input) return;
  $("upload-choose").textContent = t("room.replay.choose");
  $("upload-name").textContent = input.files[0] ? input.files[0].name : t("room.replay.no_file");
}
loadWords().then(() => {
  titles();
  langMenu("lang-slot", () => { titles(); filePicker(); if (!replaying) loadList(); draw(); });
  if (replaying) {
    // Chromium's own file input says "Choose File / No file chosen" in the browser's language, not the page's:
    // it hides inside a label that speaks the page's words and names the file picked.
    const input = el("input", { type: "file", id: "upload", class: "file-input", accept: ".phh,.phhs,.txt,.xml,text/plain" });
    input.onchange = () => {
      filePicker();
      if (input.files[0]) openFile(input.files[0]).catch(e => { $("dl-error").textContent = e.message; });
    };
    const picker = el("label", { class: "file-pick", for: "upload" }, input,
      el("span", { class: "file-button", id: "upload-choose" }), el("span", { class: "muted file-name", id: "upload-name" }));
    $("hand-list").closest("section").replaceChildren(el("h3", { text: t("room.replay.file") }), picker, el("div", { id: "dl-error", class: "error" }));
    filePicker();
    return;
  }
  window.addEventListener("hashchange", () => open(+location.hash.slice(1)));
  return loadList().then(() => { if (location.hash) open(+location.hash.slice(1)); });
});
