// The lobby's tournaments: the listed ones (GET /api/tournaments), each with a link to its page, where
// a player registers or watches; and the "create a tournament" form: the settings as POST
// /api/tournaments takes them; whoever creates a tournament opens its page by the host link (its
// token kept in this browser).
(function () {
  const form = document.getElementById("create-event");
  const shown = (id, on) => document.getElementById(id).classList.toggle("hidden", !on);
  form.elements.structure.addEventListener("change", () => shown("ev-levels-box", form.elements.structure.value === "custom"));
  form.elements.payouts.addEventListener("change", () => shown("ev-percents-box", form.elements.payouts.value === "custom"));

  // "10/20", "25/50/50" (big-blind ante), "break" or "break 10" (minutes): one a line. A break is
  // also said in the page's language ("休息 10", the form says so); "break" is understood in every one.
  function parseLevels(text, seconds) {
    const out = [];
    const words = ["break", t("event.form.break_word")].map(w => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const breakLine = new RegExp(`^(?:${words.join("|")})(?:\\s*(\\d+(?:\\.\\d+)?))?$`, "i");
    for (const raw of text.split("\n")) {
      const line = raw.trim().replace(/／/g, "/");  // a Chinese keyboard's full-width slash too
      if (!line) continue;
      const brk = line.match(breakLine);
      if (brk) { out.push({ break_seconds: brk[1] ? +brk[1] * 60 : seconds }); continue; }
      const m = line.match(/^(\d+)\s*\/\s*(\d+)(?:\s*\/\s*(\d+))?$/);
      if (!m) throw new Error(t("event.form.bad_level", { line }));
      out.push({ small_blind: +m[1], big_blind: +m[2], ante: m[3] ? +m[3] : 0, seconds });
    }
    if (!out.length) throw new Error(t("event.form.no_levels"));
    return out;
  }
  function settings() {
    const f = new FormData(form);
    const minutes = f.get("level_minutes") ? +f.get("level_minutes") : null;
    const body = {
      name: f.get("name"), max_entrants: +f.get("max_entrants"), starting_stack: +f.get("starting_stack"),
      buy_in: +f.get("buy_in"), seats: +f.get("seats"), late_registration: +f.get("late_registration") || 0,
      re_entries: +f.get("re_entries") || 0, hand_for_hand_busts: f.get("hand_for_hand_busts") || "tie",
      clock: +f.get("clock"), lang: f.get("lang"), listed: f.get("listed") === "true",
    };
    if (f.get("structure") === "custom") {
      if (!minutes) throw new Error(t("event.form.need_minutes"));
      body.levels = parseLevels(String(f.get("levels") || ""), minutes * 60);
    } else {
      body.structure = f.get("structure");
      if (minutes) body.level_seconds = minutes * 60;
    }
    if (f.get("payouts") === "custom") {
      const percents = String(f.get("percents") || "").split(/[,\s，、]+/).filter(Boolean).map(Number);
      if (!percents.length || percents.some(p => !Number.isInteger(p))) throw new Error(t("event.form.bad_percents"));
      body.payouts = percents;
    } else body.payouts = f.get("payouts");
    const kinds = f.getAll("bot_kinds");  // the kinds ticked (their ids), taken in turn
    const count = +f.get("bot_count") || 0;
    if (count && !kinds.length) throw new Error(t("event.form.need_bot_kinds"));
    body.bots = Array.from({ length: count }, (_, i) => kinds[i % kinds.length]);
    if (f.get("final_table_seats")) body.final_table_seats = +f.get("final_table_seats");
    if (f.get("start_at")) body.start_at = new Date(f.get("start_at")).getTime() / 1000;
    return body;
  }
  const ready = followsWords(form, "event.form.default_name");  // lobby.js: the name and language start as the page's
  sendOnce(form, async () => {
    await ready();
    const error = document.getElementById("create-event-error");
    error.textContent = "";
    try {
      const made = await api("/api/tournaments", settings());
      localStorage.setItem(`pd.ehost.${made.id}`, made.host_token);
      location.href = made.host_url || `/e/${encodeURIComponent(made.id)}#host=${encodeURIComponent(made.host_token)}`;
      return LEFT;
    } catch (e) { error.textContent = e.message; }
  });
  // The list, redrawn from the last answer when the language changes (the times too: they are the reader's).
  let events = null, eventsError = null;
  const dash = "—";
  // A cell: its column's name (shown on a phone only), its value, and a note under it if any.
  const cell = (label, cls, value, note, valueAttrs) => el("td", { class: cls }, el("span", { class: "cell-label", text: t(label) }),
    el("span", Object.assign({ class: "value", text: value }, valueAttrs)), note ? el("div", { class: "muted", text: note }) : null);
  function statusText(e) {
    return e.status === "started" ? t("event.lobby.started") : t(`event.status.${e.status}`);
  }
  function entrantsText(e) {
    if (e.players_left !== null) return t("event.lobby.left", { left: e.players_left, entries: e.entries });
    return e.entries === null ? dash : t("event.lobby.entrants", { entries: e.entries, max: e.max_entrants });
  }
  function startsText(e) {
    if (e.start_at) return new Date(e.start_at * 1000).toLocaleString(LANG, { dateStyle: "medium", timeStyle: "short" });
    return e.status === "registering" ? t("event.lobby.host_starts") : dash;
  }
  function drawEvents() {
    const body = document.querySelector("#events tbody");
    if (eventsError) { body.replaceChildren(el("tr", {}, el("td", { colspan: 7, class: "error", text: eventsError }))); return; }
    if (events === null) return;
    if (!events.length) { body.replaceChildren(el("tr", {}, el("td", { colspan: 7, class: "muted", text: t("event.lobby.none") }))); return; }
    body.replaceChildren(...events.map(e => {
      const late = e.status !== "registering" && e.registration_open;
      return el("tr", { "data-event": e.id },
        el("td", { class: "ev-name" }, el("a", { href: e.url, text: e.name }),
          el("div", { class: "muted", text: t("event.lobby.about", { structure: { key: `event.preset.${e.structure}` }, seats: e.seats }) })),
        cell("event.lobby.col.buy_in", "num", fmtNum(e.buy_in)),
        cell("event.lobby.col.stack", "num", fmtNum(e.starting_stack)),
        cell("event.lobby.col.status", "lobby-status", statusText(e), late ? t("event.lobby.late_open") : null,
          { class: "value ev-status", "data-status": e.status }),
        cell("event.lobby.col.entrants", "", entrantsText(e)),
        cell("event.lobby.col.starts", "", startsText(e)),
        // Entries taken: register (or watch); else only to watch.
        el("td", { class: "ev-go" }, el("a", { href: e.url, text: t(e.status === "registering" || late ? "event.lobby.open" : "event.lobby.watch") })));
    }));
  }
  async function refreshEvents() {
    try { events = await api("/api/tournaments"); eventsError = null; } catch (e) { eventsError = e.message; }
    drawEvents();
  }
  refreshEvents(); setInterval(refreshEvents, 5000);
  new MutationObserver(drawEvents).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
})();
