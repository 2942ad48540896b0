// The lobby: listed tables, your tables, and a form to create one.
const t_ = t;  // `t` names a table below
async function refresh() {
  const body = document.querySelector("#tables tbody");
  try {
    const tables = await api("/api/tables");
    // A listed table is opened in the language this lobby is read in (a stranger's, not the host's pick for invitees).
    const at = (t) => `${t.url}?lang=${encodeURIComponent(LANG)}`;
    body.replaceChildren(...tables.map(t => el("tr", {},
      el("td", {}, el("a", { href: at(t), text: tableName(t.name) })),
      el("td", { text: t_("room.lobby.blinds", { small: t.blinds[0], big: t.blinds[1], structure: { key: `room.structure.${t.structure}` } }) + (t.reveal_deck ? t_("room.lobby.whole_deck") : "") + (t.straddle ? t_("room.lobby.straddle") : "")
        + (t.run_it_twice || t.rabbit_hunt || t.bomb_pot_every || t.seven_deuce ? t_("room.lobby.home_rules") : "") }),
      el("td", { text: t_("room.lobby.players", { players: t.players, seats: t.seats, bots: t.bots }) }),
      el("td", {}, el("a", { href: at(t), text: t_("room.lobby.play") })))));
    if (!tables.length) body.replaceChildren(el("tr", {}, el("td", { colspan: 4, class: "muted", text: t_("room.lobby.none") })));
  } catch (e) { body.replaceChildren(el("tr", {}, el("td", { class: "error", text: e.message }))); }
  const mine = JSON.parse(localStorage.getItem("pd.tables") || "[]");
  document.getElementById("mine").replaceChildren(...mine.map(t => el("li", {}, el("a", { href: `/t/${t.id}`, text: tableName(t.name) }))));
  document.getElementById("mine-title").classList.toggle("hidden", !mine.length);
}
// A setting folded away that the browser finds wrong is unfolded to be seen (it focuses it).
document.getElementById("create").addEventListener("invalid", (ev) => { const more = ev.target.closest("details"); if (more) more.open = true; }, true);
// A lobby form's name and its tables' language start as the page's words (both forms: this one and
// lobby_event.js's). An untouched name follows each language the page is read in (loadWords() sets
// <html lang> each time the words arrive); a name typed before the words came is kept. The language
// is the page's when the words first come, then the host's pick. The words can arrive before the
// form's script has run (a slow download): then they are followed at once. What this returns is
// awaited before the form is read: a form sent before the words came waits for them (a quick tap, a
// slow line), and an emptied name is the default.
function followsWords(form, defaultKey) {
  const name = form.elements.name;
  let first = true;
  name.addEventListener("input", () => { name.dataset.touched = "1"; });
  const follow = () => {
    if (!name.dataset.touched) name.value = t_(defaultKey);
    if (first) { form.elements.lang.value = LANG; first = false; }
  };
  new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  if (document.documentElement.dataset.words) follow();
  return async () => {
    await WORDS_IN;
    follow();
    if (!name.value.trim()) name.value = t_(defaultKey);
  };
}
const tableFormReady = followsWords(document.getElementById("create"), "room.form.default_name");
sendOnce(document.getElementById("create"), async (ev) => {
  await tableFormReady();
  const f = new FormData(ev.target);
  const body = {
    name: f.get("name"), structure: f.get("structure"), small_blind: +f.get("small_blind"), big_blind: +f.get("big_blind"),
    stack: +f.get("stack"), seats: +f.get("seats"), clock: +f.get("clock"), lang: f.get("lang"), listed: f.get("listed") === "true",
    reveal_deck: f.get("reveal_deck") === "true",
    ante: +f.get("ante") || 0, ante_type: f.get("ante_type"), time_bank: +f.get("time_bank") || 0,
    approve_players: f.get("approve_players") === "true", straddle: f.get("straddle") === "true",
    run_it_twice: f.get("run_it_twice") === "true", rabbit_hunt: f.get("rabbit_hunt") === "true",
    bomb_pot_every: Math.floor(+f.get("bomb_pot_every")) || 0, bomb_pot_ante: Math.floor(+f.get("bomb_pot_ante")) || 0,
    seven_deuce: Math.floor(+f.get("seven_deuce")) || 0,
    // So many bots of each kind (the inputs say the kinds in words; the API takes their ids), in the form's order.
    bots: [...ev.target.querySelectorAll("[data-bot-kind]")].flatMap(input => Array(Math.max(0, Math.floor(+input.value) || 0)).fill(input.dataset.botKind)),
  };
  document.getElementById("create-error").textContent = "";
  try {
    const t = await api("/api/tables", body);
    const mine = JSON.parse(localStorage.getItem("pd.tables") || "[]");
    mine.unshift({ id: t.id, name: t.name });
    localStorage.setItem("pd.tables", JSON.stringify(mine.slice(0, 20)));
    const link = new URL(t.url, location.href).href;
    const a = document.getElementById("invite"); a.href = t.url; a.textContent = link;
    document.getElementById("created").classList.remove("hidden");
    // You created it: you are its host. The host link keeps the token in its fragment (never sent).
    localStorage.setItem(`pd.host.${t.id}`, t.host_token);
    sessionStorage.setItem("pd.created", t.id);  // the table page asks to share the invite (table.js)
    location.href = t.host_url;
    return LEFT;
  } catch (e) { document.getElementById("create-error").textContent = e.message; }
});
loadWords().then(() => {
  langMenu("lang-slot", () => refresh());
  refresh(); setInterval(refresh, 5000);
});
