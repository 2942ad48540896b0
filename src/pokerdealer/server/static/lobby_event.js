// The lobby's "create a tournament" form: the settings as POST /api/tournaments takes them;
// whoever creates a tournament opens its page by the host link (its token kept in this browser).
(function () {
  const form = document.getElementById("create-event");
  const shown = (id, on) => document.getElementById(id).classList.toggle("hidden", !on);
  form.elements.structure.addEventListener("change", () => shown("ev-levels-box", form.elements.structure.value === "custom"));
  form.elements.payouts.addEventListener("change", () => shown("ev-percents-box", form.elements.payouts.value === "custom"));

  // "10/20", "25/50/50" (big-blind ante), "break" or "break 10" (minutes): one a line.
  function parseLevels(text, seconds) {
    const out = [];
    for (const raw of text.split("\n")) {
      const line = raw.trim().replace(/／/g, "/");  // a Chinese keyboard's full-width slash too
      if (!line) continue;
      const brk = line.match(/^break(?:\s+(\d+(?:\.\d+)?))?$/i);
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
      re_entries: +f.get("re_entries") || 0,
      clock: +f.get("clock"), lang: f.get("lang"),
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
    const kinds = String(f.get("bot_kinds") || "").split(",").map(s => s.trim()).filter(Boolean);
    const count = +f.get("bot_count") || 0;
    if (count && !kinds.length) throw new Error(t("event.form.need_bot_kinds"));
    body.bots = Array.from({ length: count }, (_, i) => kinds[i % kinds.length]);
    if (f.get("start_at")) body.start_at = new Date(f.get("start_at")).getTime() / 1000;
    return body;
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = document.getElementById("create-event-error");
    error.textContent = "";
    try {
      const made = await api("/api/tournaments", settings());
      localStorage.setItem(`pd.ehost.${made.id}`, made.host_token);
      location.href = made.host_url || `/e/${encodeURIComponent(made.id)}#host=${encodeURIComponent(made.host_token)}`;
    } catch (e) { error.textContent = e.message; }
  });
  // The name and the tables' language start as the page's: loadWords() sets <html lang> each time
  // the words arrive (the first load and every language chosen), and an untouched name follows it.
  let first = true;
  form.elements.name.addEventListener("input", () => { form.elements.name.dataset.touched = "1"; });
  new MutationObserver(() => {
    if (!form.elements.name.dataset.touched) form.elements.name.value = t("event.form.default_name");
    if (first) { form.elements.lang.value = LANG; first = false; }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
})();
