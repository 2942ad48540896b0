// Shared helpers. User text is only ever put in the page with textContent (never innerHTML).
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const LANG_NAMES = { "en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文" };
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
function cardEl(code, extra) {
  if (!code) return el("span", { class: "card back " + (extra || ""), "data-card": "back" });
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  return el("span", { class: `card ${suit === "h" || suit === "d" ? "red" : ""} ${extra || ""}`, "data-card": code, title: code },
    el("span", { class: "r", text: rank }), el("span", { class: "s", text: SUITS[suit] || "?" }));
}
function langSelect(current, onchange) {
  const sel = el("select", { id: "lang", "aria-label": "language" });
  for (const [k, v] of Object.entries(LANG_NAMES)) sel.append(el("option", { value: k, text: v, selected: k === current }));
  sel.addEventListener("change", () => onchange(sel.value));
  return sel;
}
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    let msg = data.detail;
    if (Array.isArray(msg)) msg = msg.map(d => `${(d.loc || []).slice(-1)[0]}: ${d.msg}`).join("; ");
    throw new Error(msg || res.statusText);
  }
  return data;
}
