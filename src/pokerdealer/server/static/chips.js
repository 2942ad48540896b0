// Chips drawn from an amount (issue 37, the look): a seat's bet and each pot as stacks of chips whose
// colours are their denominations, as a home game's case holds them. The number beside them stays the
// word; the stacks only show it (aria-hidden). Drawn as SVG from the integer: no images.
//
// chipColumns(1234) -> [{ value: 1000, count: 1 }, { value: 100, count: 2 }]

// Each denomination and its colour (face, and the darker edge): white 1, red 5, green 25, black 100,
// purple 500, yellow 1,000, orange 5,000, blue 25,000, pink 100,000 -- the usual case's colours.
const CHIP_DENOMS = [
  [100000, "#e05a9b", "#9c2c62"], [25000, "#3b7fd8", "#1d4c8f"], [5000, "#ef7d22", "#a34e0c"],
  [1000, "#f2c230", "#a27c0c"], [500, "#8e4fc9", "#57287f"], [100, "#2b2f36", "#0d0f12"],
  [25, "#2f9a4c", "#17602c"], [5, "#d23a3a", "#861d1d"], [1, "#f1efe8", "#a9a497"],
];
const CHIP_COLUMNS = 2;  // the largest denominations of the amount, one column each (a third made a bet too wide)
const CHIP_TALL = 5;     // chips in a column at most: more are drawn as five

// The amount counted out in the fewest chips (largest first), the largest CHIP_COLUMNS denominations.
function chipColumns(amount) {
  const out = [];
  let left = Math.max(0, Math.floor(amount));
  for (const [value] of CHIP_DENOMS) {
    const count = Math.floor(left / value);
    if (count) { out.push({ value, count }); left -= count * value; }
  }
  return out.slice(0, CHIP_COLUMNS);
}

const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}
// A stack of chips for `amount`: columns side by side (the larger behind), each a pile seen from a
// little above -- every chip's edge with its white spots, the top one's face with its inlay. Its size is
// app.css's (.chips: --chip times these units as CSS px).
function chipStack(amount) {
  const columns = chipColumns(amount);
  const r = 7, ry = 3.2, thick = 2.8, step = 10;  // a chip 14 units wide; columns 10 apart, a little overlapped
  const tallest = Math.min(CHIP_TALL, Math.max(1, ...columns.map(c => c.count)));
  const height = 2 * ry + thick * tallest + 1;
  const width = 2 * r + Math.max(0, columns.length - 1) * step + 1;
  const svg = svgEl("svg", { class: "chips", viewBox: `0 0 ${width} ${height}`, width, height, "aria-hidden": "true",
    "data-amount": amount, "data-chips": columns.map(c => `${c.count}x${c.value}`).join(" ") });
  svg.style.setProperty("--w", width);  // app.css scales it by --chip, keeping its proportions
  svg.style.setProperty("--h", height);
  columns.forEach((c, i) => {
    const [, face, edge] = CHIP_DENOMS.find(d => d[0] === c.value);
    const spots = c.value === 1 ? "#3b7fd8" : "#fff";  // a white chip's spots are blue
    const cx = r + 0.5 + i * step;
    const tall = Math.min(CHIP_TALL, c.count);
    for (let k = 0; k < tall; k++) {
      const cy = height - 0.5 - ry - thick * (k + 1);  // the face of chip k (0: the lowest)
      svg.append(svgEl("path", { d: `M${cx - r} ${cy}v${thick}a${r} ${ry} 0 0 0 ${2 * r} 0v${-thick}z`, fill: edge }));
      svg.append(svgEl("path", { d: `M${cx - r} ${cy + thick / 2}a${r} ${ry} 0 0 0 ${2 * r} 0`, fill: "none", stroke: spots,
        "stroke-width": thick * 0.55, "stroke-dasharray": "2 2.6" }));
      svg.append(svgEl("ellipse", { cx, cy, rx: r, ry, fill: face }));
    }
    const top = height - 0.5 - ry - thick * tall;
    svg.append(svgEl("ellipse", { cx, cy: top, rx: r * 0.6, ry: ry * 0.6, fill: "none", stroke: spots, "stroke-opacity": 0.7, "stroke-width": 0.7 }));
  });
  return svg;
}
