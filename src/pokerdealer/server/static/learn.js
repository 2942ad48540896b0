// Practice drills (/learn): drills from /api/quiz, answered by clicking a choice or typing an
// amount; the server judges nothing here, each drill carries its answer. Progress per topic is
// kept in this browser (localStorage "pd.learn.progress": {topic: {right, total}}).
const TOPICS = ["all", "showdown", "best_five", "side_pots", "min_raise", "action_order", "show_order"];
const COUNT = 5;
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let drills = [], index = 0, right = 0, answered = false, seed = params.get("seed");

function progress() {
  try { return JSON.parse(localStorage.getItem("pd.learn.progress") || "{}") || {}; } catch (e) { return {}; }
}
function record(topic, ok) {
  const all = progress();
  const p = all[topic] || { right: 0, total: 0 };
  p.total += 1; if (ok) p.right += 1;
  all[topic] = p;
  localStorage.setItem("pd.learn.progress", JSON.stringify(all));
}
function showProgress() {
  const p = progress()[$("topic").value];
  $("progress").textContent = p ? t("quiz.page.progress", { right: p.right, total: p.total }) : "";
}
function topicMenu() {
  const chosen = $("topic").value || params.get("topic") || "all";
  $("topic").replaceChildren(...TOPICS.map(k => el("option", { value: k, text: t("quiz.topic." + k), selected: k === chosen })));
}
async function start() {
  const q = new URLSearchParams({ topic: $("topic").value, count: COUNT, lang: LANG });
  if (seed !== null) q.set("seed", seed);
  const data = await api("/api/quiz?" + q.toString());
  drills = data.questions; index = 0; right = 0;
  seed = null;  // the next set is new
  show();
}
function show() {
  const d = drills[index];
  answered = false;
  $("drill").hidden = false;
  $("heading").textContent = t("quiz.question", { i: index + 1, n: drills.length, topic: t("quiz.topic." + d.topic) });
  $("prompt").textContent = d.prompt;
  $("verdict").textContent = ""; $("explanation").textContent = ""; $("next").hidden = true;
  $("choices").replaceChildren(...(d.choices || []).map((c, k) =>
    el("button", { class: "choice", "data-choice": k, text: `${k + 1}. ${c}`, onclick: () => judge(k === d.answer_index) })));
  $("amount-row").hidden = d.choices !== null;
  $("amount").value = "";
  $("amount").setAttribute("placeholder", t("quiz.page.amount"));
}
function answerText(d) {
  if (d.choices !== null) return `${d.answer_index + 1}. ${d.choices[d.answer_index]}`;
  return d.answer.min_raise_to === null ? t("quiz.no_raise") : String(d.answer.min_raise_to);
}
function typed() {
  const d = drills[index];
  const text = $("amount").value.trim();
  if (!/^\d+$/.test(text)) { $("verdict").textContent = t("quiz.hint.number"); return; }
  const want = d.answer.min_raise_to;
  judge(want === null ? +text === 0 : +text === want);
}
function judge(ok) {
  if (answered) return;
  answered = true;
  const d = drills[index];
  if (ok) right += 1;
  record(d.topic, ok);
  if ($("topic").value !== d.topic) record($("topic").value, ok);
  $("verdict").textContent = ok ? t("quiz.right") : t("quiz.wrong", { answer: answerText(d) });
  $("verdict").className = ok ? "ok" : "bad";
  $("explanation").textContent = d.explanation;
  for (const b of $("choices").querySelectorAll("button")) b.disabled = true;
  $("next").hidden = false;
  if (index === drills.length - 1) $("next").textContent = t("quiz.page.start");
  showProgress();
  if (index === drills.length - 1) $("verdict").textContent += " " + t("quiz.page.done", { right, total: drills.length });
}
function next() {
  if (index < drills.length - 1) { index += 1; show(); }
  else { $("next").textContent = t("quiz.page.next"); start(); }
}
(async () => {
  await loadWords();
  // The explanations cite "beginners' detail N": the numbered list is on the page.
  detailsList($("details-list"));
  langMenu("lang-slot", () => { topicMenu(); showProgress(); detailsList($("details-list")); start(); });
  topicMenu(); showProgress();
  $("topic").addEventListener("change", () => { showProgress(); start(); });
  $("start").addEventListener("click", start);
  $("answer").addEventListener("click", typed);
  $("amount").addEventListener("keydown", (e) => { if (e.key === "Enter") typed(); });
  $("next").addEventListener("click", next);
  start();
})();
