// The hand-ranking chart, one click from the table: the header's "Hand rankings" button opens a
// dialog with the ten hands from the highest, each with an example in cards and how two of its kind
// compare, in the page's language and in the order this table plays by (a short-deck table's own:
// GET /api/rankings, from the engine). Self-contained: its button in the header, this file, and its
// CSS block in app.css (.rank-*). Read after table.js: `state` is the table's.
(() => {
  const button = document.getElementById("btn-rankings");
  if (!button) return;
  let dialog = null;
  function made() {
    if (dialog) return dialog;
    dialog = el("dialog", { class: "rank-chart", id: "rankings", "aria-labelledby": "rankings-title" });
    // A click on the backdrop (outside the chart's box) closes it, as Escape does.
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => button.focus());
    document.body.append(dialog);
    return dialog;
  }
  async function open() {
    const table = (typeof state !== "undefined" && state && state.table) || {};
    const q = new URLSearchParams({ variant: table.variant || "holdem", trips_beat_straight: table.trips_beat_straight !== false, lang: LANG });
    const chart = await api("/api/rankings?" + q.toString());
    const box = made();
    box.dataset.variant = chart.variant;
    box.replaceChildren(
      el("div", { class: "rank-head" },
        el("h3", { id: "rankings-title", text: t("rankings.title") }),
        el("button", { type: "button", class: "rank-close", id: "rankings-close", text: t("rankings.close"), onclick: () => box.close() })),
      el("ol", { class: "rank-list" }, ...chart.rows.map((row, i) => el("li", { "data-category": row.category },
        el("span", { class: "rank-no", text: `${i + 1}` }),
        el("span", { class: "rank-name", text: row.name }),
        el("span", { class: "rank-cards" }, ...row.cards.map(c => cardEl(c, "small"))),
        el("span", { class: "rank-note", text: row.note })))),
      ...chart.notes.map(note => el("p", { class: "rank-foot", text: note })));
    if (!box.open) box.showModal();
  }
  button.addEventListener("click", () => open().catch((e) => {
    const box = document.getElementById("error");  // the table page's error line
    box.textContent = e.message; box.classList.remove("hidden");
  }));
})();
