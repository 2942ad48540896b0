// The coach's lines and the player's own limits (issue 16). Everything here comes from
// state.you, the part of the state only this player is sent; the words from the catalogs.
function renderCoach(you, send) {
  const panel = document.getElementById("coach-panel");
  if (!panel) return;
  panel.replaceChildren();
  if (!you || !you.seat || !you.coach || !you.limits) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  const coach = you.coach, lim = you.limits;
  panel.append(el("label", {},
    el("input", { type: "checkbox", id: "coach-toggle", checked: coach.on, onchange: (e) => send({ type: "coach", on: e.target.checked ? 1 : 0 }) }),
    " ", t("room.coach.toggle")));
  if (coach.on && coach.lines.length) {
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
  panel.append(limitsForm(lim, send));
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
    f.node = el("details", { id: "limits" }, el("summary", { text: t("room.limits.title") }), f.session,
      el("label", {}, t("room.limits.minutes"), " ", f.minutes), " ",
      el("label", {}, t("room.limits.loss"), " ", f.loss, f.unit), " ",
      el("label", {}, f.timeOut, " ", t("room.limits.time_sit_out")), " ",
      el("button", { id: "btn-limits-save", text: t("room.limits.save"),
        onclick: () => send({ type: "limits", minutes: num(f.minutes), loss: num(f.loss), unit: f.unit.value, time_sit_out: f.timeOut.checked ? 1 : 0 }) }));
  }
  const settings = JSON.stringify([lim.minutes, lim.loss, lim.unit, lim.time_sit_out]);
  if (settings !== f.settings) {
    f.settings = settings;
    f.minutes.value = lim.minutes || ""; f.loss.value = lim.loss || "";
    f.unit.value = lim.unit; f.timeOut.checked = lim.time_sit_out;
  }
  f.session.textContent = lim.session ? t("room.limits.session", { minutes: Math.floor(lim.session.seconds / 60), net: lim.session.net }) : "";
  return f.node;
}
