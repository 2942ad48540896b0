// A tournament table's strip (server/tournament.py): the level, its time left, the next blinds,
// the field, and your place once you are out; a move to another table takes this browser there.
let eventAt = 0;
const clockText = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

// A tournament table's name as its page says it: the event's name and the table's number in the
// reader's words ("Friday · Table 1"; the room keeps "Friday · 1" as the table's stored name).
const eventTableName = (ev) => `${ev.name} · ${t("room.event.table", { n: ev.table })}`;
// A level's ante after its blinds, in the words the tournament page says it within a sentence
// (event.next_ante.*: "big-blind ante 40", not "ante 40" -- only the big blind posts it); none, nothing.
const anteWithin = (x) => (x.ante && x.ante_type !== "none" ? " " + t(`event.next_ante.${x.ante_type}`, { amount: fmtNum(x.ante) }) : "");

// The strip's height as the CSS variable --strip: a phone's felt is as tall as the window leaves
// (app.css), the strip counted; it changes with the words, the window's width and a notice.
new ResizeObserver(([entry]) => document.documentElement.style.setProperty("--strip", `${entry.target.offsetHeight}px`))
  .observe(document.getElementById("event-strip"));

function renderEvent(state) {
  const box = document.getElementById("event-strip");
  const ev = state.event;
  box.classList.toggle("hidden", !ev);
  if (!ev) return;
  eventAt = performance.now();
  const you = state.you || null;
  // A table the event broke (or the final table replaced) deals no more: its last hand is dimmed (app.css).
  document.body.classList.toggle("event-table-closed", !ev.in_play);
  const parts = [el("a", { href: `/e/${ev.id}`, id: "event-page", text: ev.name }), " · ",
    el("span", { text: t("room.event.table", { n: ev.table }) }), " · "];
  if (ev.status === "finished") {
    // Over: no level, clock nor next blinds (its last level's 0:00 read as a clock still running) --
    // the winner, and every place a tap away.
    parts.push(el("b", { id: "event-finished", text: t("room.event.finished", { name: ev.winner ? botSaid(ev.winner_bot, ev.winner) : "" }) }), " · ",
      el("a", { id: "event-standings", href: `/e/${ev.id}/standings`, text: t("room.event.standings") }));
  } else if (!ev.in_play) {
    parts.push(el("b", { id: "event-closed", text: t("room.wait.event_table_closed") }), " · ",
      el("a", { id: "event-tables", href: `/e/${ev.id}`, text: t("room.event.page") }));
  } else stripPlaying(parts, ev, you);
  const mine = you && ev.places.find(p => p.name === you.name);
  const line = el("div", { class: "event-line" }, ...parts);
  box.replaceChildren(line);
  if (mine && (!you.seat || ev.status === "finished")) {
    // Out of the money: the place alone ("Prize: 0" read as a prize of nothing).
    const result = mine.place === 1 ? t("room.event.winner", { prize: fmtNum(mine.prize) })
      : mine.prize ? t("room.event.out", { place: mine.place, prize: fmtNum(mine.prize) }) : t("room.event.out_unpaid", { place: mine.place });
    box.append(el("div", { id: "event-result", class: "event-result", text: result }));
    // The event takes re-entries (ev.re_entry, the same for every reader); whether this player has
    // one left only /me knows, by their token: the button waits for its answer.
    if (ev.re_entry && ev.status !== "finished" && typeof token === "string" && token) {
      const finish = `${mine.place}:${ev.entries}`;  // a new finish, or anyone entering again, asks anew
      if (reentry.finish !== finish) askReentry(ev.id, finish);
      else if (reentry.may) box.append(el("button", { id: "event-reenter", class: "primary", text: t("room.event.reenter"), onclick: () => reenterEvent(ev.id) }));
    }
  } else if (you && !you.seat && !mine && typeof token === "string" && token) {
    findMyTable(ev.id);  // moved while this page was away: ask where the seat is now
  }
  showMoved(box);
}

