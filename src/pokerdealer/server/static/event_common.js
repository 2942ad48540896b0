// Shared by the tournament pages (/e/{id} and /e/{id}/standings): the event's id, its
// state from the server, and how its numbers are said (every word from the catalogs).
const eventId = decodeURIComponent(location.pathname.split("/")[2] || "");
const eventApi = `/api/tournaments/${encodeURIComponent(eventId)}`;

// 3725 -> "1:02:05", 65 -> "01:05"; negative or missing -> "--:--".
function clockText(seconds) {
  if (seconds === null || seconds === undefined || !(seconds >= 0)) return "--:--";
  const s = Math.ceil(seconds), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
}
const blindsText = (x) => t("event.blinds", { small: x.small_blind, big: x.big_blind });
// The ante as the structure says it: none, everyone's, or the big blind's (big-blind ante);
// `within` a sentence ("Next: level 2, 15/30, no ante") in its lower-case form.
function anteText(x, { within = false } = {}) {
  const family = within ? "event.next_ante" : "event.ante";
  return x.ante_type === "none" || !x.ante ? t(`${family}.none`) : t(`${family}.${x.ante_type}`, { amount: x.ante });
}
const placeText = (place) => t("event.place", { place });
const statusText = (status) => t(`event.status.${status}`);
// A level's length in the structure: minutes, hands, or "until the end".
function lengthText(row) {
  if (row.minutes !== null && row.minutes !== undefined) {
    // A level shorter than a minute (a quick test event) is said in seconds.
    return row.minutes < 1 ? t("event.length.seconds", { n: Math.round(row.minutes * 60) }) : t("event.length.minutes", { n: fmtMinutes(row.minutes) });
  }
  if (row.hands !== null && row.hands !== undefined) return t("event.length.hands", { n: row.hands });
  return t("event.length.open");
}
const fmtMinutes = (m) => new Intl.NumberFormat(LANG, { maximumFractionDigits: 1 }).format(m);
// `query`: the lists a page shows of a big field (counts=N: the N biggest stacks; standings=N: the N
// best places) -- a 10,000-entrant event's whole lists are a megabyte every second.
async function fetchEvent(query = "") {
  return api(eventApi + query);
}
// Rows of a <tbody>, or one muted row saying `empty` when there are none.
function fillRows(tbody, rows, empty, columns) {
  if (rows.length) tbody.replaceChildren(...rows);
  else tbody.replaceChildren(el("tr", {}, el("td", { colspan: columns, class: "muted", text: empty })));
}
