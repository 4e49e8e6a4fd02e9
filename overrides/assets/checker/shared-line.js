// A share link's situation, in words, from the first paint.
//
// checker_widget.py writes this script into the page right after its title, with the words it
// needs just before it (#checker-shared-words: the form's field definitions and labels, the game
// and edition names, from the engine, in the page's language). It runs while the page is parsed,
// long before the checker's own scripts arrive on a slow network: for a share link it puts the
// line naming the link's situation under the title at once, already filled in. checker.js then
// reads the same link, and describes the same situation, through window.checkerShared: one
// reading of a link, one description of its facts.
//
// A fact the link gives outside what the form allows (its choices, its bounds) is never shown
// as a fact: it is listed as not possible (invalid), for checker.js to ask again. Everything is
// set as text, never as markup: a link cannot inject any.
(function () {
  "use strict";
  const source = document.getElementById("checker-shared-words");
  if (!source) return;
  const words = JSON.parse(source.textContent);
  const strings = words.strings;
  const MAX_LENGTH = 16 * 1024 * 3; // a 16 KB scenario, percent-encoded at worst (checker.js)
  // "#scenario=<JSON>", then "&from=tracker" when the turn tracker handed the situation on (its
  // "Open in the checker"), "&enter=result" when the game's result is the reader's to enter before any
  // ruling (the tracker's "A player won during these turns"), and "&at=ruling" when the reader was
  // reading the ruling (the language links add it): the JSON is percent-encoded, so it holds no "&" of its own.
  const LINK = /^#scenario=(.*?)(&from=tracker)?(&enter=result)?(&at=ruling)?$/s;

  // {link: false} for an address that is not a share link; else the scenario (undefined when it
  // cannot be read) and whether the reader is to be taken to the ruling.
  function read(hash) {
    const match = LINK.exec(hash);
    if (!match) return { link: false };
    let scenario;
    try {
      if (match[1].length > MAX_LENGTH) throw new Error("too long");
      scenario = JSON.parse(decodeURIComponent(match[1]));
    } catch {
      scenario = undefined;
    }
    return { link: true, scenario, fromTracker: Boolean(match[2]), enterResult: Boolean(match[3]), atRuling: Boolean(match[4]) };
  }

  const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
  const inBounds = (field, value) => typeof value === "number" && Number.isFinite(value)
    && (field.kind !== "integer" && field.kind !== "pair" || Number.isInteger(value))
    && (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);

  // The link's top-level facts the form cannot hold as given, by JSON Pointer: a choice not among
  // the field's choices, a number out of its bounds (a pair's side: "/games_won/0"), a date that is
  // not one. Nested facts (the game in progress…) are the engine's to judge, with its own words.
  function invalid(scenario) {
    const form = isObject(scenario) ? words.forms[scenario.game] : undefined;
    if (!form) return [];
    const found = [];
    for (const [key, field] of Object.entries(form.fields)) {
      if (!Object.hasOwn(scenario, key)) continue;
      const value = scenario[key];
      if (value === null && !field.required) continue; // "not given"
      if (field.kind === "choice") {
        if (!field.choices.some((choice) => choice === value)) found.push(`/${key}`);
      } else if (field.kind === "boolean") {
        if (typeof value !== "boolean") found.push(`/${key}`);
      } else if (field.kind === "date") {
        if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) found.push(`/${key}`);
      } else if (field.kind === "pair") {
        if (!Array.isArray(value) || value.length !== 2) found.push(`/${key}`);
        else value.forEach((side, i) => { if (!inBounds(field, side)) found.push(`/${key}/${i}`); });
      } else if (!inBounds(field, value)) {
        found.push(`/${key}`);
      }
    }
    return found;
  }

  // "Magic: The Gathering, MTR of 10 November 2025, Swiss, A 1 – B 0, B's turn": the facts the
  // link gives that the form can hold, in its words, and the edition the link is ruled under (the
  // one it names; else, without an event date, the newest of its region; `ruledUnder`: the one the
  // ruling named), a game with a single edition too. Under a region's own rules that are another
  // game's (Konami Japan's: the Yu-Gi-Oh! OCG), the game is named as that one. The facts the plan
  // rests on are said as the link gives them, in the form's words: Two-Headed Giant (three turns), a
  // turn already being passed ("A had already indicated passing the turn", never "A's turn": turn 0
  // is then the next one), who takes the next turn, when Grand Archive's clock ran out, the Side
  // Deck, and the end-of-match turns being over.
  function describe(scenario, ruledUnder) {
    if (!isObject(scenario)) return "";
    const name = typeof scenario.game === "string" && Object.hasOwn(words.games, scenario.game) ? words.games[scenario.game] : "";
    const form = words.forms[scenario.game];
    if (!form) return name;
    const wrong = invalid(scenario);
    const valid = (key) => Object.hasOwn(form.fields, key) && Object.hasOwn(scenario, key) && scenario[key] !== null
      && !wrong.some((pointer) => pointer === `/${key}` || pointer.startsWith(`/${key}/`));
    const label = (key) => (valid(key) && form.fields[key].labels ? form.fields[key].labels[String(scenario[key])] : null);
    const region = valid("region") ? scenario.region : "";
    const edition = ruledUnder || (valid("edition") ? scenario.edition
      : valid("event_date") ? null : form.newest[region]);
    const known = Boolean(edition) && Object.hasOwn(form.editions, edition);
    // The region of the rules: the one chosen, else the one of the edition ruled under.
    const where = region || (known && form.edition_regions[edition]) || "";
    const parts = [Object.hasOwn(form.names, where) ? form.names[where] : name];
    // An edition of a region's own rules names its region ("OCG rules for Japan"); the region
    // stands alone only while the edition is not known (an event date, before the ruling).
    parts.push(known ? form.editions[edition] : label("region"));
    const said = (key) => (valid(key) && scenario[key] === true ? form.fields[key].said : null);
    parts.push(said("two_headed_giant"));
    parts.push(label("round"));
    if (valid("games_won")) {
      const [a, b] = scenario.games_won;
      parts.push(valid("games_drawn") && scenario.games_drawn > 0
        ? format(strings.record_value, { a, b, d: scenario.games_drawn })
        : format(strings.shared_score, { a, b }));
    }
    const during = valid("time_called") && scenario.time_called === "during-game";
    if (during && valid("active_player")) {
      const passing = form.passing && valid("turn_pass_announced") && scenario.turn_pass_announced === true;
      parts.push(format(passing ? form.passing : strings.shared_turn, { player: scenario.active_player }));
    } else {
      parts.push(label("time_called"));
    }
    if (during && valid("next_turn_player")) parts.push(format(strings.shared_next_turn, { player: scenario.next_turn_player }));
    if (during && valid("clock_expired_during_turn")) parts.push(format(strings.shared_clock, { turn: scenario.clock_expired_during_turn }));
    parts.push(said("side_deck_accessed"), said("additional_turns_played"));
    return parts.filter(Boolean).join(strings.shared_separator);
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
  }

  // "Shared situation: …" (or "Situation from the turn tracker: …") as nodes, spaced as the language
  // writes after its colon (Japanese 「：」 takes none).
  function situation(text, fromTracker = false) {
    const title = document.createElement("strong");
    title.textContent = fromTracker ? strings.shared_tracker : strings.shared;
    return [title, /[：]$/.test(title.textContent) ? "" : " ", text];
  }

  window.checkerShared = { read, invalid, describe, situation };

  // The line itself, under the title, filled in: only for a link whose situation can be named
  // (an unreadable one is refused by checker.js, which then puts its own line here).
  const link = read(location.hash);
  const text = link.link ? describe(link.scenario) : "";
  if (!text) return;
  const make = (tag, attributes, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    node.append(...children);
    return node;
  };
  const bar = make("progress", { "aria-label": strings.loading });
  const line = make("section", { class: "checker-shared", "data-state": "loading", "aria-label": link.fromTracker ? strings.shared_tracker : strings.shared,
    "data-search-exclude": "" },
  make("p", { class: "checker-shared-situation" }, ...situation(text, link.fromTracker)),
  make("div", { class: "checker-shared-status" }, make("p", {}, strings.working), bar));
  document.currentScript.after(line);
}());
