// The tournament page (/e/{id}): the "TV" a host puts on a screen -- the clock, blinds and
// the next level, the field, the prize pool and payouts, chip counts, tables and moves --
// plus a registration box for an invitee and, with the host link, the host's buttons.
const $ = (id) => document.getElementById(id);
// The host link (/e/{id}#host=...): its token is kept in this browser and taken out of the address bar.
const hostKey = `pd.ehost.${eventId}`, playerKey = `pd.eplayer.${eventId}`;
if (location.hash.startsWith("#host=")) {
  localStorage.setItem(hostKey, decodeURIComponent(location.hash.slice(6)));
  history.replaceState(null, "", location.pathname + location.search);
}
let state = null, fetchedAt = 0, me = null, justRegistered = false;
const TV_STANDINGS = 10, TV_COUNTS = 30;
const TV_QUERY = `?counts=${TV_COUNTS}&standings=${TV_STANDINGS}`;  // what the TV shows of the field's lists

// A player's name as this reader says it: a bot the room named in the reader's language (common.js).
const nameSaid = (name) => botNameSaid(state && state.bots, name);
function ticking() {
  // The clock runs between polls while the event runs or is on a break; it stands still otherwise.
  return state && (state.status === "running" || state.status === "break") && state.clock.seconds_left !== null;
}
function drawClock() {
  if (!state) return;
  const c = state.clock;
  const gone = ticking() ? (performance.now() - fetchedAt) / 1000 : 0;
  $("clock").classList.toggle("finished", state.status === "finished");
  if (state.status === "finished") {  // the clock has nothing left to count: the winner instead
    const winner = state.standings.find(p => p.place === 1);
    putText($("level"), t("event.winner"));
    putText($("time"), winner ? nameSaid(winner.name) : "");
    putText($("break-in"), "");
    return;
  }
  putText($("level"), c.on_break ? t("event.clock.break") : t("event.level", { n: c.level }));
  if (c.seconds_left !== null) putText($("time"), clockText(c.seconds_left - gone));
  else putText($("time"), c.hands_left !== null ? t("event.clock.hands_left", { n: c.hands_left }) : t("event.clock.last_level"));
  $("time").classList.toggle("paused", state.status === "paused");
  putText($("break-in"), c.next_break_in !== null && !c.on_break ? t("event.clock.break_in", { time: clockText(c.next_break_in - gone) }) : "");
}
function draw() {
  const s = state, c = s.clock;
  document.title = s.name ? `${s.name} — ${t("event.title")}` : t("event.title");
  $("ev-name").textContent = s.name || t("event.title");
  $("ev-status").textContent = statusText(s.status);
  $("ev-status").dataset.status = s.status;
  $("standings-link").href = `/e/${encodeURIComponent(eventId)}/standings`;
  const over = s.status === "finished";
  $("final-standings").setAttribute("href", `/e/${encodeURIComponent(eventId)}/standings`);
  $("final-standings").classList.toggle("hidden", !over);
  $("blinds").textContent = c.on_break || over ? "" : blindsText(c);
  $("ante").textContent = c.on_break || over ? "" : anteText(c);
  $("hfh").classList.toggle("hidden", !s.hand_for_hand || over);
  $("paused-flag").classList.toggle("hidden", s.status !== "paused");
  $("next").textContent = c.next && !over ? t("event.clock.next", { level: c.next.level, blinds: blindsText(c.next), ante: anteText(c.next, { within: true }) }) : "";
  $("starts").textContent = s.status === "registering" && s.starts_at ? t("event.starts_at", { time: new Date(s.starts_at * 1000).toLocaleString(LANG) }) : "";
  drawClock();
  // Before the start nobody holds chips: the tiles say who has registered, the stack each will
  // start with and the buy-in -- not "0 players left, average 1,000, 0 entries".
  const before = s.status === "registering";
  document.querySelectorAll("#stats .before").forEach(n => n.classList.toggle("hidden", !before));
  document.querySelectorAll("#stats .started").forEach(n => n.classList.toggle("hidden", before));
  $("players-left").textContent = fmtNum(before ? s.registered.length : s.players_left);
  $("average").textContent = fmtNum(before ? s.starting_stack : s.average_stack);
  $("pool").textContent = fmtNum(s.prize_pool);
  $("entries").textContent = fmtNum(before ? s.buy_in : s.entries);
  // A place paid nothing is no prize: before anyone registers the pool is 0 ("No prizes yet.", not "1st: 0").
  fillRows(document.querySelector("#payouts tbody"), s.payouts.filter(p => p.prize > 0).map(p => el("tr", {},
    el("td", { text: placeText(p.place) }), el("td", { class: "num", text: fmtNum(p.prize) }))), t("event.payouts.none"), 2);
  const started = s.status !== "registering";
  // The TV lists the biggest stacks (a big field's full list is on no screen); the tables list everyone.
  fillRows(document.querySelector("#counts tbody"), s.chip_counts.slice(0, TV_COUNTS).map(p => el("tr", {},
    el("td", { class: "muted", text: String(p.rank) }), el("td", { class: "name", text: nameSaid(p.name) }),
    el("td", { class: "num", text: fmtNum(p.stack) }), el("td", { class: "num", text: String(p.table) }))),
    started ? t("event.counts.none") : t("event.counts.not_started"), 4);
  $("registered-title").classList.toggle("hidden", started || !s.registered.length);
  $("registered").textContent = started ? "" : s.registered.map(nameSaid).join(t("list.separator"));
  $("tables").replaceChildren(...s.tables.map(tb => el("div", { class: "ev-table" + (tb.in_hand ? " in-hand" : "") },
    // A table's heading opens it at the room (to watch), when the server says which room table plays it.
    el("h3", {}, s.room_tables && s.room_tables[tb.table] ? el("a", { href: `/t/${encodeURIComponent(s.room_tables[tb.table])}`, text: t("event.table", { n: tb.table }) }) : t("event.table", { n: tb.table })),
    el("ol", {}, ...tb.players.map(p => el("li", {},
      el("span", { class: "seat-no", text: String(p.seat) }),
      el("span", { class: "name", text: nameSaid(p.name) }),
      tb.button === p.seat ? el("span", { class: "btn-mark", title: t("event.tables.button"), text: "D" }) : null,
      el("span", { class: "num", text: fmtNum(p.stack) })))))));
  if (!s.tables.length) $("tables").replaceChildren(el("p", { class: "muted", text: started ? t("event.tables.none") : t("event.tables.not_started") }));
  $("moves-title").classList.toggle("hidden", !s.moves.length);
  $("moves").replaceChildren(...s.moves.map(m => el("li", { text: t(`event.move.${m.reason}`, { player: nameSaid(m.player), from: m.from, to: m.to, seat: m.seat }) })));
  // The TV shows the best places so far (the latest out, or the final ten); the standings page has them all.
  $("standings-box").classList.toggle("hidden", !s.standings.length);
  $("standings-more").classList.toggle("hidden", s.standings_count <= TV_STANDINGS);
  $("standings-more").href = $("standings-link").href;
  fillRows(document.querySelector("#standings tbody"), s.standings.slice(0, TV_STANDINGS).map(p => el("tr", {},
    el("td", { text: placeText(p.place) }), el("td", { class: "name", text: nameSaid(p.name) }), el("td", { class: "num", text: p.prize ? fmtNum(p.prize) : "" }))), t("event.standings.none"), 3);
  // The structure around the level now (one back, ten ahead), every level a click away; a finished
  // event is at no level (its last one is not marked as being played) and has none to come: the
  // levels it played alone.
  $("structure").tBodies[0].replaceChildren(...s.structure.filter(r => !over || r.index <= c.index).map(r => el("tr", { class: (r.index === c.index && !over ? "current" : "") + (r.index < c.index - 1 || r.index > c.index + 10 ? " far" : "") },
    el("td", { text: r.break ? t("event.clock.break") : String(r.level) }),
    el("td", { text: r.break ? "" : blindsText(r) }),
    el("td", { text: r.break ? "" : anteText(r) }),
    el("td", { text: lengthText(r) }))));
  drawToggle();
  drawHost();
  drawRegistration();
}

