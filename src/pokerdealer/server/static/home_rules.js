// The home-game rules on the table page (issue 39): the question to run it twice, both boards of a
// hand run twice, showing your cards after the hand, the rabbit hunt, the 7-2 bounty and the bomb
// pot's mark. Everything comes from the state (server/run_it_twice.py, show_after.py, rabbit_hunt.py,
// seven_deuce.py, bomb_pot.py); the page proposes, the server decides. Words from the catalogs.

// The second board of a hand run twice, under the first, each marked with its run.
function renderBoards(hand, last) {
  const boards = hand ? hand.boards : (last ? last.boards : null);
  const two = !!(boards && boards.length === 2);
  const first = document.getElementById("board"), second = document.getElementById("board2");
  if (!second) return;
  first.closest(".center").classList.toggle("two-boards", two);
  first.dataset.run = two ? t("room.board.run", { n: 1 }) : "";
  second.dataset.run = two ? t("room.board.run", { n: 2 }) : "";
  second.classList.toggle("hidden", !two);
  second.replaceChildren(...(two ? boards[1].map(c => cardEl(c, "")) : []));
  const rabbit = document.getElementById("rabbit");
  const hunt = !hand && last && state.rabbit && state.rabbit.hand === last.number ? state.rabbit : null;
  rabbit.classList.toggle("hidden", !hunt);
  // The cards that would have come: not part of the hand, drawn apart and said so.
  if (hunt) rabbit.replaceChildren(el("span", { class: "muted", text: t("room.rabbit.cards", { name: hunt.name }) }),
    ...hunt.cards.map(c => cardEl(c, "rabbit")));
  else rabbit.replaceChildren();
}

// Whose answers are awaited, by name ("Ann、Bob" in the reader's language).
function seatNames(seats) { return seats.map(s => (state.seats[s - 1] || {}).name || String(s)); }

// The question to run it twice, for the players asked; the others read who is asked.
function renderRunTwice(you, send) {
  const box = document.getElementById("run-twice");
  const q = state.run_twice;
  if (!q) { box.classList.add("hidden"); box.replaceChildren(); return; }
  box.classList.remove("hidden");
  const mine = you && you.seat && q.asked.includes(you.seat);
  const parts = [el("p", { id: "run-twice-question", text: t(mine ? "room.run_twice.question" : "room.run_twice.asked", { names: seatNames(q.asked) }) })];
  if (q.agreed.length) parts.push(el("p", { class: "muted", id: "run-twice-agreed", text: t("room.run_twice.agreed", { names: seatNames(q.agreed) }) }));
  if (mine) {
    parts.push(el("div", { class: "run-twice-buttons" },
      el("button", { id: "btn-run-twice", class: "primary", text: t("room.run_twice.yes"), onclick: () => send({ type: "run_it_twice", agree: true }) }),
      el("button", { id: "btn-run-once", text: t("room.run_twice.no"), onclick: () => send({ type: "run_it_twice", agree: false }) })));
    parts.push(el("p", { class: "muted small", text: t("room.run_twice.explain") }));
  }
  box.replaceChildren(...parts);
}

// After a hand: show one or both of your cards, or ask what the board would have been.
function renderAfterHand(you, hand, last, send) {
  const box = document.getElementById("after-hand");
  const dealt = !hand && last && you && (last.payoffs || []).some(p => p.name === you.name);
  const buttons = [];
  if (dealt) {
    const shown = (last.order.find(o => o.name === you.name && o.cards) || {}).cards || [];
    const after = ((state.shown_after || {}).hand === last.number ? state.shown_after.seats : {})[you.seat] || [];
    if (shown.length < 2 && after.length < 2) {
      for (const which of ["first", "second", "both"]) {
        buttons.push(el("button", { id: `btn-show-${which}`, text: t(`room.show.${which}`), onclick: () => send({ type: "show", cards: which }) }));
      }
    }
    const hunted = state.rabbit && state.rabbit.hand === last.number;
    if (state.table.rabbit_hunt && !hunted && (last.board || []).length < 5) {
      buttons.push(el("button", { id: "btn-rabbit", title: t("room.rabbit.explain"), text: t("room.rabbit.ask"), onclick: () => send({ type: "rabbit_hunt" }) }));
    }
  }
  // The 7-2 bounty the last hand paid (every reader): "7-2 bounty: Ann +20".
  const paid = !hand && last && state.seven_deuce && state.seven_deuce.hand === last.number ? state.seven_deuce.paid : [];
  const won = {};
  paid.forEach(([, payee, chips]) => { won[payee] = (won[payee] || 0) + chips; });
  const lines = Object.entries(won).map(([name, total]) => el("p", { class: "seven-deuce",
    title: t("room.seven_deuce.explain", { amount: state.table.seven_deuce }), text: t("room.seven_deuce.line", { name, total }) }));
  box.classList.toggle("hidden", !buttons.length && !lines.length);
  box.replaceChildren(...lines, ...buttons);
}

// A bomb pot in play: said under the board, with its ante (server/bomb_pot.py).
function renderBombPot(hand) {
  const bomb = hand && state.bomb_pot && state.bomb_pot.hand;
  const info = document.getElementById("handinfo");
  if (bomb && info) info.append(el("span", { class: "bomb-pot", id: "bomb-pot", text: " · " + t("room.bomb_pot.hand", { ante: bomb.ante }) }));
}

// Shown after the hand: at each seat, the cards its player chose to show (every reader sees them).
function shownAfter(seat, last) {
  const s = state.shown_after;
  return s && last && s.hand === last.number ? s.seats[seat] || null : null;
}

// A pot's label in the last hand: a hand run twice awards each pot once a run ("Main pot, run 2").
function awardLabel(a, last) {
  return last.boards && last.boards.length > 1 ? t("room.pot.run", { label: potLabel(a.label), n: (a.run || 0) + 1 }) : potLabel(a.label);
}

function renderHomeRules(you, hand, last, send) {
  renderBoards(hand, last);
  renderRunTwice(you, send);
  renderAfterHand(you, hand, last, send);
  renderBombPot(hand);
}
