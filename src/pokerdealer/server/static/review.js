// The hand review: a file uploaded or pasted (or a hand of a table's history) reviewed by the
// room (POST /api/review), read step by step: each street, each decision, the showdown. The
// words of the review come from the server in the page's language; the page's own from the catalog.
const $ = (id) => document.getElementById(id);
let source = "", index = 0, data = null, steps = [], step = 0;

// A hand history file's text, as the site saved it: UTF-16 (a byte-order mark), UTF-8, or else Windows-1252.
async function fileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (e) { return new TextDecoder("windows-1252").decode(bytes); }
}
function words() {
  $("rv-choose").textContent = t("room.replay.choose");
  const file = $("rv-file").files[0];
  $("rv-file-name").textContent = file ? file.name : t("room.replay.no_file");
}
async function fetchReview(lang) {
  const res = await fetch(`/api/review?hand=${index}&lang=${encodeURIComponent(lang || LANG)}`,
    { method: "POST", headers: { "Content-Type": "text/plain" }, body: source });
  const d = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(said(d) || d.detail || res.statusText);
  return d;
}
async function review(lang) {
  $("rv-error").textContent = "";
  $("rv-busy").textContent = t("room.review.busy");
  try {
    data = await fetchReview(lang);
  } catch (e) {
    $("rv-error").textContent = e.message;
    return;
  } finally {
    $("rv-busy").textContent = "";
  }
  index = data.index;
  build();
  draw();
}
// The steps: each street as it starts, each decision on it, then the showdown.
function build() {
  steps = [];
  for (const s of data.review.streets) {
    steps.push({ street: s });
    for (const d of s.decisions) steps.push({ street: s, decision: d });
  }
  if (data.review.showdown.length || data.review.awards.length) steps.push({ showdown: true });
  step = Math.min(step, steps.length - 1);
}
function line(l) {
  return el("div", { class: "rv-line" }, l.body, " ", el("a", { class: "cite muted", href: l.href, target: "_blank", text: `[${l.cite}]` }));
}
function equity(s) {
  const rows = [];
  for (const name of s.in_hand) {
    const share = s.equity[name];
    if (share === undefined) continue;
    rows.push(el("span", { class: "name", text: name }), el("span", { class: "bar" }, el("span", { style: `width:${(share * 100).toFixed(1)}%` })),
      el("span", { class: "pct", text: `${(share * 100).toFixed(1)}%` }));
  }
  return [rows.length ? el("div", { class: "rv-eq", id: "rv-equity" }, ...rows) : null, s.equity_note ? el("div", { class: "rv-note muted", text: s.equity_note }) : null];
}
function draw() {
  if (!data) return;
  const r = data.review;
  $("rv-view").hidden = false;
  $("rv-hand").replaceChildren(...data.hands.map(h => el("option", { value: h.index, text: h.title, selected: h.index === index })));
  $("rv-hand").hidden = data.hands.length < 2;
  $("rv-title").textContent = r.title;
  // Each player as the step's street starts: stack, cards the history shows, greyed once folded.
  const street = steps[step].street || r.streets[r.streets.length - 1];
  $("rv-players").replaceChildren(...r.players.map(p => el("span", { class: "p" + (street.in_hand.includes(p.name) ? "" : " out"), "data-player": p.name },
    `${p.name} ${fmtNum(street.stacks[p.name])} `, ...(p.cards || []).map(c => cardEl(c, "inline")))));
  $("rv-refused").replaceChildren(...data.refused.map(x => el("div", { text: t("room.review.refused", { hand: x.hand, reason: x.reason }) })));
  const s = steps[step];
  const out = [];
  if (s.showdown) {
    out.push(el("div", { class: "rv-street", text: t("room.street.showdown") }));
    out.push(...r.showdown.map(line), ...r.awards.map(a => el("div", { class: "rv-line", text: a.text })));
  } else {
    out.push(el("div", { class: "rv-street" }, s.street.heading, ...s.street.board.map(c => cardEl(c, "inline"))));
    out.push(...equity(s.street));
    const d = s.decision;
    if (d) {
      out.push(el("div", { class: "rv-action", text: d.text }), line(d.turn));
      if (d.price) out.push(el("div", { class: "rv-line", text: d.price.text }));
      if (d.coach.length) out.push(el("div", { class: "rv-coach-to muted", text: t("room.review.coach_to", { name: d.player }) }), ...d.coach.map(line));
    }
  }
  $("rv-step").replaceChildren(...out);
  $("rv-step-no").textContent = t("room.hands.step", { i: step + 1, n: steps.length });
  $("rv-all-lines").replaceChildren(...r.lines.map(([depth, text]) => el("div", { class: `d${depth}`, text })));
}
$("rv-first").onclick = () => { step = 0; draw(); };
$("rv-prev").onclick = () => { step = Math.max(0, step - 1); draw(); };
$("rv-next").onclick = () => { step = Math.min(steps.length - 1, step + 1); draw(); };
$("rv-last").onclick = () => { step = steps.length - 1; draw(); };
$("rv-hand").onchange = () => { index = +$("rv-hand").value; step = 0; review(); };
$("rv-file").onchange = async () => {
  words();
  const file = $("rv-file").files[0];
  if (!file) return;
  source = await fileText(file);
  index = 0; step = 0;
  review();
};
$("rv-go").onclick = () => { source = $("rv-paste").value; index = 0; step = 0; review(); };
// A hand of a table's history (/review?table=ID&hand=N): its PHH as the history page offers it, only
// the cards shown at the table -- and the reader's own with their seat's token.
async function fromTable(tableId, n, own = true) {
  const token = own ? localStorage.getItem(`pd.seat.${tableId}`) : null;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands/${n}/phh`, token ? { headers: { "X-Seat-Token": token } } : {});
  if (!res.ok && token) return fromTable(tableId, n, false);  // not dealt in that hand: the public copy
  if (!res.ok) { $("rv-error").textContent = said(await res.json().catch(() => ({}))) || res.statusText; return; }
  source = await res.text();
  review();
}
loadWords().then(() => {
  words();
  langMenu("lang-slot", () => { words(); draw(); }, async (lang) => { if (source) { data = await fetchReview(lang); build(); } });
  const q = new URLSearchParams(location.search);
  if (q.get("table") && q.get("hand")) fromTable(q.get("table"), +q.get("hand"));
});
