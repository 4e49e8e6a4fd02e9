// The scenario checker: reads the form the site generated from the engine's fields, asks the
// engine (window.rulesChecker, Pyodide in a worker) for the ruling and shows it. No rule lives
// here: the form says when a field applies (data-when), the engine says everything else.
// Everything shown comes from the page's own JSON strings or the ruling, and is set with
// textContent: a share link cannot inject markup.

// window.rulesChecker: imported, so it exists before this runs (the page also loads it
// `async`, to start the engine early for a link that asks for an answer).
import "../engine/checker-client.mjs";
import { el, format } from "../javascripts/dom.js";
import { downloadBar, downloadText, problem } from "../javascripts/engine-status.js";
import { keepOnDevice } from "../javascripts/storage.js";
import { resultRows, scoresKept, summaryLine, summaryParts } from "../javascripts/results.js";
import { turnPlan } from "../javascripts/turn-plan.js";
import { copyLink, shareButton as shareSheetButton } from "../javascripts/share.js";

// The scenario's JSON as a share link's fragment: percent-encoded (the contract), except ":"
// and ",", which a fragment may hold as they are (RFC 3986 and the URL standard alike, and the
// link detectors of messaging apps keep them in a link), so a link is shorter and its keys
// readable: #scenario=%7B%22version%22:1,%22game%22:%22mtg%22,…%7D. Braces, brackets, the
// double quote, spaces, %, # and every non-ASCII character stay encoded: RFC 3986 does not
// allow them in a fragment and some link detectors end a link before them.
export function fragmentJSON(scenario) {
  return encodeURIComponent(JSON.stringify(scenario)).replace(/%3A/g, ":").replace(/%2C/g, ",");
}

// A share link is read, and its situation named, by the script the page runs under its title
// (shared-line.js, window.checkerShared): one reading for the first paint and for the checker.
const links = window.checkerShared;

for (const root of document.querySelectorAll(".checker")) setUp(root);

