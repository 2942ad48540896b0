// "Why did the bot do that?" (issue 26): after a hand with a regular or loose bot, one tap on the
// button under the felt opens the bots' reasons, one line per decision -- the street, the action,
// the equity and pot odds it used, the rule that decided and the ranges it put its opponents on.
// All from GET /api/tables/ID/hands/N/why, which says nothing while the hand is played and withholds
// the equity of a bot whose cards the hand did not show (it would tell their strength): the page
// draws what it is given and says why a number is missing. Self-contained: its button in table.html,
// this file, its CSS block in app.css (.why-*). table.js calls whyBot.onState() with each state and
// whyBot.render() when the language changes; `state` and `tableId` are table.js's.
const whyBot = (() => {
  const button = document.getElementById("btn-why");
  let asked = 0;  // the last hand asked about: each finished hand is asked once
  let shown = null;  // the last hand's reasons ({number, reasons}), while it has some
  let dialog = null;
  const pct = (x) => new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 0 }).format(x);
  const seatName = (seat) => ((state && state.seats[seat - 1]) || {}).name || t("room.seat.empty", { seat });

  // A decision's action in the hand log's words: a raise where nothing was bet after the flop is a bet.
  function action(line) {
    if (line.action === "call") return { key: "room.log.call", params: { amount: line.price } };
    if (line.action === "raise") {
      const bet = line.price === 0 && line.street !== "preflop";
      return { key: bet ? "room.log.bet" : "room.log.raise", params: { amount: line.amount } };
    }
    return { key: `room.log.${line.action}` };
  }

  function decision(line) {
    const said = action(line);
    const nums = el("div", { class: "why-nums" },
      line.equity === null
        ? el("span", { class: "why-equity hidden-equity", text: t("room.why.equity_hidden") })
        : el("span", { class: "why-equity", "data-equity": line.equity, text: t("room.why.equity", { pct: pct(line.equity) }) }),
      line.pot_odds === null
        ? el("span", { class: "why-odds", text: t("room.why.no_price") })
        : el("span", { class: "why-odds", "data-pot-odds": line.pot_odds,
            text: t("room.why.pot_odds", { pct: pct(line.pot_odds), amount: line.price, pot: fmtNum(line.pot) }) }));
    // An opponent's range as the bot read it: the top share of starting hands (all of them: any
    // hand), and whether their play after the flop narrowed it since.
    const ranges = line.ranges.map((r) => {
      const range = r.share >= 1 ? t("room.why.range_any", { name: seatName(r.seat) }) : t("room.why.range", { name: seatName(r.seat), pct: pct(r.share) });
      return r.narrowed.length ? t("room.why.narrowed", { range }) : range;
    });
    return el("li", { class: "why-line", "data-seat": line.seat, "data-street": line.street, "data-action": line.action },
      el("div", { class: "why-act" }, el("span", { class: "why-street", text: t(`room.street.${line.street}`) }), " ",
        t("room.log.line", { name: line.name, action: t(said.key, said.params) })),
      nums,
      line.rule === null  // withheld with the equity: the rule would bound it
        ? el("div", { class: "why-rule hidden-rule", text: t("room.why.rule_hidden") })
        : el("div", { class: "why-rule", "data-rule": line.rule, text: t(`room.why.rule.${line.rule}`) }),
      ranges.length ? el("div", { class: "why-ranges muted", text: t("room.why.ranges", { ranges }) }) : null);
  }

  function made() {
    if (dialog) return dialog;
    dialog = el("dialog", { class: "why-panel", id: "why", "aria-labelledby": "why-title" });
    // A click on the backdrop (outside the panel's box) closes it, as Escape does.
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => button.focus());
    document.body.append(dialog);
    return dialog;
  }

  function fill() {
    const box = made();
    box.dataset.hand = shown.number;
    box.replaceChildren(
      el("div", { class: "why-head" },
        el("h3", { id: "why-title", text: t("room.why.title", { n: shown.number }) }),
        el("button", { type: "button", class: "why-close", id: "why-close", text: t("room.nav.close"), onclick: () => box.close() })),
      el("p", { class: "why-intro muted", text: t("room.why.intro") }),
      el("ol", { class: "why-list", id: "why-list" }, ...shown.reasons.map(decision)));
  }

  // The button names the hand it tells of (the next hand may be under way when it is read).
  function render() {
    button.parentElement.classList.toggle("hidden", !shown);  // its row too: no gap under the felt without it
    if (!shown) { if (dialog && dialog.open) dialog.close(); return; }
    button.textContent = t("room.why.open", { n: shown.number });
    button.dataset.hand = shown.number;
    if (dialog && dialog.open) fill();
  }

  // Each finished hand at a table with a bot is asked about once; a hand without a bot's reasons
  // (no regular or loose bot, or none had to decide) leaves no button.
  function onState() {
    const last = state && state.last_hand;
    if (!last || last.number <= asked) return;
    asked = last.number;
    if (!state.seats.some(row => row && row.bot)) { shown = null; render(); return; }
    api(`/api/tables/${tableId}/hands/${last.number}/why`).then((data) => {
      if (data.number !== asked) return;  // a later hand ended meanwhile: its answer is the one to show
      shown = data.reasons && data.reasons.length ? data : null;
      render();
    }).catch(() => {});  // a hand the room no longer keeps (a restart forgets the reasons): no button
  }

  button.addEventListener("click", () => { if (!shown) return; fill(); if (!dialog.open) dialog.showModal(); });
  return { onState, render };
})();
