// Where the seats sit round a felt: the table page's and the replayer's (hands.js).
//
// A seat is placed twice, and app.css picks one by the window's width:
// - on a wide screen round the landscape oval: `--x`/`--y` (% of the felt) and `--in` (how far
//   towards the middle app.css's --seat-inset draws it), its bet `--bx`/`--by` % of the felt
//   from it, towards the middle;
// - on a phone (900 px wide or less) in one of the slots of PHONE_SLOTS, `data-slot`: the felt is
//   a tall box, the seats hug its sides, top and bottom, and leave a band across its middle free
//   for the board and the pots (a seat at the board's height covered its first and fifth cards).
// Both are in the markup, so a window turned or resized is laid out again by CSS alone.
//
// feltSlots(6)[0] -> { slot: "B", x: 50, y: 100, inward: -0, bx: -0, by: -24, pbet: "above" }

// Each ring of seats on a phone, from your seat (at the bottom) clockwise. B and T: bottom and top
// centre; L0 beside the board (its bet above it); L1 and L2 the lower and upper side; BL and TL
// the corners; TLi the top, a quarter in. R.. are their mirror images.
const PHONE_SLOTS = {
  2: ["B", "T"],
  3: ["B", "L2", "R2"],
  4: ["B", "L0", "T", "R0"],
  5: ["B", "L1", "TLi", "TRi", "R1"],
  6: ["B", "L1", "L2", "T", "R2", "R1"],
  7: ["B", "L1", "L2", "TLi", "TRi", "R2", "R1"],
  8: ["B", "L1", "L2", "TL", "T", "TR", "R2", "R1"],
  9: ["B", "BL", "L1", "L2", "TLi", "TRi", "R2", "R1", "BR"],
  10: ["B", "BL", "L1", "L2", "TL", "T", "TR", "R2", "R1", "BR"],
};
// Where a phone slot puts its seat's bet: towards the middle, off the board's band.
const PHONE_BET = { B: "above", T: "below", TLi: "below", TRi: "below", L0: "above-in", R0: "above-in",
  L1: "right", L2: "right", R1: "left", R2: "left", TL: "right", TR: "left", BL: "above", BR: "above" };

// The wide felt's seats moved off the oval, by seat count and place: { k: y % }.
const WIDE_Y = { 9: { 2: 62, 3: 22, 6: 22, 7: 62 }, 10: { 2: 69, 3: 28, 7: 28, 8: 69 } };

// Seat `k` of `n` (0: yours, or the first) on the wide felt and in its phone slot.
function feltSlots(n) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const a = Math.PI / 2 + (2 * Math.PI * k) / n;
    const c = Math.cos(a), s = Math.sin(a);
    // Nine or ten seats: the two at each side sat a box's height apart or less, and one covered its
    // neighbour's cards; they are drawn apart (a box is 130 px wide, the felt 2:1).
    const y = (WIDE_Y[n] || {})[k] ?? 50 + 50 * s;
    const slot = (PHONE_SLOTS[n] || [])[k] || "B";
    const x = 50 + 50 * c, round = (v) => Math.round(1000 * v) / 1000;
    // The bet on a smaller oval inside the seats' (58 % as wide, 52 % as tall): bets never meet.
    out.push({ slot, x: round(x), y: round(y), inward: -round(c), bx: round(-0.42 * (x - 50)), by: round(-0.48 * (y - 50)),
      pbet: PHONE_BET[slot] });
  }
  return out;
}

// A seat's node placed in slot `p` (one of feltSlots()): its attributes and style.
function seatPlace(p) {
  return { "data-slot": p.slot, "data-pbet": p.pbet,
    style: `--x:${p.x}%;--y:${p.y}%;--in:${p.inward};--bx:${p.bx};--by:${p.by}` };
}