function drawToggle() {
  const all = document.querySelector(".structure").classList.contains("all");
  $("structure-toggle").textContent = all ? t("event.structure.fewer") : t("event.structure.all");
}
$("structure-toggle").addEventListener("click", () => { document.querySelector(".structure").classList.toggle("all"); drawToggle(); });

// ---------------------------------------------------------------- host
function drawHost() {
  const token = localStorage.getItem(hostKey);
  $("host").classList.toggle("hidden", !token);
  if (!token) return;
  $("host-start").classList.toggle("hidden", state.status !== "registering");
  $("host-pause").classList.toggle("hidden", !(state.status === "running" || state.status === "break"));
  $("host-resume").classList.toggle("hidden", state.status !== "paused");
  // Before the start the host may take a junk entry back (its buy-in refunded). The list is
  // redrawn only when it changed: a button replaced under the host's finger misses the click.
  const entrants = state.status === "registering" ? state.registered : [];
  $("host-entrants").classList.toggle("hidden", !entrants.length);
  const drawn = JSON.stringify([LANG, entrants]);
  if ($("host-entrant-list").dataset.drawn !== drawn) {
    $("host-entrant-list").dataset.drawn = drawn;
    $("host-entrant-list").replaceChildren(...entrants.map(name => el("li", {},
      el("span", { class: "name", text: name }), " ",
      el("button", { type: "button", "aria-label": t("event.host.remove_who", { name }), text: t("event.host.remove"),
        onclick: () => hostCommand("remove", { name }) }))));
  }
  $("host-removed").replaceChildren(...(state.removed || []).map(r => el("li", { text: t("event.host.removed", { name: r.name, refund: fmtNum(r.refund) }) })));
  drawChat();
}
// The host's chat mutes, as at a cash table (host.js): each person entered muted or let go
// again (a bot says nothing), and every spectator at once; they hold at every table of the event.
let chatView = null;
function drawChat() {
  $("host-chat").classList.toggle("hidden", !chatView);
  if (!chatView) return;
  $("host-mute-spectators").checked = !!chatView.spectators_muted;
  const drawn = JSON.stringify([LANG, chatView.entrants]);
  if ($("host-chat-list").dataset.drawn === drawn) return;  // a button replaced under the host's finger misses the click
  $("host-chat-list").dataset.drawn = drawn;
  $("host-chat-list").replaceChildren(...chatView.entrants.map(p => el("li", { "data-name": p.name },
    el("span", { class: "name", text: p.name }), " ",
    el("button", { type: "button", "data-mute": p.name, "aria-pressed": p.muted ? "true" : "false",
      "aria-label": t(p.muted ? "event.host.unmute_who" : "event.host.mute_who", { name: p.name }),
      text: t(p.muted ? "room.host.ui.unmute" : "room.host.ui.mute"),
      onclick: () => hostCommand(p.muted ? "unmute" : "mute", { name: p.name }) }))));
}
async function pollHost() {
  const token = localStorage.getItem(hostKey);
  if (!token) return;
  const res = await fetch(`${eventApi}/host`, { headers: { "X-Host-Token": token } });
  if (res.ok) chatView = await res.json();
}
$("host-mute-spectators").addEventListener("change", (ev) =>
  hostCommand(ev.target.checked ? "mute_spectators" : "unmute_spectators"));
