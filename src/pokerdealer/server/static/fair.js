// The deck proof in the browser (the same encoding as pokerdealer.server.fair; needs sha256.js).
const leafHash = (i, card, salt) => sha256hex(`pdleaf:${salt}:${i}:${card}`);
const nodeHash = (left, right) => sha256hex(`pdnode:${left}${right}`);
function merkleRoot(leaves) {
  let level = leaves.slice();
  while (level.length > 1) {
    const up = [];
    for (let i = 0; i + 1 < level.length; i += 2) up.push(nodeHash(level[i], level[i + 1]));
    if (level.length % 2) up.push(level[level.length - 1]);
    level = up;
  }
  return level[0];
}
function rootFromPath(leaf, index, size, path) {
  let h = leaf, k = 0, width = size;
  while (width > 1) {
    if ((index ^ 1) < width) {
      if (k >= path.length) return null;
      h = index & 1 ? nodeHash(path[k], h) : nodeHash(h, path[k]);
      k++;
    }
    index >>= 1; width = (width + 1) >> 1;
  }
  return k === path.length ? h : null;
}
// A player's own opening ({positions, cards, salts, paths}) against the root of a deck of `size` cards.
function openingMatches(opening, root, size) {
  return opening.positions.every((p, k) => rootFromPath(leafHash(p, opening.cards[k], opening.salts[k]), p, size, opening.paths[k]) === root);
}
// A reveal: leaves from "card:salt" or leaf hashes; {root, opened: {position: card}, problem}.
function checkReveal(reveal) {
  const opened = {}, seen = {}, leaves = [];
  for (let i = 0; i < reveal.length; i++) {
    const e = reveal[i];
    if (/^[0-9a-f]{64}$/.test(e)) { leaves.push(e); continue; }
    const m = /^([2-9TJQKA][cdhs]):([0-9a-f]{32})$/.exec(e);
    if (!m) return { problem: { key: "room.verify.bad_entry", params: { i } } };
    if (m[1] in seen) return { problem: { key: "room.verify.twice", params: { card: m[1], first: seen[m[1]], second: i } } };
    seen[m[1]] = i; opened[i] = m[1];
    leaves.push(leafHash(i, m[1], m[2]));
  }
  return { root: merkleRoot(leaves), opened };
}
// The board's deck positions with `players` dealt in (pokerdealer.rules.board_positions).
const boardPositions = (players) => [1, 2, 3, 5, 7].map(k => 2 * players + k);
// A download of your own (the seat token goes in a header, never in a URL).
async function downloadOwn(path, token, filename) {
  const res = await fetch(path, { headers: { "X-Seat-Token": token } });
  if (!res.ok) { const d = await res.json().catch(() => ({})); throw new Error(said(d) || res.statusText); }
  const url = URL.createObjectURL(await res.blob());
  const a = el("a", { href: url, download: filename });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
// Your own proof of a finished hand (for `pokerdealer verify --mine`), and your own PHH (your cards in it).
const handPath = (tableId, number) => `/api/tables/${encodeURIComponent(tableId)}/hands/${number}`;
const downloadMine = (tableId, number, token) => downloadOwn(`${handPath(tableId, number)}/mine`, token, `${tableId}-${number}-mine.json`);
const downloadMyPhh = (tableId, number, token) => downloadOwn(`${handPath(tableId, number)}/phh`, token, `${tableId}-${number}-mine.phh`);
