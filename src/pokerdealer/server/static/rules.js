// The rules page: its words from the catalogs; beside each rule's title its citation (data-cite: the
// rule's topic, whose citation the server sends with the words as rules.<topic>.cite, from the one
// table of citations), and the numbered beginners' details the citations point to.
function cite() {
  for (const n of document.querySelectorAll("[data-cite]")) n.textContent = t(`rules.${n.dataset.cite}.cite`);
  detailsList(document.getElementById("details-list"));
}
loadWords().then(() => {
  cite();
  langMenu("lang-slot", cite);
  if (location.hash) document.querySelector(location.hash)?.scrollIntoView();
});