async function hostCommand(command, extra) {
  $("host-error").textContent = "";
  try {
    const res = await fetch(`${eventApi}/host`, { method: "POST", headers: { "Content-Type": "application/json", "X-Host-Token": localStorage.getItem(hostKey) || "" }, body: JSON.stringify({ command, ...extra }) });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(said(data) || res.statusText);
    await poll();
  } catch (e) { $("host-error").textContent = e.message; }
}
$("host-start").addEventListener("click", () => hostCommand("start"));
$("host-pause").addEventListener("click", () => hostCommand("pause"));
$("host-resume").addEventListener("click", () => hostCommand("resume"));
$("copy-invite").addEventListener("click", async () => {
  const link = `${location.origin}/e/${encodeURIComponent(eventId)}`;
  try { await navigator.clipboard.writeText(link); $("host-error").textContent = t("event.host.copied", { link }); }
  catch { $("host-error").textContent = link; }
});

// ---------------------------------------------------------- registration
function drawRegistration() {
  const token = localStorage.getItem(playerKey);
  $("register").classList.toggle("hidden", !!token || !state.registration.open);
  $("me").classList.toggle("hidden", !token || !me);
  if (!token || !me) return;
  const go = $("me-go");
  // Playing: their table; out, or the event over (the winner is still seated): their place and prize.
  const playing = me.table && !me.place && state.status !== "finished";
  if (playing) {
    // The seat at the table page is opened by the token the event gave this player.
    localStorage.setItem(`pd.seat.${me.table}`, me.seat_token);
    go.href = `/t/${encodeURIComponent(me.table)}`;
    $("me-text").textContent = t("event.me.seated", { name: me.name, table: tableNumber(me), seat: me.seat });
  } else if (me.place) {
    $("me-text").textContent = me.prize ? t("event.me.finished_prize", { name: me.name, place: placeText(me.place), prize: fmtNum(me.prize) }) : t("event.me.finished", { name: me.name, place: placeText(me.place) });
  } else {
    $("me-text").textContent = t("event.me.registered", { name: me.name });
  }
  go.classList.toggle("hidden", !playing);
  $("me-reenter").classList.toggle("hidden", !(me.status === "out" && me.can_reenter));
}

