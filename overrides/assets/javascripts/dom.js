// The small DOM helpers the checker, the training questions and the turn tracker share.
// Text goes in with append() (as text nodes), never as markup: what a link or the engine
// says cannot inject HTML.

// el("p", {class: "x"}, "text", child…): an element with its attributes and children.
export function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// format("{n} turns", {n: 3}): a translated template's {name} placeholders filled in;
// an unknown name is left as it is.
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

// clock(65000) → "01:05": a duration as minutes and seconds.
export function clock(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
