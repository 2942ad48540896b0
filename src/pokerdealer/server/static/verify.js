// The deck proof page: checks a hand's reveal against its root, in this browser.
const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
function verdict() {
  let data;
  try { data = JSON.parse($("reveal").value); } catch (e) { return { problem: { key: "room.verify.not_json" } }; }
  if (!Array.isArray(data)) {
    if (data && data.root && !$("root").value) $("root").value = data.root;
    if (data && data.players && !$("players").value) $("players").value = data.players;
    data = data && data.reveal;
  }
  if (!Array.isArray(data) || !data.every(e => typeof e === "string")) return { problem: { key: "room.verify.no_list" } };
  if (data.length !== 52 && data.length !== 36) return { problem: { key: "room.verify.size", params: { n: data.length } } };
  const root = $("root").value.trim().toLowerCase();
  const r = checkReveal(data);
  if (r.problem) return r;
  if (r.root !== root) return { problem: { key: "room.verify.root_differs" }, computed: r.root };
  const board = $("board").value.trim().split(/\s+/).filter(Boolean);
  const players = +$("players").value;
  if (board.length) {
    if (!players) return { problem: { key: "room.verify.need_players" } };
    const pos = boardPositions(players);
    for (let k = 0; k < board.length; k++) {
      if (r.opened[pos[k]] !== board[k]) return { problem: { key: "room.verify.board_differs", params: { k: k + 1, card: board[k], position: pos[k], revealed: r.opened[pos[k]] || t("room.verify.nothing") } }, computed: r.root };
    }
  }
  return { ok: true, computed: r.root, opened: Object.keys(r.opened).length };
}
function check() {
  const v = verdict();
  const out = $("result");
  out.textContent = v.ok ? t("room.verify.ok", { n: v.opened }) : t("room.verify.bad", { problem: v.problem });
  out.className = v.ok ? "" : "error"; out.dataset.ok = v.ok ? "1" : "0";
  $("computed").textContent = v.computed ? t("room.verify.computed", { root: v.computed }) : "";
}
$("check").onclick = check;
// The offline check in words, its commands as code (typed as they are, in every language).
const COMMANDS = { command: "pokerdealer verify hand.phh", mine: "--mine mine.json" };
function offline() {
  const marks = Object.fromEntries(Object.keys(COMMANDS).map((k, i) => [k, `\u0001${i}\u0001`]));
  const parts = t("room.verify.offline", marks).split("\u0001");
  $("offline").replaceChildren(...parts.map((text, i) => i % 2 ? el("code", { text: Object.values(COMMANDS)[+text] }) : text));
}
loadWords().then(() => { offline(); langMenu("lang-slot", () => { offline(); if ($("result").textContent) check(); }); start(); });
function start() {
if (!q.get("table") || !q.get("hand")) return;
  const base = `/api/tables/${encodeURIComponent(q.get("table"))}/hands/${encodeURIComponent(q.get("hand"))}`;
  api(`${base}/fair`).then(async f => {
    $("root").value = f.root || "";
    if (!("reveal" in f)) { $("result").textContent = t("room.verify.in_play"); return; }
    if (!f.reveal) { $("result").textContent = t("room.verify.no_proof"); return; }
    $("players").value = f.players;
    $("reveal").value = JSON.stringify(f.reveal);
    const detail = await api(base).catch(() => null);
    if (detail && detail.summary && detail.summary.board) $("board").value = detail.summary.board.join(" ");
    check();
  }).catch(e => { $("result").textContent = e.message; });
}
