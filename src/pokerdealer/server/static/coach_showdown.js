// The coach on the last hand's showdown (issue 22): state.you.coach_showdown, sent to this player
// only -- their own cards and the cards shown, never another. In its panel every line, a comparison
// with the two best fives drawn as cards, the deciding ones marked; at their seat on the felt,
// while the last hand is on it, the few words of the comparison ("Lost on the third kicker").
function renderShowdownCoach(you, event) {
  const box = document.getElementById("coach-showdown");
  if (!box) return;
  const said = !event && you && you.coach_showdown;
  if (!said) { box.classList.add("hidden"); box.replaceChildren(); return; }
  const list = el("ul", { class: "coach-lines", id: "coach-sd-lines" });
  for (const line of said.lines) {
    const item = el("li", { "data-key": line.key });
    if (line.compare) item.append(compareHands(line.compare));
    item.append(el("span", { class: "sd-text", text: line.text }), " ", el("a", { href: line.href, target: "_blank", rel: "noopener", text: "?" }));
    list.append(item);
  }
  box.replaceChildren(el("h3", { text: t("room.coach.showdown.title", { n: said.hand }) }), list);
  box.dataset.hand = said.hand;
  box.classList.remove("hidden");
}
// Two best fives, one row each (yours first), in the order they are compared: the cards that decided marked.
function compareHands(compare) {
  return el("div", { class: "sd-compare" }, ...compare.hands.map(h => el("div", { class: h.you ? "sd-hand you" : "sd-hand", "data-name": h.name },
    el("span", { class: "sd-who", title: h.name, text: h.you ? t("room.coach.showdown.you") : h.name }),
    el("span", { class: "sd-cards" }, ...h.cards.map(c => cardEl(c, h.marked.includes(c) ? "small decides" : "small"))))));
}
// At the player's own seat, between hands (the felt shows the last hand then): the comparison's few
// words, and which of their own cards decided.
function showdownAtSeat(you, hand, event) {
  const said = !hand && !event && you && you.coach_showdown;
  const line = said && said.lines.find(l => l.compare);
  if (!line) return { note: null, marked: new Set() };
  return { note: el("div", { class: "coach-felt", id: "coach-felt", text: line.compare.felt }), marked: new Set(line.compare.hands[0].marked) };
}
