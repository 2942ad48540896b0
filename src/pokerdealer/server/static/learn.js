// Practice drills (/learn): questions from /api/quiz, answered by clicking a choice or typing an
// amount; the server judges nothing here, each drill carries its answer. The page asks for exactly
// the questions it wants (items "topic:level:seed": the same item is the same question in any
// language) and keeps what it knows of the learner in this browser only, no account:
//   "pd.learn.progress": {topic: {right, total}}, the score per topic ("all" too);
//   "pd.learn.state": {levels: {topic: {level, streak}}, reviews: [{topic, level, seed, step, due}],
//                      asked: questions answered here, turn: the next topic "all" takes}.
// Drills that grow: a topic is asked at the learner's level, one level up after LEVEL_UP right answers
// in a row at it; a new set goes on where the last one stopped. A missed question comes back
// REVIEW_GAPS[0] questions later, and once answered right, again REVIEW_GAPS[1] later; a miss starts
// it over, until it has been answered right each time.
const COUNT = 5, LEVEL_UP = 2, REVIEW_GAPS = [3, 8], MOST_REVIEWS = 60;
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let LEVELS = {};  // topic -> how many levels it has, in the order "all" takes them (/api/quiz/topics)
let drill = null, item = null, index = 0, right = 0, verdict = null, levelUp = null, picked = null;
// A seed in the address (?seed=7): the new questions are made from 7, 8, 9, .. (the same every visit).
let seed = params.get("seed") === null ? null : Math.max(0, parseInt(params.get("seed"), 10) || 0);

function stored(key, empty) {
  try { return Object.assign(empty, JSON.parse(localStorage.getItem(key) || "{}")); } catch (e) { return empty; }
}
const progress = () => stored("pd.learn.progress", {});
const learner = () => stored("pd.learn.state", { levels: {}, reviews: [], asked: 0, turn: 0 });
const save = (st) => localStorage.setItem("pd.learn.state", JSON.stringify(st));
const chosen = () => $("topic").value || "all";
const topicName = (topic) => t("quiz.topic." + topic);
const levelOf = (st, topic) => Math.min((st.levels[topic] || { level: 0 }).level, (LEVELS[topic] || 1) - 1);
const same = (a, b) => a.topic === b.topic && a.level === b.level && a.seed === b.seed;
const mine = (st) => st.reviews.filter(r => chosen() === "all" || r.topic === chosen());

