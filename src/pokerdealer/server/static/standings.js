// The standings page (/e/{id}/standings): places so far (the final standings once the event
// is over), the prizes, and the CSV for the host's records.
const $ = (id) => document.getElementById(id);
let state = null;
function draw() {
  const s = state;
  document.title = s.name ? `${s.name} — ${t("event.standings.title")}` : t("event.standings.title");
  $("ev-name").textContent = s.name || t("event.title");
  $("ev-status").textContent = statusText(s.status);
  $("ev-status").dataset.status = s.status;
  $("summary").textContent = t("event.standings.summary", { entries: s.entries, left: s.players_left, pool: fmtNum(s.prize_pool) });
  // The paid places still to be played for come first, with their prizes (nobody holds them yet).
  const open = s.status === "registering" || s.status === "finished" ? [] : s.payouts.filter(p => p.place <= s.players_left);
  const rows = open.map(p => el("tr", { class: "open" },
    el("td", { text: placeText(p.place) }), el("td", { class: "muted", text: t("event.standings.in_play") }),
    el("td", { class: "num", text: fmtNum(p.prize) })));
  rows.push(...s.standings.map(p => el("tr", { class: p.prize ? "paid" : "" },
    el("td", { text: placeText(p.place) }), el("td", { class: "name", text: botNameSaid(s.bots, p.name) }),
    el("td", { class: "num", text: p.prize ? fmtNum(p.prize) : "" }))));
  fillRows($("standings").tBodies[0], rows, t("event.standings.none"), 3);
}
async function poll() {
  try {
    state = await fetchEvent("?counts=0");  // every place; no chip counts (this page shows none)
    $("load-error").textContent = "";
    draw();
  } catch (e) { $("load-error").textContent = e.message; }
}
$("event-link").href = `/e/${encodeURIComponent(eventId)}`;
// The CSV's header in the page's language (set again when the reader picks another).
const csvLink = () => { $("csv").href = `${eventApi}/standings.csv?lang=${encodeURIComponent(LANG)}`; };
// Words first, the reader's as on a table page (common.js loadWords): the language chosen here, else
// the one the link says, else the browser's; the event's (the host's) only for a browser reading none.
fetchEvent("?counts=0").catch(() => ({})).then(s => loadWords(s.lang, new URLSearchParams(location.search).get("lang"))).then(() => {
  csvLink();
  langMenu("lang-slot", () => { csvLink(); if (state) draw(); });
  poll();
  setInterval(poll, 3000);
});
