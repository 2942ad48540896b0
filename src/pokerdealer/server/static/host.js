// The host's panel on the table page: shown only in a browser holding this table's host token
// (kept from the host link, below). It reads GET /api/tables/{id}/host and sends the host's
// commands (POST, header X-Host-Token); the server decides, the panel shows what it answered.
const hostPanel = (() => {
  const id = location.pathname.split("/")[2];
  // The host link (/t/{id}#host=...): its token is kept in this browser, and stays in the address bar
  // (a fragment is never sent to a server): the address copied to another browser of the host's is
  // the host link. A host who came in by the plain address gets it there too.
  if (location.hash.startsWith("#host=")) localStorage.setItem(`pd.host.${id}`, decodeURIComponent(location.hash.slice(6)));
  const token = localStorage.getItem(`pd.host.${id}`);
  if (token && !location.hash) history.replaceState(null, "", `${location.pathname}${location.search}#host=${encodeURIComponent(token)}`);
  const $h = (x) => document.getElementById(x);
  const NUMBERS = ["small_blind", "big_blind", "ante", "clock", "time_bank", "bomb_pot_every", "bomb_pot_ante", "seven_deuce"];
  const LABEL = { small_blind: "room.host.ui.small_blind", big_blind: "room.host.ui.big_blind", ante: "room.host.ui.ante",
    ante_type: "room.host.ui.ante_type", clock: "room.host.ui.clock", time_bank: "room.host.ui.time_bank",
    approve_players: "room.host.ui.approve_players", straddle: "room.host.ui.straddle",
    run_it_twice: "room.host.ui.run_it_twice", rabbit_hunt: "room.host.ui.rabbit_hunt", bomb_pot_every: "room.host.ui.bomb_pot_every",
    bomb_pot_ante: "room.host.ui.bomb_pot_ante", seven_deuce: "room.host.ui.seven_deuce" };
  const SWITCHES = ["host-approve", "host-straddle", "host-run-twice", "host-rabbit"];  // on/off settings, sent as soon as they are clicked
  let view = null, busy = false, again = false, lastFetch = 0, timer = null, refused = false;
  let commands = 0;  // commands sent so far: a read sent before the last of them may not show it, and is read again
  const shown = {};  // the value last put in each settings field: a field is refilled only when it changes on the server
  // What the host is doing in the form, which no state from the server may undo: the fields typed in
  // since the last "Apply", and each switch clicked until the server's view says the same.
  const edited = new Set(), switched = {};

  function sayError(text) {
    const e = $h("host-error");
    e.textContent = text || ""; e.classList.toggle("hidden", !text);
    if (text) $h("host-panel").open = true;  // a folded panel unfolds to say what went wrong
  }

  // One request at a time; states arriving meanwhile ask for one more read afterwards.
  async function refresh() {
    if (!token || refused) return;
    if (busy) { again = true; return; }
    busy = true; lastFetch = performance.now();
    let retry = false;
    const sent = commands;
    try {
      const read = await api(`/api/tables/${id}/host`, undefined, { "X-Host-Token": token });
      if (sent !== commands) again = true;  // a command went meanwhile: this read may be from before it
      else { view = read; sayError(""); render(); }
    } catch (e) {
      if (e.status === undefined) retry = true;  // no answer (the server restarting): keep what is shown, ask again
      else {
        // A wrong or stale host token: the server's refusal, in this page's language (api() says it).
        view = null; $h("host-body").classList.add("hidden"); sayError(e.message);
        refused = e.status === 403;  // the token will not become right: no more asking on every state
      }
    } finally {
      busy = false;
      if (again) { again = false; refresh(); } else if (retry) onState();
    }
  }

  // A player's line; the stack as the felt shows it now (the table's last state), else as the host's read said.
  function playerText(p) {
    const row = typeof state !== "undefined" && state && state.seats[p.seat - 1];
    const stack = row && row.name === p.name ? row.stack : p.stack;
    // nameSaid (table.js): a bot in the reader's language
    return t("room.host.ui.player", { name: nameSaid(p.name), seat: p.seat, stack }) + (p.bot ? ` · ${t("room.seat.bot")}` : "");
  }
  // The stacks follow the felt at each state, not at the next read (a second later at most): put in place,
  // the players' buttons stay under the host's finger.
  function followStacks() {
    if (!view) return;
    for (const p of view.players) {
      const node = document.querySelector(`#host-players .host-item[data-name="${CSS.escape(p.name)}"] .host-what`);
      if (node) node.textContent = playerText(p);
    }
  }

  // Every state the table sends may change what the host sees: read again, at most about once a second.
  function onState() {
    followStacks();
    if (!token || refused || timer) return;
    const wait = Math.max(0, 1000 - (performance.now() - lastFetch));
    timer = setTimeout(() => { timer = null; refresh(); }, wait);
  }

  // ``settled`` runs once the server has answered, whatever it said (before the answer is drawn).
  async function command(body, settled = () => {}) {
    commands += 1;
    try {
      const answer = await api(`/api/tables/${id}/host`, body, { "X-Host-Token": token });
      view = Object.assign(answer, { ledger: answer.ledger || (view && view.ledger) });  // the ledger until the next read
      sayError("");
      settled(true);
      render();
      refresh();  // the ledger comes with a read, not with a command's answer
    } catch (e) { settled(false); sayError(e.message); render(); }
  }

  const valueWords = (k, v) => typeof v === "boolean" ? t(v ? "room.host.ui.on" : "room.host.ui.off")
    : k === "ante_type" ? t(v === "big_blind" ? "room.host.ui.ante_big_blind" : "room.host.ui.ante_per_player")
    : fmtNum(v);

  function render() {
    if (!view) return;
    $h("host-body").classList.remove("hidden");
    const closed = view.closed;
    const status = closed ? "room.host.ui.closed" : view.closing ? "room.host.ui.closing" : view.paused ? "room.host.ui.paused" : null;
    $h("host-status").textContent = status ? t(status) : "";
    $h("host-status").classList.toggle("hidden", !status);
    // Closing, the table ends after this hand: the status says so, and there is nothing to pause or resume.
    const over = closed || view.closing;
    $h("host-pause").classList.toggle("hidden", view.paused || over);
    $h("host-resume").classList.toggle("hidden", !view.paused || over);
    // A closed table keeps only what settles up: the ledger and its CSV.
    for (const n of ["host-open", "host-close", "host-invite"]) $h(n).classList.toggle("hidden", closed || view.closing);
    // The form says what the next hand is played by: the settings in force with the pending changes over them.
    const next = Object.assign({}, view.settings, view.pending);
    for (const k of [...NUMBERS, "ante_type"]) {
      const field = $h("host-settings").elements[k];
      if (!edited.has(k) && shown[k] !== next[k]) { shown[k] = next[k]; field.value = next[k]; }
    }
    for (const n of SWITCHES) {
      const setting = $h(n).dataset.setting;
      if (setting in switched && switched[setting] === !!next[setting]) delete switched[setting];
      $h(n).checked = setting in switched ? switched[setting] : !!next[setting];
    }
    const pending = Object.entries(view.pending);
    $h("host-pending").classList.toggle("hidden", !pending.length);
    $h("host-pending").textContent = pending.length ? t("room.host.ui.pending", {
      changes: pending.map(([k, v]) => ({ key: "room.host.ui.change", params: { setting: { key: LABEL[k] }, value: valueWords(k, v) } })) }) : "";
    $h("host-requests").replaceChildren(...(view.requests.length ? view.requests.map(r => el("div", { class: "host-item", "data-member": r.member },
      el("span", { class: "host-what", text: t("room.host.ui.request", { name: r.name, buy_in: r.buy_in }) }),
      el("span", { class: "host-buttons" },
        el("button", { type: "button", class: "primary", "data-approve": r.member, text: t("room.host.ui.approve"), onclick: () => command({ command: "approve", member: r.member }) }),
        el("button", { type: "button", "data-refuse": r.member, text: t("room.host.ui.refuse"), onclick: () => command({ command: "refuse", member: r.member }) }))))
      : [el("p", { class: "muted", text: t("room.host.ui.no_requests") })]));
    $h("host-players").replaceChildren(...(view.players.length ? view.players.map(p => el("div", { class: "host-item", "data-member": p.member, "data-name": p.name },
      el("span", { class: "host-what", text: playerText(p) }),
      el("span", { class: "host-buttons" },
        p.stand_up ? el("span", { class: "muted", text: t("room.host.ui.standing_up") })
          : over || p.member === null ? null  // closing: everyone is stood up after this hand anyway
          : el("button", { type: "button", "data-stand-up": p.member, text: t("room.host.ui.stand_up"), onclick: () => command({ command: "stand_up", member: p.member }) }),
        // A player's chat, muted or let go again (a bot says nothing).
        p.bot || p.member === null ? null
          : el("button", { type: "button", "data-mute": p.member, "aria-pressed": p.muted ? "true" : "false", text: t(p.muted ? "room.host.ui.unmute" : "room.host.ui.mute"),
            onclick: () => command({ command: p.muted ? "unmute" : "mute", member: p.member }) }))))
      : [el("p", { class: "muted", text: t("room.host.ui.no_players") })]));
    $h("host-mute-spectators").checked = !!view.spectators_muted;
    // The host's "bomb pot next hand" (server/bomb_pot.py): pressed until that hand is dealt.
    const bomb = !!(view.bomb_pot && view.bomb_pot.next);
    $h("host-bomb-pot").setAttribute("aria-pressed", bomb ? "true" : "false");
    $h("host-bomb-pot").textContent = t(bomb ? "room.host.ui.bomb_pot_next_on" : "room.host.ui.bomb_pot_next");
    followStacks();
    const rows = view.ledger || [];
    $h("host-ledger").tBodies[0].replaceChildren(...rows.map(r => el("tr", { "data-member": r.member },
      el("td", { text: nameSaid(r.name) }), ...["buy_ins", "top_ups", "cash_outs", "on_table", "net"].map(f => el("td", { class: "num", text: fmtNum(r[f]) })))));
  }

  async function copy(text, done) {  // in words, not keys, if clicked before they arrived (table.js copyInvite)
    try { await navigator.clipboard.writeText(text); await WORDS_IN; showNote(t(done)); }
    catch (e) { await WORDS_IN; prompt(t(done === "room.host.ui.copied" ? "room.host.ui.copy" : "room.invite.copy"), text); }
  }

  // The CSV needs the host's header, so it is fetched here and saved from this page; its column
  // names in the page's language.
  async function downloadCsv() {
    try {
      const res = await fetch(`/api/tables/${id}/ledger.csv?lang=${encodeURIComponent(LANG)}`, { headers: { "X-Host-Token": token } });
      if (!res.ok) { const data = await res.json().catch(() => ({})); throw new Error(said(data) || res.statusText); }
      const url = URL.createObjectURL(await res.blob());
      const a = el("a", { href: url, download: `${id}-ledger.csv` });
      document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) { sayError(e.message); }
  }

  if (token) {
    $h("host-panel").classList.remove("hidden");
    // The panel starts folded at every width (table.html): open, it ran 1,900 px long under the felt on
    // a phone and put "Last hand" at y = 1,161 on a 1366x768 laptop. Its title unfolds it, as does
    // the header's Host button, which also brings it up (below the felt on a phone).
    $h("btn-host").classList.remove("hidden");
    $h("btn-host").addEventListener("click", () => { $h("host-panel").open = true; $h("host-panel").scrollIntoView({ block: "start" }); });
    $h("host-pause").addEventListener("click", () => command({ command: "pause" }));
    $h("host-resume").addEventListener("click", () => command({ command: "resume" }));
    $h("host-close").addEventListener("click", () => { if (confirm(t("room.host.ui.close_confirm"))) command({ command: "close" }); });
    $h("host-copy").addEventListener("click", () => copy(`${location.origin}/t/${id}#host=${encodeURIComponent(token)}`, "room.host.ui.copied"));
    $h("host-invite").addEventListener("click", () => copy(`${location.origin}/t/${id}`, "room.invite.copied"));
    $h("host-csv").addEventListener("click", downloadCsv);
    $h("host-bomb-pot").addEventListener("click", () => command({ command: "bomb_pot", on: !(view && view.bomb_pot && view.bomb_pot.next) }));
    $h("host-mute-spectators").addEventListener("change", (ev) =>
      command({ command: ev.target.checked ? "mute_spectators" : "unmute_spectators" }));
    for (const n of SWITCHES) {
      $h(n).addEventListener("change", (ev) => {
        const setting = ev.target.dataset.setting, on = ev.target.checked;
        switched[setting] = on;  // shown as clicked until the server's view agrees (or refuses)
        // Refused, the switch shows the server's value again; taken, the answer shows it.
        command({ command: "settings", settings: { [setting]: on } }, (ok) => { if (!ok && switched[setting] === on) delete switched[setting]; });
      });
    }
    for (const k of [...NUMBERS, "ante_type"]) {
      const field = $h("host-settings").elements[k];
      for (const kind of ["input", "change"]) field.addEventListener(kind, () => edited.add(k));
    }
    $h("host-settings").addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (!view) return;
      // Only what the host changed, against what will be in force (the pending changes over the settings).
      const f = ev.target.elements, now = Object.assign({}, view.settings, view.pending), changes = {};
      for (const k of NUMBERS) {
        if (f[k].value === "") continue;
        const v = k === "clock" ? +f[k].value : Math.floor(+f[k].value);
        if (v !== now[k]) changes[k] = v;
      }
      if (f.ante_type.value !== now.ante_type) changes.ante_type = f.ante_type.value;
      // Taken, the fields show the server's values again; refused, what the host typed stays to be corrected.
      const applied = (ok) => { if (ok) { edited.clear(); for (const k in shown) delete shown[k]; } };
      if (Object.keys(changes).length) command({ command: "settings", settings: changes }, applied);
      else { applied(true); render(); }
    });
  }
  return { refresh, onState, render, isHost: !!token, token };
})();