function record(topic, ok) {
  const all = progress();
  const p = all[topic] || { right: 0, total: 0 };
  p.total += 1; if (ok) p.right += 1;
  all[topic] = p;
  localStorage.setItem("pd.learn.progress", JSON.stringify(all));
}
function showProgress() {
  const p = progress()[chosen()];
  const waiting = mine(learner()).length;
  const parts = [];
  if (p) parts.push(t("quiz.page.progress", { right: p.right, total: p.total }));
  if (waiting) parts.push(t("quiz.page.reviews_due", { n: waiting }));
  $("progress").textContent = parts.join(" · ");
}
function topicMenu() {
  const now = $("topic").value || params.get("topic") || "all";
  $("topic").replaceChildren(...[...Object.keys(LEVELS), "all"].map(k => el("option", { value: k, text: topicName(k), selected: k === now })));
}
// The next question: one missed earlier that is due again, else a new one at the learner's level.
function nextItem() {
  const st = learner();
  const due = mine(st).filter(r => r.due <= st.asked).sort((a, b) => a.due - b.due)[0];
  if (due) return { topic: due.topic, level: due.level, seed: due.seed, review: true };
  const names = Object.keys(LEVELS);
  let topic = chosen();
  if (topic === "all") { topic = names[st.turn % names.length]; st.turn = (st.turn + 1) % names.length; save(st); }
  const fresh = seed === null ? crypto.getRandomValues(new Uint32Array(1))[0] : seed++;
  return { topic, level: levelOf(st, topic), seed: fresh, review: false };
}
async function fetchDrill(it) {
  const data = await api("/api/quiz?" + new URLSearchParams({ items: `${it.topic}:${it.level}:${it.seed}`, lang: LANG }).toString());
  return data.questions[0];
}
async function ask() {
  item = nextItem();
  drill = await fetchDrill(item);
  verdict = null; levelUp = null; picked = null;
  show();
}
async function start() {
  index = 0; right = 0;
  $("next").textContent = t("quiz.page.next");
  await ask();
}
function show() {
  const d = drill;
  $("drill").hidden = false;
  $("heading").textContent = t("quiz.question", { i: index + 1, n: COUNT,
    topic: t("quiz.page.level", { topic: topicName(d.topic), level: d.level + 1, levels: LEVELS[d.topic] }) });
  $("review").hidden = !item.review;
  // With a picture of the table, the question alone; without one, the situation told in words.
  $("diagram").replaceChildren(...(d.diagram ? [drillDiagram(d.diagram, d.prompt)] : []));
  $("prompt").textContent = d.diagram ? d.ask : d.prompt;
  $("verdict").textContent = ""; $("verdict").className = ""; $("level-up").textContent = "";
  $("explanation").textContent = ""; $("next").hidden = true;
  $("choices").replaceChildren(...(d.choices || []).map((c, k) =>
    el("button", { class: "choice", "data-choice": k, text: `${k + 1}. ${c}`, onclick: () => { picked = k; judge(k === d.answer_index); } })));
  $("amount-row").hidden = d.choices !== null;
  $("amount").value = "";
  $("amount").setAttribute("placeholder", t("quiz.page.amount"));
  if (verdict !== null) paint();
}
function answerText(d) {
  // "3. p3" in English, "第 3 项“p3”" in Chinese: not "答案是3. p3。", a Western stop inside a Chinese sentence.
  if (d.choices !== null) return t("quiz.answer_choice", { n: d.answer_index + 1, choice: d.choices[d.answer_index] });
  return d.answer.min_raise_to === null ? t("quiz.no_raise") : String(d.answer.min_raise_to);
}
function typed() {
  const text = $("amount").value.trim();
  if (!/^\d+$/.test(text)) { $("verdict").textContent = t("quiz.hint.number"); return; }
  const want = drill.answer.min_raise_to;
  judge(want === null ? +text === 0 : +text === want);
}
// What the learner's answer changes: the score, the level, the questions to ask again.
function learn(ok) {
  record(item.topic, ok);
  if (chosen() !== item.topic) record(chosen(), ok);
  const st = learner();
  st.asked += 1;
  const at = st.reviews.findIndex(r => same(r, item));
  if (at >= 0) {
    const r = st.reviews[at];
    r.step = ok ? r.step + 1 : 0;
    if (r.step >= REVIEW_GAPS.length) st.reviews.splice(at, 1);
    else r.due = st.asked + REVIEW_GAPS[r.step];
  } else if (!ok) {
    st.reviews.push({ topic: item.topic, level: item.level, seed: item.seed, step: 0, due: st.asked + REVIEW_GAPS[0] });
    st.reviews = st.reviews.slice(-MOST_REVIEWS);
  }
  // Only a question at the learner's own level moves it (a review may be from a lower one).
  const lv = st.levels[item.topic] || { level: 0, streak: 0 };
  if (item.level === levelOf(st, item.topic)) {
    lv.streak = ok ? lv.streak + 1 : 0;
    if (lv.streak >= LEVEL_UP && lv.level < LEVELS[item.topic] - 1) {
      lv.level += 1; lv.streak = 0;
      levelUp = { topic: item.topic, level: lv.level };
    }
  }
  st.levels[item.topic] = lv;
  save(st);
}
function judge(ok) {
  if (verdict !== null) return;
  verdict = ok;
  if (ok) right += 1;
  learn(ok);
  paint();
}
// The answer's verdict and why, in the page's language (again after a language switch).
function paint() {
  const d = drill, last = index === COUNT - 1;
  $("verdict").textContent = verdict ? t("quiz.right") : t("quiz.wrong", { answer: answerText(d) });
  if (last) $("verdict").textContent += " " + t("quiz.page.done", { right, total: COUNT });
  $("verdict").className = verdict ? "ok" : "bad";
  $("level-up").textContent = levelUp ? t("quiz.page.level_up", { topic: topicName(levelUp.topic), level: levelUp.level + 1, levels: LEVELS[levelUp.topic] }) : "";
  $("explanation").textContent = d.explanation;
  // The right choice marked, and the learner's own pick when it was another.
  for (const b of $("choices").querySelectorAll("button")) {
    b.disabled = true;
    const k = +b.dataset.choice;
    b.classList.toggle("right", k === d.answer_index);
    b.classList.toggle("picked", k === picked);
    b.classList.toggle("wrong", k === picked && k !== d.answer_index);
  }
  $("next").hidden = false;
  $("next").textContent = t(last ? "quiz.page.start" : "quiz.page.next");
  showProgress();
}
function next() {
  if (index < COUNT - 1) { index += 1; ask(); }
  else start();
}
(async () => {
  await loadWords();
  LEVELS = (await api("/api/quiz/topics")).levels;
  // The explanations cite "beginners' detail N": the numbered list is on the page.
  detailsList($("details-list"));
  langMenu("lang-slot", async () => {
    topicMenu(); showProgress(); detailsList($("details-list"));
    if (item) { drill = await fetchDrill(item); show(); }  // the same question, in the new language
  });
  topicMenu(); showProgress();
  $("topic").addEventListener("change", () => { showProgress(); start(); });
  $("start").addEventListener("click", start);
  $("answer").addEventListener("click", typed);
  $("amount").addEventListener("keydown", (e) => { if (e.key === "Enter") typed(); });
  $("next").addEventListener("click", next);
  start();
})();