// Out while registration is open and re-entries are left: one click enters again (the same
// token opens the new seat) and takes this browser to its table.
$("me-reenter").addEventListener("click", async () => {
  $("me-error").textContent = "";
  try {
    me = await api(`${eventApi}/reenter`, {}, { "X-Player-Token": localStorage.getItem(playerKey) });
    localStorage.setItem(`pd.seat.${me.table}`, me.seat_token);
    location.href = `/t/${encodeURIComponent(me.table)}`;
  } catch (e) { $("me-error").textContent = e.message; }
});

// The event's table number of the player (their room table's id is in me.table; the chip counts list only the biggest stacks).
function tableNumber(m) {
  const found = Object.entries(state.room_tables || {}).find(([, room]) => room === m.table);
  return found ? found[0] : "";
}
async function pollMe() {
  const token = localStorage.getItem(playerKey);
  if (!token) return;
  const res = await fetch(`${eventApi}/me`, { headers: { "X-Player-Token": token } });
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    // The host removed this entry before the start: say so (the registration box comes back).
    const data = await res.json().catch(() => ({}));
    if (data.key === "event.error.removed") $("register-error").textContent = said(data);
    localStorage.removeItem(playerKey); me = null; return;
  }
  if (!res.ok) return;
  const was = me;
  me = await res.json();
  // Registered here and the event has just seated this player (at the start, or at once in late
  // registration): take them to their seat -- not on the host's TV.
  if (me.table && (justRegistered || (was && !was.table)) && !localStorage.getItem(hostKey)) {
    localStorage.setItem(`pd.seat.${me.table}`, me.seat_token);
    location.href = `/t/${encodeURIComponent(me.table)}`;
  }
}
sendOnce($("register-form"), async () => {  // a second tap on its way was told its own name was taken
  $("register-error").textContent = "";
  try {
    const data = await api(`${eventApi}/register`, { name: $("register-name").value.trim() });
    localStorage.setItem(playerKey, data.player_token);
    justRegistered = true;
    await pollMe();
    if (state) draw();
  } catch (e) { $("register-error").textContent = e.message; }
});

// ---------------------------------------------------------------- polling
let glow = null;
function levelUp() {
  $("clock").classList.add("level-up");
  clearTimeout(glow);
  glow = setTimeout(() => $("clock").classList.remove("level-up"), 4000);
}
async function poll() {
  try {
    const [s] = await Promise.all([fetchEvent(TV_QUERY), pollMe().catch(() => null), pollHost().catch(() => null)]);
    if (state && s.clock.index !== state.clock.index) levelUp();
    state = s; fetchedAt = performance.now();
    $("load-error").classList.add("hidden");
    draw();
  } catch (e) {
    $("load-error").textContent = e.message;
    $("load-error").classList.remove("hidden");
  }
}
// Words first, the reader's as on a table page (common.js loadWords): the language chosen here, else
// the one the link says, else the browser's; the event's (the host's) only for a browser reading none.
fetchEvent(TV_QUERY).catch(() => ({})).then(s => loadWords(s.lang, new URLSearchParams(location.search).get("lang"))).then(() => {
  langMenu("lang-slot", () => { if (state) draw(); });
  poll();
  setInterval(poll, 1000);
  setInterval(drawClock, 250);
});
