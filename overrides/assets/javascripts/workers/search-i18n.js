/*
 * Search in the reader's language only.
 *
 * Each language has its own search index (<lang>/search/search_index.json, split from the
 * search plugin's all-languages one by overrides/hooks/site_outputs.py). This classic worker
 * stands in front of Material's own search worker (same folder, so it finds its lunr
 * languages at ../lunr): before Material sees the index, it sets lunr's language, separator
 * and pipeline to the page's language's (Material's own values for it; Japanese gets
 * Material's TinySegmenter).
 * Japanese queries are segmented the same way as the indexed text (see segmentQuery).
 * Accents do not matter: "egalite" finds "égalité" (see fold). Nor does how a keyboard writes a
 * character: half-width ﾀｰﾝ finds ターン, a curly ’ or “ ” is the straight one, and a word is found
 * with the quotes or brackets around it in the page ("sudden" in “sudden death”; see normalize).
 * Abbreviations a reader types
 * ("2HG") are searched as the words they stand for, from the language's index ("config.synonyms",
 * written from translations/search-synonyms.yaml by overrides/hooks/site_outputs.py).
 *
 * The page (overrides/main.html) passes, in this worker's query string:
 *   worker     Material's worker file name (search.<hash>.min.js)
 *   lang, separator, pipeline   Material's search settings for the page's language
 */
"use strict"

const SETUP = 0                        /* Material's SearchMessageType.SETUP */
const QUERY = 2                        /* Material's SearchMessageType.QUERY */

const params = new URL(self.location.href).searchParams
/*
 * Japanese has no spaces: Material segments the indexed text with TinySegmenter, so
 * 延長ターン is indexed as 延長 + ターン, but it keeps a typed query whole and a whole
 * 延長ターン matches no token. Segment each Japanese query term with the same segmenter
 * and require every segment (a typed word is one idea, not alternatives).
 */
const JAPANESE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u

function segmentQuery(query) {
  const segmenter = self.lunr && self.lunr.segmenter
  if (!segmenter)
    return query
  return query.split(/\s+/).map(term => {
    if (!JAPANESE.test(term) || /^[+\-]/.test(term))
      return term
    /* Brackets and stops are no words of the index (trimToken): 「サドンデス」 is サドンデス. */
    const segments = segmenter.segment(term.replace(/\*$/, ""))
      .map(segment => segment.trim().toLowerCase().replace(AROUND, ""))
      .filter(Boolean)
    return segments.length > 1
      ? segments.map(segment => `+${segment}*`).join(" ")
      : term
  }).join(" ")
}

/*
 * Accent folding: "égalité", "egalite" and "EGALITÉ" are one word to the search. Only Latin
 * accents (U+0300–U+036F) go: a Japanese ガ keeps its dakuten. Applied to each indexed token
 * (a lunr pipeline function, after the language's own, so positions and snippets keep the
 * page's accents) and to the query (whose wildcard terms skip lunr's search pipeline).
 */
function fold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
    .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/Œ/g, "OE").replace(/Æ/g, "AE")
}

/*
 * One spelling for a character a keyboard or a page may write several ways: Unicode's
 * compatibility forms (NFKC: half-width katakana ﾀｰﾝ is ターン, full-width ＭＴＧ is MTG, a
 * full-width space a space) and straight quotes and apostrophes for curly ones (a phone's
 * keyboard types ’ and “ ”; the pages print them). Applied to the query as a whole, and to each
 * indexed token (see trimToken).
 */
function normalize(text) {
  return text.normalize("NFKC").replace(/[‘’‚‛′]/g, "'").replace(/[“”„‟″]/g, '"')
}

/*
 * Quotes and brackets part words as a space does: “sudden death” is the words sudden and death,
 * and a result marks them without their quotes. Added to the language's separator (spaces,
 * hyphens). An apostrophe stays inside its word (player’s, l’arbitre).
 */
const QUOTES = "[“”„‟«»\"()\\[\\]{}「」『』（）【】〈〉《》]+"