function setUp(root) {
  const data = JSON.parse(root.querySelector(".checker-data").textContent);
  const { strings, labels, lang } = data;
  const ruling = root.querySelector("[data-ruling]");
  const forms = [...root.querySelectorAll(".checker-form")];
  let form = forms[0];
  let lastScenario = null;
  let shared = null; // the shared situation's line at the top of the page (a link's)
  // The ruling's headings go one level below the heading the widget sits under (h3 under a
  // procedure page's h2, h2 on the checker page under its h1): no level is skipped.
  const heading = `h${Math.min(6, headingLevelBefore(root) + 1)}`;

  const say = (text) => {
    ruling.replaceChildren(el("p", { class: "checker-status" }, text));
  };
  const setState = (state) => ruling.setAttribute("data-state", state);

  // The game switcher of the all-games page shows one form at a time.
  const switcher = root.querySelector(".checker-game");
  const showGame = (game) => {
    for (const f of forms) f.hidden = f.dataset.game !== game;
    form = forms.find((f) => f.dataset.game === game) || forms[0];
  };
  if (switcher) {
    switcher.addEventListener("change", (event) => showGame(event.target.value));
    showGame(switcher.querySelector("input:checked").value);
  }

  for (const f of forms) {
    for (const button of f.querySelectorAll("[data-action=add]")) button.textContent = strings.add;
    f.addEventListener("click", (event) => {
      const action = event.target.closest("[data-action]");
      if (!action) return;
      if (action.dataset.action === "add") {
        const row = addRow(action.closest(".checker-field"));
        applyWhen(f);
        // Keyboard and screen-reader users land in the row they just added.
        if (row) row.querySelector("input:not([disabled])")?.focus();
        return;
      }
      if (action.dataset.action === "remove") {
        const list = action.closest(".checker-field");
        action.closest(".checker-row").remove();
        // The focused button is gone: keep the focus in the list, on its "Add" button.
        list.querySelector(":scope > fieldset > [data-action=add]").focus();
      }
      applyWhen(f);
    });
    f.addEventListener("change", (event) => {
      if (event.target.type === "date" || event.target.closest('[data-path="/edition"], [data-path="/region"]')) resolveEdition(f);
      applyWhen(f);
    });
    f.addEventListener("reset", () => {
      // A form being filled (a share link, Undo) is cleared and filled by fillForm itself.
      if (filling) return;
      // The event comes before the form is cleared: what it held can still be read, and a
      // Reset pressed by mistake is undone with one tap (nothing typed is lost).
      const before = readForm(f);
      setTimeout(() => {
        for (const row of f.querySelectorAll(".checker-row")) row.remove();
        clearErrors(f);
        resolveEdition(f);
        offerUndo(f, before);
      });
    });
    f.addEventListener("input", () => dropUndo(f));
    f.addEventListener("submit", (event) => {
      event.preventDefault();
      // A fact the ruling rests on that nobody entered (the form chooses none): asked beside its field,
      // what was entered kept; no ruling on a score, a round or a turn nobody gave.
      const missing = unfilled(f);
      if (missing.length) {
        askForm(f, missing);
        return;
      }
      const scenario = readForm(f);
      share(scenario);
      judge(scenario);
    });
    applyWhen(f);
  }

  function addRow(field) {
    const rows = field.querySelector(":scope > fieldset > .checker-rows");
    if (rows.children.length >= Number(field.dataset.maxItems || 99)) return null;
    const row = field.querySelector(":scope > fieldset > template").content.firstElementChild.cloneNode(true);
    const index = rows.children.length;
    for (const input of row.querySelectorAll("[id]")) input.id = `${input.id}-${index}`;
    for (const label of row.querySelectorAll("label[for]")) label.htmlFor = `${label.htmlFor}-${index}`;
    for (const input of row.querySelectorAll("input[type=radio]")) input.name = `${input.name}-${index}`;
    for (const el of row.querySelectorAll("[aria-describedby]")) {
      el.setAttribute("aria-describedby", el.getAttribute("aria-describedby").split(" ").map((id) => `${id}-${index}`).join(" "));
    }
    for (const el of row.querySelectorAll(".checker-help, .checker-error")) el.id = `${el.id}-${index}`;
    row.querySelector("[data-action=remove]").textContent = strings.remove;
    rows.append(row);
    return row;
  }

  // --- what applies ---------------------------------------------------------------------
  function applyWhen(f) {
    const top = {};
    for (const field of fieldsOf(f.querySelector(":scope > .checker-fields"))) {
      if (field.dataset.kind === "choice") top[field.dataset.path.slice(1)] = readField(field);
    }
    // No edition chosen: the facts asked are those of the edition the engine named for the event
    // date, or of the newest (data-edition; a region's own rules: its newest, data-regions).
    if (top.edition === undefined) {
      const regional = top.region !== undefined ? JSON.parse(f.dataset.regions || "{}")[top.region] : undefined;
      top.edition = f.dataset.resolved || regional || f.dataset.edition;
    }
    // Games won: the choices the best of allows (one game short of the wins that take the match);
    // a value chosen or shared beyond them stays in sight, for the engine to say why it cannot be.
    for (const pair of f.querySelectorAll("fieldset[data-most-by]")) {
      const most = JSON.parse(pair.dataset.most)[String(top[pair.dataset.mostBy.slice(1)])];
      for (const input of pair.querySelectorAll("input[type=radio]")) {
        input.closest("label").hidden = most !== undefined && Number(input.value) > most && !input.checked;
      }
    }
    for (const field of f.querySelectorAll(".checker-field")) {
      const when = JSON.parse(field.dataset.when || "{}");
      const applies = Object.entries(when).every(([key, allowed]) => allowed.includes(top[key]));
      field.hidden = !applies;
      for (const input of field.querySelectorAll(":scope input, :scope select")) {
        input.disabled = !applies || Boolean(input.closest(".checker-field[hidden]"));
      }
    }
  }

  // Which edition an event date picks is the engine's to say (rules_engine.edition_json), never worked
  // out here; until it answers, or for a date it refuses, the newest stands. A date (or a date and an
  // edition) the engine refuses gets its message beside the field at once, not only at "Rule".
  function resolveEdition(f) {
    const date = f.querySelector(".checker-field[data-kind=date] input")?.value;
    const asked = { game: f.dataset.game, edition: readField(f.querySelector('.checker-field[data-path="/edition"]')),
      event_date: date || undefined };
    const key = JSON.stringify(asked);
    f.dataset.editionAsked = key;
    delete f.dataset.resolved;
    for (const field of f.querySelectorAll('[data-path="/edition"], [data-path="/event_date"]')) clearErrors(field);
    applyWhen(f);
    // The engine names an edition by game, date and edition id: a region's own rules (its newest,
    // data-regions) are asked of the ruling itself, which refuses a date they do not cover.
    const regionField = f.querySelector('.checker-field[data-path="/region"]');
    if (!date || (regionField && readField(regionField) !== undefined) || !window.rulesChecker?.edition) return;
    window.rulesChecker.edition(asked, lang).then((found) => {
      if (f.dataset.editionAsked !== key) return;
      f.dataset.resolved = found.id;
      applyWhen(f);
    }, (error) => {
      if (f.dataset.editionAsked !== key || !error?.field) return;
      const field = fieldAt(f, error.field);
      if (field && !field.hidden) markInvalid(field, error.field, fieldMessage(field, error));
    });
  }

  // --- form ⇄ scenario ------------------------------------------------------------------
  function fieldsOf(container) {
    // A container's own fields, including those tucked into its "more facts" box.
    const out = [];
    for (const child of container ? container.children : []) {
      if (child.matches(".checker-field")) out.push(child);
      else if (child.matches(".checker-more")) out.push(...fieldsOf(child.querySelector(":scope > .checker-fields")));
    }
    return out;
  }

  function readField(field) {
    const kind = field.dataset.kind;
    if (kind === "choice") {
      // Radio buttons, or a drop-down list where the options are many (the editions of Magic).
      const select = field.querySelector(":scope > label select");
      const input = select ? select.selectedOptions[0] : field.querySelector(":scope > fieldset input:checked");
      if (!input || input.dataset.type === "null") return undefined;
      return input.dataset.type === "int" ? Number(input.value) : input.value;
    }
    if (kind === "boolean") {
      const box = field.querySelector(":scope > label input");
      return box.checked ? true : undefined;
    }
    if (kind === "integer" || kind === "number") return numberOf(field.querySelector(":scope > label input"));
    if (kind === "date") return field.querySelector(":scope > label input").value || undefined;
    if (kind === "pair") {
      const values = pairSides(field).map((side) => (side[0].type === "radio"
        ? (side.find((input) => input.checked) ? Number(side.find((input) => input.checked).value) : undefined)
        : numberOf(side[0])));
      return values.every((v) => v === undefined) ? undefined : values.map((v) => (v === undefined ? null : v));
    }
    if (kind === "object") {
      const value = readObject(field.querySelector(":scope > fieldset > .checker-fields"));
      return Object.keys(value).length ? value : undefined;
    }
    const rows = [...field.querySelectorAll(":scope > fieldset > .checker-rows > .checker-row")];
    const items = rows.map((row) => readObject(row.querySelector(":scope > .checker-fields")));
    return items.length ? items : undefined;
  }

  // A pair's two sides, each its inputs: one number field, or one-tap choices (the games won).
  function pairSides(field) {
    const groups = [...field.querySelectorAll(":scope > fieldset .checker-pair-side")];
    return groups.length ? groups.map((group) => [...group.querySelectorAll("input")])
      : [...field.querySelectorAll(":scope > fieldset input")].map((input) => [input]);
  }

  function numberOf(input) {
    if (input.value.trim() === "") return input.validity.badInput ? NaN : undefined;
    return Number(input.value);
  }

  function readObject(container) {
    const out = {};
    for (const field of fieldsOf(container)) {
      if (field.hidden) continue;
      const value = readField(field);
      if (value !== undefined) out[field.dataset.path.split("/").pop()] = value;
    }
    return out;
  }

  function offerUndo(f, before) {
    dropUndo(f);
    // The ruling was the cleared form's: it goes with it, and comes back with Undo.
    const shown = ruling.dataset.state !== "loading" && !ruling.hidden;
    if (shown) ruling.hidden = true;
    const undo = el("button", { type: "button", class: "md-button checker-undo-reset" }, strings.undo_reset);
    undo.addEventListener("click", () => {
      fillForm(f, before);
      if (shown) ruling.hidden = false;
      f.querySelector(".checker-fields input:not([disabled])")?.focus();
    });
    const line = el("p", { class: "checker-undo", role: "status" }, `${strings.form_cleared} `, undo);
    // In the sticky bar, under the thumb that pressed Reset.
    f.querySelector(".checker-actions").append(line);
  }

  function dropUndo(f) {
    f.querySelector(".checker-undo")?.remove();
  }

  function readForm(f) {
    return { version: 1, game: f.dataset.game, ...readObject(f.querySelector(":scope > .checker-fields")) };
  }

  let filling = false;
  function fillForm(f, scenario) {
    filling = true;
    f.reset();
    filling = false;
    dropUndo(f);
    for (const row of f.querySelectorAll(".checker-row")) row.remove();
    fillObject(f.querySelector(":scope > .checker-fields"), scenario);
    resolveEdition(f); // the facts of the edition it names, or of its date's, or of the newest
  }

  function fillObject(container, values) {
    if (!values || typeof values !== "object") return;
    for (const field of fieldsOf(container)) {
      const key = field.dataset.path.split("/").pop();
      // A choice the scenario does not make is its "not given" option, whatever the form offers
      // first (a Japanese page's Disney Lorcana form chooses Japan): the form shows what is ruled.
      if (!Object.hasOwn(values, key) && field.dataset.kind === "choice"
          && field.querySelector(':scope [data-type="null"]')) fillField(field, null);
      if (!Object.hasOwn(values, key)) continue;
      fillField(field, values[key]);
      const more = field.closest("details");
      if (more) more.open = true;
    }
  }

  function fillField(field, value) {
    const kind = field.dataset.kind;
    if (kind === "choice") {
      const select = field.querySelector(":scope > label select");
      if (select) select.selectedIndex = [...select.options].findIndex((option) =>
        (option.dataset.type === "null" ? value === null : String(value) === option.value));
      for (const input of field.querySelectorAll(":scope > fieldset input")) {
        input.checked = input.dataset.type === "null" ? value === null : String(value) === input.value;
      }
    } else if (kind === "boolean") {
      field.querySelector(":scope > label input").checked = value === true;
    } else if (kind === "integer" || kind === "number") {
      field.querySelector(":scope > label input").value = typeof value === "number" ? String(value) : "";
    } else if (kind === "date") {
      field.querySelector(":scope > label input").value = typeof value === "string" ? value : "";
    } else if (kind === "pair" && Array.isArray(value)) {
      pairSides(field).forEach((side, i) => {
        for (const input of side) {
          if (input.type === "radio") input.checked = typeof value[i] === "number" && String(value[i]) === input.value;
          else input.value = typeof value[i] === "number" ? String(value[i]) : "";
        }
      });
    } else if (kind === "object") {
      fillObject(field.querySelector(":scope > fieldset > .checker-fields"), value);
    } else if (kind === "list" && Array.isArray(value)) {
      for (const item of value.slice(0, Number(field.dataset.maxItems || 99))) {
        const row = addRow(field);
        if (row) fillObject(row.querySelector(":scope > .checker-fields"), item);
      }
    }
  }

  // --- errors tied to their fields --------------------------------------------------------
  function clearErrors(f) {
    for (const p of f.querySelectorAll(".checker-error")) { p.hidden = true; p.textContent = ""; }
    for (const input of f.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    for (const input of f.querySelectorAll("[data-error-described]")) {
      input.setAttribute("aria-describedby", input.dataset.errorDescribed);
      if (!input.dataset.errorDescribed) input.removeAttribute("aria-describedby");
      delete input.dataset.errorDescribed;
    }
  }

  // The inputs an error is about: a pair's one side when the pointer names it (…/life/1),
  // else every input of the field. Each is marked invalid and described by the message
  // (radios are described through their fieldset only: give them the message too).
  function markInvalid(field, pointer, message) {
    const own = [...field.querySelectorAll("input:not([type=hidden]):not([disabled]), select:not([disabled])")];
    // A group (object, list): no input of its own to mark; the focus goes to its first one.
    if (field.dataset.kind === "object" || field.dataset.kind === "list") {
      return own[0] || field.querySelector("[data-action=add]");
    }
    let inputs = own;
    const index = /\/(\d+)$/.exec(pointer);
    if (field.dataset.kind === "pair" && index && pairSides(field)[Number(index[1])]) {
      inputs = pairSides(field)[Number(index[1])].filter((input) => !input.disabled);
    }
    for (const input of inputs) {
      input.setAttribute("aria-invalid", "true");
      const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (!described.includes(message.id)) {
        input.dataset.errorDescribed = described.join(" ");
        input.setAttribute("aria-describedby", [...described, message.id].join(" "));
      }
    }
    return inputs.find((input) => input.checked) || inputs[0];
  }

  // Beside its field, the message names it as the form does: by its label (the engine
  // writes "label (/pointer)" for readers away from the form: the pointer goes here).
  function fieldMessage(field, error) {
    const message = field.querySelector(".checker-error");
    const name = field.querySelector("legend, label > span");
    // Japanese writes the pointer in full-width brackets, with no space: "label（/pointer）"; a label
    // with its own parenthesis takes the pointer after a comma: "Time extension (minutes, /pointer)".
    const text = error.message.split(` (${error.field})`).join("").split(`（${error.field}）`).join("")
      .split(`, ${error.field})`).join(")").split(`、${error.field}）`).join("）");
    message.textContent = name ? text.split(error.field).join(name.textContent) : text;
    message.hidden = false;
    return message;
  }

  function fieldAt(f, pointer) {
    // Walk the JSON Pointer through the nested fields; stop at the deepest field found.
    let container = f.querySelector(":scope > .checker-fields");
    let found = null;
    const parts = pointer.split("/").slice(1);
    for (let i = 0; i < parts.length && container; i++) {
      const field = fieldsOf(container).find((c) => c.dataset.path.split("/").pop() === parts[i]);
      if (!field) break;
      found = field;
      if (field.dataset.kind === "object") container = field.querySelector(":scope > fieldset > .checker-fields");
      else if (field.dataset.kind === "list") {
        const row = field.querySelectorAll(":scope > fieldset > .checker-rows > .checker-row")[Number(parts[i + 1])];
        container = row ? row.querySelector(":scope > .checker-fields") : null;
        i += 1;
      } else break;
    }
    return found;
  }

  function showError(f, error, fromLink = false) {
    clearErrors(f);
    const field = error.field ? fieldAt(f, error.field) : null;
    if (field && field.closest("details")) field.closest("details").open = true;
    if (field && !field.hidden) {
      const message = fieldMessage(field, error);
      const input = markInvalid(field, error.field, message);
      if (fromLink) {
        linkRefused(strings.invalid_link, el("p", {}, message.textContent), input);
      } else {
        if (input) input.focus({ preventScroll: false });
        message.scrollIntoView({ block: "nearest" }); // the message too, not only its field
      }
      ruling.replaceChildren(el("p", { class: "checker-status" }, strings.fix_fields));
    } else if (fromLink) {
      // A refusal with no field on the form came from a link (a key this version does not know, a
      // version it does not read): the engine's own words, in the page's language, after the line
      // saying the link could not be read; never a bare code.
      const words = engineWords(error);
      const reason = () => (error.code === "not-applicable" && words
        ? el("p", { class: "checker-status" }, words)
        : el("p", { class: "checker-status" }, strings.invalid_link_reason, ...(words ? [/[：]$/.test(strings.invalid_link_reason) ? "" : " ", el("span", { class: "checker-engine-words" }, words)] : [])));
      ruling.replaceChildren(el("p", { class: "checker-status" }, strings.invalid_link), reason());
      linkRefused(strings.invalid_link, reason());
    } else {
      ruling.replaceChildren(el("p", { class: "checker-status", role: "alert" }, error.message));
    }
    setState("error");
  }

  // The engine's words for a refusal of a link, "" for a failure that is not the engine's (no code: no
  // words of its own to show). The engine quotes a key it does not know: a link's key that is not a
  // plain field name ("colour") could put words in the site's mouth, so it is left out ("…"), and a
  // message that quotes it otherwise than as given is not shown.
  function engineWords(error) {
    if (typeof error.code !== "string" || !error.code || typeof error.message !== "string") return "";
    const key = String(error.field || "").split("/").pop().replace(/~1/g, "/").replace(/~0/g, "~");
    if (!key || /^[a-z][a-z0-9_]{0,31}$/.test(key)) return error.message.slice(0, 300);
    return error.message.includes(key) ? error.message.split(key).join("…").slice(0, 300) : "";
  }

  // A link that cannot be ruled says so at the top of the checker, with the focus, where the
  // reader lands: the ruling is below the form, screens away on a phone. It goes at the next
  // ruling. `field`: the input the error is about, one tap away.
  function linkRefused(title, detail = null, field = null) {
    const notice = el("div", { class: "admonition failure checker-link-error", role: "alert", tabindex: "-1" },
      el("p", { class: "admonition-title" }, title), ...(detail ? [detail] : []));
    if (field) {
      const go = el("button", { type: "button", class: "md-button" }, strings.go_to_field);
      go.addEventListener("click", () => field.focus());
      notice.append(el("p", {}, go));
    }
    dropLinkNotice();
    root.prepend(notice);
    // Read where the reader is: the shared line at the top of the page says it and leads here.
    notice.focus({ preventScroll: Boolean(shared?.atLoad) });
  }

  function dropLinkNotice() {
    root.querySelector(":scope > .checker-link-error")?.remove();
  }

  // --- ruling -----------------------------------------------------------------------------
  async function judge(scenario, fromLink = false, notice = null) {
    dropLinkNotice();
    ruling.hidden = false;
    lastScenario = scenario;
    const f = forms.find((candidate) => candidate.dataset.game === scenario.game) || form;
    clearErrors(f);
    ruling.setAttribute("aria-busy", "true");
    if (ruling.dataset.state !== "ready") say(strings.working);
    try {
      // An event date the engine cannot rule under is what to fix first: its message, not one about
      // the facts an edition it does not fall in would ask.
      if (Object.hasOwn(scenario, "event_date") && !Object.hasOwn(scenario, "region") && window.rulesChecker.edition) {
        await window.rulesChecker.edition({ game: scenario.game, edition: scenario.edition, event_date: scenario.event_date }, lang);
      }
      const result = await window.rulesChecker.judge(scenario, lang);
      if (scenario !== lastScenario) return;
      show(result, notice, fromLink);
      shared?.ruled(result);
    } catch (error) {
      if (scenario !== lastScenario) return;
      const kept = fromLink ? setAside(scenario, error) : null;
      if (error && error.code === "engine-unavailable") {
        cannotStart(error);
      } else if (kept) {
        share(kept.scenario);
        await judge(kept.scenario, true, kept.notice);
        return;
      } else {
        showError(f, error || { code: "", field: "", message: strings.unavailable }, fromLink);
      }
      if (fromLink) shared?.refused(ruling);
    } finally {
      ruling.removeAttribute("aria-busy");
    }
    ruling.setAttribute("data-scenario", JSON.stringify(scenario));
  }

  // A link that names no edition nor event date is ruled under the rules in force today (its ruling
  // says so). One made before the form asked for the edition may give facts those rules do not use
  // (Yu-Gi-Oh! v2.5: whose turn it was, the Life Points), which the engine refuses: the form, which
  // follows that edition, hides them; they are set aside, the ruling says which, and the rest is ruled.
  function setAside(scenario, error) {
    if (error?.code !== "not-applicable" || Object.hasOwn(scenario, "edition") || Object.hasOwn(scenario, "event_date")) {
      return null;
    }
    const f = forms.find((candidate) => candidate.dataset.game === scenario.game);
    const hidden = f ? Object.keys(scenario).map((key) => [key, fieldAt(f, `/${key}`)]).filter(([, field]) => field?.hidden) : [];
    if (!hidden.length) return null;
    const kept = { ...scenario };
    for (const [key] of hidden) delete kept[key];
    const names = hidden.map(([, field]) => field.querySelector("legend, label > span").textContent);
    return { scenario: kept,
      notice: format(strings.set_aside, { fields: new Intl.ListFormat(lang, { type: "conjunction" }).format(names) }) };
  }

  function show(result, notice = null, fromLink = false) {
    keepOnDevice();
    const word = (group, code) => (code === null ? "" : labels[group][code] || code);
    ruling.setAttribute("data-match-result", result.match.result ?? "");
    ruling.setAttribute("data-current-game-result", result.current_game.result ?? "");
    ruling.setAttribute("data-additional-turns", String(result.additional_turns ?? ""));
    // What to do now first, then the results it leads to.
    const parts = [notice && el("p", { class: "checker-set-aside" }, notice), summaryLine(result.summary)].filter(Boolean);
    parts.push(el("dl", { class: "checker-facts" }, ...resultRows(result, strings, labels)));
    // What happens next, where the ruling's first sentence does not already say it (it always does
    // when there is one: the Grand Archive tiebreak order, the sudden death… are said once).
    if (result.match.next && !result.summary) {
      parts.push(el("p", { class: "checker-next" }, el("strong", {}, strings.next),
        /[：]$/.test(strings.next) ? "" : " ", word("next", result.match.next)));
    }
    const duel = result.game === "yugioh"; // Yu-Gi-Oh! counts no turn 0 (turn-plan.js)
    // Between games no game is in progress: no plan of its turns (what comes next says what is played).
    if (result.turns.length || result.scenario?.time_called !== "between-games") {
      // Two-Headed Giant: each turn is a team's, as the ruling and the tracker say.
      const who = result.scenario?.two_headed_giant ? (player) => format(strings.team, { player }) : null;
      parts.push(timeline(strings.turns, result.turns, endedIn(result.current_game.result, result.scenario?.current_game),
        duel ? (result.additional_turns > 0 ? "additional" : "current") : null, who));
    }
    if (result.time_limit_minutes) parts.push(el("p", {}, format(strings.time_limit, { minutes: result.time_limit_minutes })));
    if (result.new_duel) parts.push(el("p", {}, result.new_duel.side_deck ? strings.side_deck_yes : strings.side_deck_no));
    if (result.tiebreak_turns) {
      parts.push(timeline(strings.new_duel_turns, result.tiebreak_turns, endedIn(result.match.result, result.scenario?.tiebreak_game),
        "new"));
    }
    const steps = el("ol", { class: "checker-steps" });
    for (const step of result.explanation) {
      const href = `${data.pages[result.game] || ""}#${step.rule}`;
      steps.append(el("li", {}, ...scoresKept(`${step.text} `), el("a", { href, class: "checker-cite", "data-rule": step.rule }, `§ ${data.titles[step.rule] || step.rule}`)));
    }
    parts.push(el(heading, {}, strings.explanation), steps);
    const shareButton = el("button", { type: "button", class: "md-button checker-share" }, strings.share);
    const shareStatus = el("span", { class: "checker-share-status", role: "status" });
    shareButton.addEventListener("click", () => copyLink(strings, location.href, shareStatus));
    const sheet = shareSheetButton(strings, () => location.href, shareStatus);
    parts.push(el("p", { class: "checker-share-line" }, ...(sheet ? [sheet] : []), shareButton, shareStatus));
    parts.push(el("p", { class: "checker-version" }, result.rules_version));
    ruling.replaceChildren(...parts);
    setState("ready");
    // On a phone the ruling is below the form: bring it into view and give it the focus. The ruling
    // of the link the page opened with is not scrolled to: the reader may be reading, and the shared
    // line at the top of the page carries its first sentence and the way to it.
    if (fromLink && shared?.atLoad) {
      layOut();
      return;
    }
    ruling.focus({ preventScroll: true });
    ruling.scrollIntoView({ block: "start", behavior: reduceMotion() ? "auto" : "smooth" });
  }

  const reduceMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  // What a link brought (its ruling, the fields it leaves to fill in), laid out now: the checker's
  // content-visibility skips it while far below, and the shared line's jump must land on it.
  const layOut = () => { root.style.contentVisibility = "visible"; };

  function timeline(title, turns, ended, duel = null, who = null) {
    return turnPlan(turns, { strings, heading: { tag: heading, title }, ended, duel, who });
  }

  // The turn in which a game ended, when the scenario gives it (a result and its turn).
  function endedIn(result, game) {
    return ["A", "B", "draw"].includes(result) && game && Number.isInteger(game.during_turn) ? game.during_turn : null;
  }

  // --- share links --------------------------------------------------------------------------
  function share(scenario) {
    const url = `${location.pathname}${location.search}#scenario=${fragmentJSON(scenario)}`;
    history.replaceState(history.state, "", url);
  }

  function fromHash(event) {
    const link = links.read(location.hash);
    if (!link.link) return false;
    // A reader who was reading the ruling in another language is taken back to it (the language
    // links add "&at=ruling"), once the form holds the link's facts: the ruling comes in that place.
    // The address then says the scenario only, as the share link does.
    if (link.atRuling) {
      history.replaceState(history.state, "", `${location.pathname}${location.search}${location.hash.replace(/&at=ruling$/, "")}`);
    }
    openLink(link, event);
    if (link.atRuling) {
      layOut();
      ruling.scrollIntoView({ block: "start", behavior: "auto" });
    }
    return true;
  }

  function openLink(link, event) {
    const scenario = link.scenario;
    const refuse = () => {
      lastScenario = null;
      shared = sharedLine(null, !event);
      ruling.replaceChildren(el("p", { class: "checker-status" }, strings.invalid_link));
      linkRefused(strings.invalid_link);
      setState("error");
      shared.refused(ruling);
      return true;
    };
    // Only an object can be a scenario (`null`, a list, a number or a string is refused here).
    if (!scenario || typeof scenario !== "object" || Array.isArray(scenario)) return refuse();
    if (JSON.stringify(scenario) === JSON.stringify(lastScenario)) return true;
    const target = forms.find((f) => f.dataset.game === scenario.game);
    shared = sharedLine(scenario, !event && !link.atRuling, link.fromTracker);
    // Another game's scenario is never ruled under this page's form: the link goes to its page.
    if (!target && typeof scenario.game === "string" && Object.hasOwn(data.pages, scenario.game)
        && data.pages[scenario.game]) {
      lastScenario = null;
      const href = `${data.pages[scenario.game]}${location.hash}`;
      const open = () => el("p", {}, el("a", { href }, data.games[scenario.game]));
      ruling.replaceChildren(el("p", { class: "checker-status" }, strings.other_game), open());
      linkRefused(strings.other_game, open());
      setState("error");
      shared.refused(ruling);
      return true;
    }
    if (target) {
      if (switcher) {
        switcher.querySelector(`input[value="${target.dataset.game}"]`).checked = true;
        showGame(target.dataset.game);
      }
      fillForm(target, scenario);
      // A fact the rules need that the link does not give is asked, never taken from the form's
      // suggestion; one it gives that the form cannot hold (out of its bounds, not one of its
      // choices) is asked again, never shown: no ruling until the reader fills them in.
      const missing = unanswered(target, scenario);
      const wrong = notPossible(target, scenario);
      // The game's result the link leaves to the reader (the tracker's "A player won during these turns"):
      // who won and in which turn, asked with nothing chosen, before any ruling.
      const result = link.enterResult ? resultFields(target) : [];
      if (missing.length || wrong.length) {
        lastScenario = scenario;
        askFor(target, [...missing, ...result], wrong);
        return true;
      }
      if (result.length) {
        lastScenario = scenario;
        askResult(target, result);
        return true;
      }
    }
    // The scenario itself is judged, as given: the engine names whatever is wrong with it.
    judge(scenario, true);
    return true;
  }

  // The fields (that apply) holding a fact of the link the form cannot hold, each with the pointer
  // of what is wrong in it (a pair's one side: "/games_won/0"); that part of the field is cleared.
  function notPossible(f, scenario) {
    const found = [];
    for (const pointer of links.invalid(scenario)) {
      const field = fieldAt(f, pointer);
      if (!field || field.hidden) continue;
      const side = /\/(\d+)$/.exec(pointer);
      const inputs = field.dataset.kind === "pair" && side ? pairSides(field)[Number(side[1])] || []
        : [...field.querySelectorAll(":scope input, :scope select")];
      for (const input of inputs) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = false;
        else if (input.tagName === "SELECT") input.selectedIndex = [...input.options].findIndex((option) => option.dataset.type === "null");
        else input.value = "";
      }
      const known = found.find((entry) => entry.field === field);
      if (known) known.pointers.push(pointer);
      else found.push({ field, pointers: [pointer] });
    }
    applyWhen(f);
    return found;
  }

  // The form's required facts (those that apply: data-when) that the scenario does not give.
  function unanswered(f, scenario) {
    let missing = [];
    // Clearing a choice (the time call) may hide a field that depended on it: twice settles it.
    for (let pass = 0; pass < 2; pass++) {
      missing = fieldsOf(f.querySelector(":scope > .checker-fields")).filter((field) => !field.hidden
        && field.querySelector(":scope input[required]") && !Object.hasOwn(scenario, field.dataset.path.slice(1)));
      for (const field of missing) {
        for (const input of field.querySelectorAll(":scope input")) {
          if (input.type === "radio") input.checked = false;
          else input.value = "";
        }
      }
      applyWhen(f);
    }
    return missing.filter((field) => !field.hidden);
  }

  // The required facts (of the fields that apply) the form does not hold: a pair with a side not given too.
  function unfilled(f) {
    return fieldsOf(f.querySelector(":scope > .checker-fields")).filter((field) => {
      if (field.hidden || !field.querySelector(":scope input[required], :scope select[required]")) return false;
      const value = readField(field);
      return value === undefined || (Array.isArray(value) && value.some((v) => v === null));
    });
  }

  // Each field to fill in marked beside it ("To fill in."); the line that lists them, returned.
  function markToFill(f, fields) {
    clearErrors(f);
    const names = fields.map((field) => {
      const message = field.querySelector(".checker-error");
      message.textContent = strings.to_fill_form;
      message.hidden = false;
      markInvalid(field, "", message);
      return field.querySelector("legend, label > span").textContent;
    });
    return format(strings.fill_in_form, { fields: new Intl.ListFormat(lang, { type: "conjunction" }).format(names) });
  }

  function askForm(f, missing) {
    dropUndo(f);
    const text = markToFill(f, missing);
    lastScenario = null;
    ruling.replaceChildren(el("p", { class: "checker-status", role: "alert" }, text));
    ruling.hidden = false;
    setState("error");
    const first = missing[0].querySelector("input:not([disabled]), select:not([disabled])");
    first?.focus({ preventScroll: true });
    missing[0].scrollIntoView({ block: "center", behavior: reduceMotion() ? "auto" : "smooth" });
  }

  // The game in progress's result (who won, the turn it was won in), cleared to be entered.
  function resultFields(f) {
    const fields = ["/current_game/winner", "/current_game/during_turn"]
      .map((path) => f.querySelector(`[data-path="${path}"]`)).filter((field) => field && !field.hidden);
    for (const field of fields) {
      for (const input of field.querySelectorAll(":scope input")) {
        if (input.type === "radio") input.checked = false;
        else input.value = "";
      }
    }
    applyWhen(f);
    return fields;
  }

  // The result asked from the line at the top, which leads to it (the form's words: nothing is missing from the link).
  function askResult(f, fields) {
    const text = markToFill(f, fields);
    ruling.replaceChildren(el("p", { class: "checker-status" }, text));
    ruling.hidden = false;
    setState("error");
    layOut();
    shared.toFill(text, fields[0].querySelector("input:not([disabled]), select:not([disabled])"));
  }

  function askFor(f, missing, wrong = []) {
    clearErrors(f);
    const mark = (field, text, pointer = "") => {
      const message = field.querySelector(".checker-error");
      message.textContent = text;
      message.hidden = false;
      markInvalid(field, pointer, message);
      return field.querySelector("legend, label > span").textContent;
    };
    const names = missing.map((field) => mark(field, strings.to_fill));
    const fix = wrong.map(({ field, pointers }) => mark(field, strings.to_fix, pointers.length === 1 ? pointers[0] : ""));
    const list = (items) => new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
    const text = names.length && fix.length ? format(strings.fill_in_and_fix, { fields: list(names), invalid: list(fix) })
      : names.length ? format(strings.fill_in, { fields: list(names) }) : format(strings.fix_in, { fields: list(fix) });
    ruling.replaceChildren(el("p", { class: "checker-status" }, text));
    ruling.hidden = false;
    setState("error");
    layOut();
    const first = [...missing, ...wrong.map(({ field }) => field)]
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    shared.toFill(text, first.querySelector("input:not([disabled]), select:not([disabled])"));
  }

  // --- the shared situation, at the top of the page -----------------------------------------
  // A link's reader lands at the top of a long page: from the first paint a line there names
  // the situation the link holds (the link's own facts, in the form's words: no rule is worked
  // out here), shows the engine's progress, then the ruling's first sentence and the way to the
  // whole ruling. It sits in the page's flow, under the title: it covers nothing, and the page
  // never scrolls by itself.
  // `atLoad`: the link the page opened with (not one followed on the page, whose reader is acting).
  // `fromTracker`: the turn tracker handed the situation on; the line says so, not "Shared situation:".
  function sharedLine(scenario, atLoad, fromTracker = false) {
    // The line the page put under its title while it was parsed (shared-line.js), or a former
    // link's line, gives its place to this one.
    const before = document.querySelector(".checker-shared");
    const status = el("div", { class: "checker-shared-status" }, el("p", {}, strings.working),
      el("progress", { "aria-label": strings.loading }));
    // A link whose situation cannot be named (it cannot be read) shows no empty "Shared situation:".
    const named = links.describe(scenario);
    const line = el("section", { class: "checker-shared", "data-state": "loading", "aria-label": fromTracker ? strings.shared_tracker : strings.shared,
      "data-search-exclude": "" },
    el("p", { class: "checker-shared-situation", ...(named ? {} : { hidden: "" }) }, ...links.situation(named, fromTracker)), status);
    const title = document.querySelector(".md-content__inner > h1");
    if (before) before.replaceWith(line);
    else if (title) title.after(line);
    else root.before(line);
    const go = (text, target) => {
      const button = el("button", { type: "button", class: "md-button checker-shared-go" }, text);
      button.addEventListener("click", () => {
        // A field to fill in mid-screen, with its label above it; the ruling from its top.
        target.scrollIntoView({ block: target.matches("input") ? "center" : "start", behavior: reduceMotion() ? "auto" : "smooth" });
        target.focus({ preventScroll: true });
      });
      return button;
    };
    const described = line.querySelector(".checker-shared-situation");
    // The line grows as it goes (progress, then the ruling's sentence): a reader who has scrolled past
    // its top keeps the text they are reading where it is. The browser's scroll anchoring does it
    // (the line is never the anchor: checker.css); where there is none, the page is moved by as much.
    const anchored = CSS.supports("overflow-anchor", "none");
    const settle = (state, ...parts) => {
      const header = document.querySelector(".md-header")?.offsetHeight || 0;
      const above = !anchored && line.getBoundingClientRect().top < header;
      const before = line.offsetHeight;
      line.dataset.state = state;
      status.replaceChildren(...parts);
      if (above && line.offsetHeight !== before) window.scrollBy({ top: line.offsetHeight - before, behavior: "instant" });
    };
    return {
      line,
      atLoad,
      progress(detail) {
        if (line.dataset.state !== "loading") return;
        const got = detail.download;
        const text = downloadText(strings, got);
        const bar = downloadBar(got, strings.loading);
        settle("loading", el("p", {}, strings.working), bar, ...(text ? [el("p", { class: "checker-download" }, text)] : []));
      },
      ruled(result) {
        // The situation ruled last (the reader may have changed the form since the link), under the
        // edition the ruling names.
        described.replaceChildren(...links.situation(links.describe(result.scenario, result.edition?.id), fromTracker));
        described.hidden = false;
        settle("ready", el("p", { class: "checker-shared-summary" }, ...summaryParts(result.summary || "")),
          el("p", {}, go(strings.shared_full, ruling)));
        if (atLoad) readyNotice(line);
      },
      refused(where) {
        const notice = root.querySelector(":scope > .checker-link-error");
        settle("error", el("p", {}, strings.shared_problem), el("p", {}, go(strings.shared_details, notice || where)));
      },
      toFill(text, input) {
        settle("error", el("p", {}, text), el("p", {}, go(strings.shared_form, input || forms[0])));
      },
    };
  }

  // A link's reader who has scrolled away from the line at the top while the engine worked is told the
  // ruling has arrived: a button in the header bar, in the place of the site's name (it covers nothing
  // of the page), that leads to the ruling. It goes once used, or once the line or the ruling is in view.
  function readyNotice(line) {
    const title = document.querySelector(".md-header__title");
    const header = document.querySelector(".md-header")?.offsetHeight || 0;
    const inView = (node) => { const box = node.getBoundingClientRect(); return box.bottom > header && box.top < innerHeight; };
    if (!title || inView(line) || inView(ruling)) return;
    title.querySelector(":scope > .checker-ruling-ready")?.remove();
    const button = el("button", { type: "button", class: "checker-ruling-ready" }, strings.shared_ready);
    const drop = () => { button.remove(); removeEventListener("scroll", watch); };
    const watch = () => { if (inView(line) || inView(ruling)) drop(); };
    button.addEventListener("click", () => {
      drop();
      layOut();
      ruling.scrollIntoView({ block: "start", behavior: reduceMotion() ? "auto" : "smooth" });
      ruling.focus({ preventScroll: true });
    });
    addEventListener("scroll", watch, { passive: true });
    title.append(button);
  }

  // The engine could not start: say whose fault it is (a slow network is not "this device
  // can't"), keep the form as it is, and offer to try again (the same scenario is asked again).
  function cannotStart(error) {
    ruling.replaceChildren(...problem(strings, error, strings.unavailable, (failed) => {
      if (failed) cannotStart(failed);
      else if (lastScenario) judge(lastScenario);
      else { root.dataset.engine = "ready"; say(strings.ready); }
    }));
    setState("error");
    if (shared && lastScenario) shared.refused(ruling);
  }

  // Loading progress: the engine's start-up stages and the bytes received, shown until the
  // first ruling (while a link's scenario waits for the engine too).
  const STAGES = ["runtime", "python", "engine", "warm-up"];
  window.addEventListener("rules-checker:state", ({ detail }) => {
    if (detail.state !== "loading") return;
    shared?.progress(detail);
    const retrying = ruling.dataset.state === "error" && ruling.querySelector(".engine-retry[disabled]");
    if (ruling.dataset.state !== "loading" && !retrying) return;
    if (retrying) setState("loading");
    const got = detail.download;
    const step = STAGES.indexOf(detail.stage) + 1;
    const stages = el("progress", { max: String(STAGES.length + 1), value: String(step + 1) });
    const bar = step <= 2 ? downloadBar(got, strings.loading, stages) : downloadBar(null, strings.loading, stages);
    const text = step <= 2 ? downloadText(strings, got) : null;
    ruling.replaceChildren(el("p", { class: "checker-status" }, lastScenario ? strings.working : strings.loading), bar,
      ...(text ? [el("p", { class: "checker-status checker-download" }, text)] : []));
  });

  window.addEventListener("hashchange", fromHash);
  if (!fromHash()) {
    say(strings.loading);
    // data-state stays "loading" until the first ruling (DESIGN §3.4); data-engine tells the engine's own state.
    window.rulesChecker.ready.then(() => { root.dataset.engine = "ready"; if (!lastScenario) say(strings.ready); },
      (error) => cannotStart(error));
  }
}

function headingLevelBefore(node) {
  let level = 1;
  for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) level = Number(h.tagName[1]);
  }
  return level;
}
