// The rules page: its words from the catalogs; beside each rule's title its citation (data-cite: the
// rule's topic, whose citation the server sends with the words as rules.<topic>.cite, from the one
// table of citations), the numbered beginners' details the citations point to, and the words of the game.

// The words of the game (#glossary): each word and what it means, rules.glossary.<word>.name/.means,
// in the catalog's order (the words the glossary drill asks); each has its anchor (#glossary-nuts).
function glossaryList(list) {
  const items = [];
  for (const key of Object.keys(WORDS)) {
    const word = /^rules\.glossary\.([a-z_]+)\.name$/.exec(key)?.[1];
    if (!word) continue;
    items.push(el("dt", { id: `glossary-${word.replace(/_/g, "-")}`, text: t(key) }));
    items.push(el("dd", { text: t(`rules.glossary.${word}.means`) }));
  }
  list.replaceChildren(...items);
}
function cite() {
  for (const n of document.querySelectorAll("[data-cite]")) n.textContent = t(`rules.${n.dataset.cite}.cite`);
  detailsList(document.getElementById("details-list"));
  glossaryList(document.getElementById("glossary-list"));
}
loadWords().then(() => {
  cite();
  langMenu("lang-slot", cite);
  if (location.hash) document.querySelector(location.hash)?.scrollIntoView();
});