/*
 * An indexed token is a run of text between separators: the stops and other marks around a word
 * came with it ("death." or ‘sudden), and were never the word (Material's language settings drop
 * lunr's trimmer). A token keeps its inner punctuation (v2.5, 2.4, player's) and loses what is
 * around it; a token of punctuation alone ("–", "§") is dropped.
 */
const AROUND = /^[\p{P}]+|[\p{P}]+$/gu

function trimToken(token) {
  const text = normalize(token.toString()).replace(AROUND, "")
  return text ? token.update(() => text) : undefined
}

let foldingInstalled = false
function installFolding() {
  const lunr = self.lunr
  if (foldingInstalled || !lunr)
    return
  foldingInstalled = true
  const foldToken = token => token.update(fold)
  lunr.Pipeline.registerFunction(foldToken, "foldAccents")
  lunr.Pipeline.registerFunction(trimToken, "trimToken")
  /* Material builds its index inside lunr(): add the trimming first (before the stop words are
     looked up) and the folding last to the builder's pipelines when the first document arrives,
     after the language plugin has set them up. */
  const first = (pipeline, fn) => pipeline._stack.length ? pipeline.before(pipeline._stack[0], fn) : pipeline.add(fn)
  const add = lunr.Builder.prototype.add
  lunr.Builder.prototype.add = function (doc, attributes) {
    if (!this.foldsAccents) {
      this.foldsAccents = true
      for (const pipeline of [this.pipeline, this.searchPipeline]) {
        first(pipeline, trimToken)
        pipeline.add(foldToken)
      }
    }
    return add.call(this, doc, attributes)
  }
}

/* The language's abbreviations, in lower case: {"2hg": "Two-Headed Giant"}. */
let synonyms = new Map()
let searchConfig = null

function stopWord(word) {
  const lunr = self.lunr
  if (!searchConfig || !searchConfig.pipeline.includes("stopWordFilter"))
    return false
  const lang = searchConfig.lang[0]
  const filter = (lang === "en" ? lunr : lunr[lang] || {}).stopWordFilter
  return typeof filter === "function" && filter(new lunr.Token(word, {})) === undefined
}

/* An abbreviation typed as a whole word becomes the words it stands for, each required. */
function expandSynonyms(query) {
  if (!synonyms.size)
    return query
  return query.split(/\s+/).map(term => {
    const words = synonyms.get(term.toLowerCase())
    if (words === undefined)
      return term
    const segmenter = self.lunr && self.lunr.segmenter
    return words.split(/[\s\-]+/)
      .flatMap(word => JAPANESE.test(word) && segmenter ? segmenter.segment(word) : [word])
      .map(word => word.trim().toLowerCase())
      .filter(word => word && !stopWord(word))
      .map(word => `+${word}*`)
      .join(" ")
  }).join(" ")
}

/* Registered before Material's listener, so Material reads the changed message. */
addEventListener("message", ev => {
  const message = ev.data
  if (message && message.type === QUERY && typeof message.data === "string")
    message.data = fold(segmentQuery(expandSynonyms(normalize(message.data))))
  if (message && message.type === SETUP) {
    installFolding()
    const { config } = message.data
    synonyms = new Map(Object.entries(config.synonyms || {})
      .map(([short, words]) => [short.toLowerCase(), String(words)]))
    message.data.config = {
      ...config,
      lang: [params.get("lang") || "en"],
      separator: `${params.get("separator") || config.separator}|${QUOTES}`,
      pipeline: params.has("pipeline")
        ? params.get("pipeline").split(/\s*,\s*/).filter(Boolean)
        : config.pipeline
    }
    searchConfig = message.data.config
  }
})

/* Only Material's hashed worker file from this folder, whatever the query string says. */
const worker = params.get("worker") || ""
if (!/^search\.[0-9a-f]+\.min\.js$/.test(worker))
  throw new Error(`search-i18n: unexpected worker name ${JSON.stringify(worker)}`)
importScripts(worker)
