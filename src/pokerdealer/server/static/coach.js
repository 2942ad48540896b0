// The coach's lines and the player's own limits (issue 16). Everything here comes from
// state.you, the part of the state only this player is sent; the words from the catalogs.
function renderCoach(you, send) {
  const box = document.getElementById("coach-panel");
  if (!box) return;
  if (!you || !you.seat || !you.coach || !you.limits) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
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
  if (lim.stopped) {
    panel.append(el("p", { class: "error", id: "limit-stopped", text: t("room.limits.stopped." + lim.stopped) }),
      el("button", { id: "btn-limit-continue", onclick: () => send({ type: "limit_continue" }), text: t("room.limits.continue") }));
  } else if (lim.time_up) {
    panel.append(el("p", { class: "error", id: "limit-time-up", text: t("room.limits.time_up") }));
  }
  const form = limitsForm(lim, send);
  if (box.firstChild !== panel || panel.nextSibling !== form) box.replaceChildren(panel, form);
}
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
    const num = (input) => (input.value === "" ? null : Math.floor(+input.value));
    f.edited = false;
    f.node = el("details", { id: "limits", oninput: () => { f.edited = true; } }, el("summary", { text: t("room.limits.title") }), f.session,
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
  f.session.textContent = lim.session ? t("room.limits.session", { minutes: Math.floor(lim.session.seconds / 60), net: lim.session.net }) : "";
  return f.node;
}
