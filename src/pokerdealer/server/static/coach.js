// The coach's lines and the player's own limits (issues 16, 22). Everything here comes from
// state.you, the part of the state only this player is sent; the words from the catalogs.
function renderCoach(you, send) {
  renderStop(you, send);
  const box = document.getElementById("coach-panel");
  if (!box) return;
  if (!you || !you.limits) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
  if (!you.seat || !you.coach) {
    // Without a seat, the limits alone: a buy-in is capped by what the loss limit leaves, so the
    // player may need to change it before buying in again (after going on, say).
    const form = limitsForm(you.limits, send);
    if (box.firstChild !== form || box.childNodes.length !== 1) box.replaceChildren(form);
    return;
  }
  // What changes with each state is drawn anew; the limits form stays in place below it (taken
  // out and put back, a field loses the cursor of a player typing in it at every state).
  if (!renderCoach.lines) renderCoach.lines = el("div", { id: "coach-now" });
  const panel = renderCoach.lines;
  panel.replaceChildren();
  const coach = you.coach, lim = you.limits;
  // A click is shown as made until the server says the same: a state sent before it must not undo it.
  if (renderCoach.wanted === !!coach.on) renderCoach.wanted = undefined;
  const on = renderCoach.wanted === undefined ? !!coach.on : renderCoach.wanted;
  panel.append(el("label", {},
    el("input", { type: "checkbox", id: "coach-toggle", checked: on,
      onchange: (e) => { renderCoach.wanted = e.target.checked; send({ type: "coach", on: e.target.checked ? 1 : 0 }); } }),
    " ", t("room.coach.toggle")));
  if (on && coach.on && coach.lines.length) {
    const list = el("ul", { id: "coach-lines", class: "coach-lines" });
    for (const line of coach.lines) list.append(el("li", {}, line.text, " ", el("a", { href: line.href, target: "_blank", rel: "noopener", text: "?" })));
    panel.append(list);
  }
  if (!lim.stop && lim.time_up) panel.append(el("p", { class: "error", id: "limit-time-up", text: t("room.limits.time_up") }));
  const form = limitsForm(lim, send);
  if (box.firstChild !== panel || panel.nextSibling !== form) box.replaceChildren(panel, form);
}

// A stop by the player's own loss or time limit, seated or not (it holds at every seat and table
// of this browser): what happened, the seed's advice, and -- after the cool-off the server counts --
// the choice to go on. The wait is counted down here from the state's `wait` (seconds then left).
// The box is built once per stop and language: a state redrawing it under a click would lose the click.
const stopView = { limits: null, until: 0, drawn: null };
function renderStop(you, send) {
  const slot = document.getElementById("limit-stop-slot");
  if (!slot) return;
  const lim = you && you.limits, stop = lim && lim.stop;
  if (!stop) { stopView.drawn = null; slot.replaceChildren(); return; }
  if (stopView.limits !== lim) { stopView.limits = lim; stopView.until = performance.now() + stop.wait * 1000; }
  const drawn = JSON.stringify([LANG, stop.why, stop.net, stop.minutes, stop.table, stop.again]);
  if (stopView.drawn === drawn && slot.firstChild) { stopTick(); return; }
  stopView.drawn = drawn;
  const played = stop.minutes > 0 ? { key: "room.limits.played.minutes", params: { n: stop.minutes } } : { key: "room.limits.played.short" };
  const result = stop.net < 0 ? { key: "room.limits.result.down", params: { chips: -stop.net } }
    : stop.net > 0 ? { key: "room.limits.result.up", params: { chips: stop.net } } : { key: "room.limits.result.even" };
  const what = t(stop.why === "loss" ? "room.limits.stop.loss" : "room.limits.stop.time", { played, result });
  const box = el("section", { class: "panel limit-stop", id: "limit-stopped", role: "status", "data-why": stop.why },
    el("p", { class: "limit-what", text: what }),
    el("p", { class: "limit-advice", id: "limit-advice", text: t("room.limits.stop.advice") }),
    // Gone on already today: this break is longer, and says why.
    stop.again > 0 ? el("p", { class: "limit-advice", id: "limit-again", text: t("room.limits.stop.again", { n: stop.again, minutes: Math.round(stop.break / 60) }) }) : null,
    stop.table ? el("p", { class: "muted", id: "limit-where", text: t("room.limits.stop.where", { table: tableName(stop.table) }) }) : null,
    el("p", { class: "muted", id: "limit-wait" }),
    el("button", { id: "btn-limit-continue", onclick: () => send({ type: "limit_continue" }), text: t("room.limits.continue") }));
  slot.replaceChildren(box);
  stopTick();
}
// Once a second: the time left before going on may be chosen (the server refuses it earlier anyway).
function stopTick() {
  const wait = document.getElementById("limit-wait"), button = document.getElementById("btn-limit-continue");
  if (!wait || !button) return;
  const left = Math.max(0, Math.ceil((stopView.until - performance.now()) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const text = left > 0 ? t("room.limits.stop.wait", { time }) : t("room.limits.stop.ready");
  putText(wait, text);
  button.disabled = left > 0;
}
setInterval(stopTick, 1000);
// The limits form is built once and kept across redraws (what is typed stays); its
// fields follow the server's settings when those change, the session line every time.
function limitsForm(lim, send) {
  const f = limitsForm;
  if (!f.node || f.lang !== LANG) {
    f.lang = LANG; f.settings = null;
    f.minutes = el("input", { type: "number", id: "limit-minutes", min: 1, style: "width:80px" });
    f.loss = el("input", { type: "number", id: "limit-loss", min: 1, style: "width:80px" });
    f.unit = el("select", { id: "limit-unit" },
      el("option", { value: "chips", text: t("room.limits.unit.chips") }),
      el("option", { value: "buy_ins", text: t("room.limits.unit.buy_ins") }));
    f.timeOut = el("input", { type: "checkbox", id: "limit-time-sit-out" });
    f.session = el("p", { class: "muted", id: "session-line" });
    f.left = el("p", { class: "muted", id: "limit-left" });
    const num = (input) => (input.value === "" ? null : Math.floor(+input.value));
    f.edited = false;
    f.node = el("details", { id: "limits", oninput: () => { f.edited = true; } }, el("summary", { text: t("room.limits.title") }), f.session, f.left,
      el("label", {}, t("room.limits.minutes"), " ", f.minutes), " ",
      el("label", {}, t("room.limits.loss"), " ", f.loss, f.unit), " ",
      el("label", {}, f.timeOut, " ", t("room.limits.time_sit_out")), " ",
      el("button", { id: "btn-limits-save", text: t("room.limits.save"),
        onclick: () => { f.edited = false; f.settings = null; send({ type: "limits", minutes: num(f.minutes), loss: num(f.loss), unit: f.unit.value, time_sit_out: f.timeOut.checked ? 1 : 0 }); } }));
  }
  const settings = JSON.stringify([lim.minutes, lim.loss, lim.unit, lim.time_sit_out]);
  // Refilled when the server's settings change, but not once the player has typed in the form
  // (until they save it: then the server's answer is shown).
  if (settings !== f.settings && !f.edited) {
    f.settings = settings;
    f.minutes.value = lim.minutes || ""; f.loss.value = lim.loss || "";
    f.unit.value = lim.unit; f.timeOut.checked = lim.time_sit_out;
  }
  f.left.textContent = lim.left !== null && lim.left !== undefined ? t("room.limits.left", { chips: lim.left }) : "";
  f.session.textContent = lim.session ? t("room.limits.session", { minutes: Math.floor(lim.session.seconds / 60), net: lim.session.net }) : "";
  return f.node;
}
