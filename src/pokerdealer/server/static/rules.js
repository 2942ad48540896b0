// The rules page: its words from the catalogs; each rule's numbers (TDA, seed articles) are the same in every language.
for (const n of document.querySelectorAll("[data-cite]")) n.textContent = n.dataset.cite;
loadWords().then(() => langMenu("lang-slot"));