// The strip of an event in play: the level, its blinds and time left, the next blinds, the field.
function stripPlaying(parts, ev, you) {
  // A break before the first level has no level to name ("Level 0").
  if (ev.level) parts.push(el("b", { id: "event-level", text: t("room.event.level", { n: ev.level }) }), " ");
  if (ev.status === "paused") parts.push(el("span", { class: "paused", text: t("room.event.paused") }));
  else if (!ev.blinds) parts.push(el("span", { class: "paused", text: t("room.event.on_break") }));
  if (ev.blinds) {
    if (ev.status === "paused") parts.push(" · ");  // "Paused · Blinds 10/20", not "PausedBlinds 10/20"
    parts.push(el("span", { id: "event-blinds", text: t("room.event.blinds", { sb: fmtNum(ev.blinds.small_blind), bb: fmtNum(ev.blinds.big_blind) }) + anteWithin(ev.blinds) }));
  }
  if (ev.seconds_left !== null) parts.push(" · ", el("span", { id: "event-time", "data-left": ev.seconds_left, "data-paused": ev.status === "paused" ? "1" : "0", text: t("room.event.time_left", { time: clockText(ev.seconds_left) }) }));
  if (ev.next) parts.push(" · ", el("span", { id: "event-next", class: "muted", text: t("room.event.next", { sb: fmtNum(ev.next.small_blind), bb: fmtNum(ev.next.big_blind) }) + anteWithin(ev.next) }));
  const rank = you && you.seat && ev.ranks ? ev.ranks[you.name] : null;
  if (rank) parts.push(" · ", el("b", { id: "event-rank", text: t("room.event.rank", { n: rank, left: ev.players_left }) }));
  parts.push(" · ", el("span", { id: "event-left", text: t("room.event.left", { n: ev.players_left, entries: ev.entries }) }),
    " · ", el("span", { id: "event-average", text: t("room.event.average", { n: fmtNum(ev.average) }) }),
    " · ", el("span", { class: "muted", text: t("room.event.paid", { n: ev.paid }) }));
  if (ev.hand_for_hand) parts.push(" · ", el("b", { text: t("room.event.hand_for_hand") }));
}

// Moved (balance, a table broken, the final table): the same token opens the new seat.
let leavingNotice = null;
function eventMoved(msg, seatToken) {
  if (seatToken) localStorage.setItem(`pd.seat.${msg.table}`, seatToken);
  sessionStorage.setItem("pd.moved", JSON.stringify({ key: msg.key, params: msg.params, message: msg.message }));
  leavingNotice = { text: `${said(msg)} ${t("room.event.going")}`, table: msg.table, number: (msg.params || {}).table };
  const box = document.getElementById("event-strip");
  box.classList.remove("hidden");
  showMoved(box);
  setTimeout(() => { location.href = `/t/${msg.table}`; }, 2500);
}

// The notice stays until the page leaves: the old table's next state redraws the strip meanwhile.
function showMoved(box) {
  if (leavingNotice && !document.getElementById("event-moved")) {
    // The new table a tap away, should the page not get there by itself.
    box.append(el("div", { id: "event-moved", class: "event-result" }, leavingNotice.text, " ",
      el("a", { id: "event-go", href: `/t/${leavingNotice.table}`, text: t("room.event.go", { table: leavingNotice.number }) })));
  }
}

// Whether this player may re-enter (out, registration open, a re-entry left), as /me said for `finish`.
const reentry = { finish: null, may: false };
async function askReentry(eventId, finish) {
  reentry.finish = finish;
  reentry.may = false;
  const res = await fetch(`/api/tournaments/${eventId}/me`, { headers: { "X-Player-Token": token } }).catch(() => null);
  const me = res && res.ok ? await res.json().catch(() => null) : null;
  if (reentry.finish !== finish) return;  // asked again meanwhile: that answer counts
  reentry.may = !!(me && me.can_reenter);
  if (reentry.may && typeof state === "object" && state) renderEvent(state);
  document.getElementById("event-strip").dataset.reentry = reentry.may ? "yes" : "no";  // answered (and drawn)
}

// Re-enter (out, registration open): the same token opens the seat the event draws, maybe at another table.
async function reenterEvent(eventId) {
  try {
    const me = await api(`/api/tournaments/${eventId}/reenter`, {}, { "X-Player-Token": token });
    localStorage.setItem(`pd.seat.${me.table}`, token);
    location.href = `/t/${me.table}`;
  } catch (e) { showError(e.message); }
}

let lookedUp = false;
async function findMyTable(eventId) {
  if (lookedUp) return;
  lookedUp = true;
  const res = await fetch(`/api/tournaments/${eventId}/me`, { headers: { "X-Player-Token": token } }).catch(() => null);
  if (!res || !res.ok) return;
  const me = await res.json();
  if (!me.table || me.table === tableId) return;
  // A table broken (or left for the final table) while this page was away: the move is said and
  // the new table linked, as when it happens with the page open.
  if (me.moved && me.moved.to === me.table) {
    eventMoved({ table: me.table, key: `room.event.moved.${me.moved.reason}`, params: { table: me.table_number } }, token);
  } else { localStorage.setItem(`pd.seat.${me.table}`, token); location.href = `/t/${me.table}`; }
}

// The notice of the move that brought this browser here, shown once on arrival.
function movedNotice() {
  const kept = sessionStorage.getItem("pd.moved");
  if (!kept) return;
  sessionStorage.removeItem("pd.moved");
  showNote(said(JSON.parse(kept)));  // news, not an error
}

setInterval(() => {
  const span = document.getElementById("event-time");
  if (!span || span.dataset.paused === "1") return;
  const left = Math.max(0, +span.dataset.left - (performance.now() - eventAt) / 1000);
  putText(span, t("room.event.time_left", { time: clockText(left) }));  // a write only when the second changes
}, 250);
