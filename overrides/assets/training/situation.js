// A question's situation, each fact named as the checker's form names it (the fields the
// page's JSON holds, from rules_engine.training.situation: the form's, with the words a question
// needs: the edition and its dates, "Nobody had won by the end of …", a clock that did not run out):
// shared by the training questions and the exams. rules_engine.training.situation.facts renders
// the same facts in Python, for the test that rebuilds each question from what is shown.
import { el } from "../javascripts/dom.js";

// situation(fields, scenario, {yes, no}): a <dl> of the scenario's facts.
export function situation(fields, scenario, strings) {
  return factList(fields, "", scenario, strings);
}

function factList(fields, parent, values, strings) {
  const list = el("dl", { class: "training-facts" });
  const left = new Set(Object.keys(values));
  left.delete("version");
  for (const field of fields) {
    const cut = field.path.lastIndexOf("/");
    const key = field.path.slice(cut + 1);
    if (field.path.slice(0, cut) !== parent || !left.has(key)) continue;
    left.delete(key);
    const shown = describe(fields, field, values[key], strings);
    if (shown !== null) list.append(el("div", {}, el("dt", {}, field.label), el("dd", {}, shown)));
  }
  for (const key of left) list.append(el("div", {}, el("dt", {}, key), el("dd", {}, JSON.stringify(values[key]))));
  return list;
}

function describe(fields, field, value, strings) {
  if (value === null && field.none) return field.none;
  if (field.kind === "choice") {
    const choice = field.choices.find(([v]) => v === value);
    return choice ? choice[1] : String(value);
  }
  if (field.kind === "boolean") return value ? strings.yes : strings.no;
  if (field.kind === "pair" && Array.isArray(value)) return `A ${value[0]} · B ${value[1]}`;
  if (field.kind === "object") {
    return value && typeof value === "object" && Object.keys(value).length
      ? factList(fields, field.path, value, strings) : null;
  }
  if (field.kind === "list") {
    if (!Array.isArray(value) || !value.length) return null;
    const items = el("ul", { class: "training-items" });
    for (const item of value) items.append(el("li", {}, factList(fields, `${field.path}/-`, item || {}, strings)));
    return items;
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
