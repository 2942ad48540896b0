// The hand list and the replayer: only what was shown at the table is shown here.
const tableId = location.pathname.split("/")[2];
let lang = localStorage.getItem("pd.lang") || "en";
let detail = null, step = 0;
const $ = (id) => document.getElementById(id);
$("back").href = `/t/${tableId}`;
$("lang-slot").replaceChildren(langSelect(lang, (l) => { lang = l; localStorage.setItem("pd.lang", l); draw(); }));

async function loadList() {
  const hands = await api(`/api/tables/${tableId}/hands`);
  $("hand-list").tBodies[0].replaceChildren(...hands.map(h => el("tr", {},
    el("td", {}, el("a", { href: `#${h.number}`, "data-hand": h.number, text: `#${h.number}` })),
    el("td", { text: `pot ${h.pot}` }), el("td", { text: h.winners.join(", ") }))));
  if (!hands.length) $("hand-list").tBodies[0].replaceChildren(el("tr", {}, el("td", { class: "muted", text: "No finished hands yet." })));
}
async function open(n) {
  detail = await api(`/api/tables/${tableId}/hands/${n}`);
  step = 0;
  $("rp-title").textContent = `${detail.table} · hand #${n}`;
  const base = `/api/tables/${tableId}/hands/${n}`;
  $("downloads").replaceChildren(el("a", { href: `${base}/phh`, id: "dl-phh", text: "Download PHH" }), " · ",
    el("a", { href: `${base}/pokerstars`, id: "dl-ps", text: "Download PokerStars text" }), " · ",
    el("a", { href: `/verify?table=${encodeURIComponent(tableId)}&hand=${n}`, text: "Check the deck" }));
  const token = localStorage.getItem(`pd.seat.${tableId}`);
  if (token) {
    const own = (fn) => (ev) => { ev.preventDefault(); fn().catch(e => { $("dl-error").textContent = e.message; }); };
    $("downloads").append(" · ", el("a", { href: "#", id: "dl-mine", text: "Download my proof", onclick: own(() => downloadMine(tableId, n, token)) }),
      " · ", el("a", { href: "#", id: "dl-my-phh", text: "My PHH (with my cards)", onclick: own(() => downloadMyPhh(tableId, n, token)) }),
      " · ", el("a", { href: "#", id: "dl-ps-mine", text: "My PokerStars text",
      onclick: own(() => downloadOwn(`${base}/pokerstars`, token, `${tableId}-${n}-mine.txt`)) }),
      " ", el("span", { id: "dl-error", class: "error" }));
  }
  draw();
}
function draw() {
  if (!detail) return;
  const f = detail.frames[step];
  const n = f.seats.length;
  const felt = $("felt");
  felt.querySelectorAll(".seat").forEach(x => x.remove());
  f.seats.forEach((s, k) => {
    const a = Math.PI / 2 + (2 * Math.PI * k) / n;
    const node = el("div", { class: "seat" + (s.folded ? " folded" : "") + (f.actor === s.seat ? " actor" : ""), style: `left:${50 + 50 * Math.cos(a)}%;top:${50 + 50 * Math.sin(a)}%` });
    const cards = el("div", { class: "cards" }, ...(s.cards ? s.cards.map(c => cardEl(c)) : (s.folded ? [] : [cardEl(null), cardEl(null)])));
    node.append(el("div", { class: "box" }, cards, el("div", { class: "name", text: s.name }), el("div", { class: "stack", text: `${s.stack}` }),
      el("div", { class: "last", text: s.bet ? `bet ${s.bet}` : "" })));
    felt.append(node);
  });
  $("board").replaceChildren(...f.board.map(c => cardEl(c)));
  $("pots").replaceChildren(...f.pots.map((p, i) => el("span", { class: "pot", text: `${f.pots.length === 1 ? "Pot" : i ? "Side pot " + i : "Main pot"}: ${p.amount}` })));
  $("step-text").textContent = f.text;
  $("step-no").textContent = `${step + 1} / ${detail.frames.length}`;
  const s = detail.summary;
  const out = [];
  if (step === detail.frames.length - 1 && s) {
    for (const o of s.order) if (o.cards) out.push(el("div", { class: "entry" }, el("b", { text: o.name }), ...o.cards.map(c => cardEl(c, "small")), el("span", { text: o.describe ? o.describe[lang] : "" })));
    for (const a of s.awards) {
      const d = el("div", { class: "award" }, `${a.label} ${a.amount}: `, el("span", { class: "winner-name", text: a.winners.map(w => `${w.name} ${w.chips}`).join(", ") }));
      if (a.explain) d.append(el("div", { class: "explain", text: a.explain[lang] }));
      out.push(d);
    }
  }
  $("rp-summary").replaceChildren(...out);
}
// /replay: the same replayer opens a file you upload (PHH or PokerStars text).
async function openFile(file) {
  $("dl-error").textContent = "";
  const res = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "text/plain" }, body: await file.text() });
  const d = await res.json().catch(() => ({}));
  if (!res.ok) { $("dl-error").textContent = d.detail || res.statusText; return; }
  detail = d;
  step = 0;
  $("rp-title").textContent = `${d.table} · hand #${d.number}` + (d.hands > 1 ? ` (the first of ${d.hands})` : "");
  draw();
}
$("first").onclick = () => { step = 0; draw(); };
$("prev").onclick = () => { step = Math.max(0, step - 1); draw(); };
$("next").onclick = () => { if (detail) { step = Math.min(detail.frames.length - 1, step + 1); draw(); } };
$("last").onclick = () => { if (detail) { step = detail.frames.length - 1; draw(); } };
if (location.pathname === "/replay") {
  $("title").textContent = "Replay a hand history";
  $("back").href = "/";
  $("back").textContent = "Lobby";
  $("rp-title").textContent = "Open a .phh, .phhs or PokerStars .txt file.";
  const input = el("input", { type: "file", id: "upload", accept: ".phh,.phhs,.txt,text/plain" });
  input.onchange = () => { if (input.files[0]) openFile(input.files[0]).catch(e => { $("dl-error").textContent = e.message; }); };
  $("hand-list").closest("section").replaceChildren(el("h3", { text: "Your file" }), input, el("div", { id: "dl-error", class: "error" }));
} else {
  window.addEventListener("hashchange", () => open(+location.hash.slice(1)));
  loadList().then(() => { if (location.hash) open(+location.hash.slice(1)); });
}
