// The deck proof page: checks a hand's reveal against its root, in this browser.
const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
function verdict() {
  let data;
  try { data = JSON.parse($("reveal").value); } catch (e) { return { problem: "the reveal is not JSON" }; }
  if (!Array.isArray(data)) {
    if (data && data.root && !$("root").value) $("root").value = data.root;
    if (data && data.players && !$("players").value) $("players").value = data.players;
    data = data && data.reveal;
  }
  if (!Array.isArray(data) || !data.every(e => typeof e === "string")) return { problem: "no reveal list found" };
  if (data.length !== 52 && data.length !== 36) return { problem: `the reveal has ${data.length} positions, a deck has 52 (36 short deck)` };
  const root = $("root").value.trim().toLowerCase();
  const r = checkReveal(data);
  if (r.problem) return r;
  if (r.root !== root) return { problem: "the revealed cards and leaf hashes do not give the committed root", computed: r.root };
  const board = $("board").value.trim().split(/\s+/).filter(Boolean);
  const players = +$("players").value;
  if (board.length) {
    if (!players) return { problem: "give the number of players dealt in to check the board" };
    const pos = boardPositions(players);
    for (let k = 0; k < board.length; k++) {
      if (r.opened[pos[k]] !== board[k]) return { problem: `board card ${k + 1} is ${board[k]}, position ${pos[k]} reveals ${r.opened[pos[k]] || "nothing"}`, computed: r.root };
    }
  }
  return { ok: true, computed: r.root, opened: Object.keys(r.opened).length };
}
function check() {
  const v = verdict();
  const out = $("result");
  out.textContent = v.ok ? `✔ the reveal matches the commitment (${v.opened} cards revealed)` : `✘ ${v.problem}`;
  out.className = v.ok ? "" : "error"; out.dataset.ok = v.ok ? "1" : "0";
  $("computed").textContent = v.computed ? `root computed here: ${v.computed}` : "";
}
$("check").onclick = check;
if (q.get("table") && q.get("hand")) {
  const base = `/api/tables/${encodeURIComponent(q.get("table"))}/hands/${encodeURIComponent(q.get("hand"))}`;
  api(`${base}/fair`).then(async f => {
    $("root").value = f.root || "";
    if (!("reveal" in f)) { $("result").textContent = "the hand is still in play: the reveal comes when it ends"; return; }
    if (!f.reveal) { $("result").textContent = "this hand was dealt before per-position proofs"; return; }
    $("players").value = f.players;
    $("reveal").value = JSON.stringify(f.reveal);
    const detail = await api(base).catch(() => null);
    if (detail && detail.summary && detail.summary.board) $("board").value = detail.summary.board.join(" ");
    check();
  }).catch(e => { $("result").textContent = e.message; });
}
