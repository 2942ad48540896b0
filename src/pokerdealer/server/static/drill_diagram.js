// A drill's situation as a picture (/learn): the question's `diagram` (pokerdealer.learn.diagram) drawn
// as a small felt with the seats round it -- cards (face down when not shown), name, chips behind, the
// button and the blinds, the chips in front and what each said -- and the board and pot in the middle;
// or hands side by side. The words in it come from the drill (already in the page's language) and the
// catalogs. drillDiagram(diagram, label) returns the node; `label` (the drill told in words) is what a
// screen reader reads for it.
const DG_ROLES = { BTN: ["btn", "room.role.button"], SB: ["blind", "room.role.small_blind"], BB: ["blind", "room.role.big_blind"] };

function drillDiagram(d, label) {
  const box = el("figure", { class: "dg", role: "img", "aria-label": label || null });
  if (d.kind === "table" || d.board.length) box.append(dgFelt(d));
  else box.append(el("div", { class: "dg-hands" }, ...d.hands.map(h => el("div", { class: "dg-hand" },
    h.name ? el("span", { class: "dg-name", text: h.name }) : null,
    el("span", { class: "dg-cards" }, ...h.cards.map(c => cardEl(c))))), d.note ? el("div", { class: "dg-note", text: d.note }) : null));
  if (d.kind === "table" && d.log.length) {
    box.append(el("figcaption", { class: "dg-log" }, el("div", { class: "muted", text: t("quiz.page.log") }),
      el("ol", {}, ...d.log.map(line => el("li", { text: line })))));
  }
  return box;
}

// The seats (or the hands, round a board) on a felt, clockwise from the bottom: the player the
// question is about at the bottom, as at a table.
function dgFelt(d) {
  const seats = d.kind === "table" ? d.seats
    : d.hands.map(h => ({ name: h.name, cards: h.cards, stack: null, bet: 0, roles: [], said: "", mark: "", folded: false, all_in: false }));
  const n = seats.length, first = Math.max(0, seats.findIndex(s => s.mark === "you"));
  const felt = el("div", { class: `dg-felt ${d.kind}`, "data-seats": n });
  seats.forEach((s, i) => {
    const a = Math.PI / 2 + (2 * Math.PI * (((i - first) % n + n) % n)) / n;
    const x = 50 + 50 * Math.cos(a), y = 50 + 50 * Math.sin(a);
    const node = el("div", { class: `dg-seat ${s.mark || ""} ${s.folded ? "folded" : ""}`, "data-name": s.name, style: `left:${x}%;top:${y}%` },
      el("div", { class: "dg-box" },
        el("div", { class: "dg-cards" }, ...s.cards.map(c => cardEl(c))),
        el("div", { class: "dg-name", text: s.name }),
        s.all_in ? el("div", { class: "dg-stack allin", text: t("quiz.page.all_in") })
          : s.stack !== null ? el("div", { class: "dg-stack", text: fmtNum(s.stack) }) : null,
        s.said || s.folded ? el("div", { class: "dg-said", text: s.said || t("quiz.page.folded") }) : null),
      ...s.roles.filter(r => DG_ROLES[r]).map(r => el("span", { class: `dg-role ${DG_ROLES[r][0]}`, "data-role": r, text: t(DG_ROLES[r][1]) })));
    felt.append(node);
    // The chips in front of the player, between the seat and the middle (how far in: app.css, by the width).
    if (s.bet) felt.append(el("span", { class: "dg-bet", "data-bet": s.name, style: `--dx:${x - 50}%;--dy:${y - 50}%`, text: fmtNum(s.bet) }));
  });
  felt.append(el("div", { class: "dg-center" },
    el("div", { class: "dg-board" }, ...d.board.map(c => cardEl(c))),
    d.pot ? el("div", { class: "dg-pot", text: t("quiz.page.pot", { amount: d.pot }) }) : null,
    d.note ? el("div", { class: "dg-note", text: d.note }) : null));
  return felt;
}
