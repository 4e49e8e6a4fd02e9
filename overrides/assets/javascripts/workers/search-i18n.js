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
    const segments = segmenter.segment(term.replace(/\*$/, ""))
      .map(segment => segment.trim().toLowerCase())
      .filter(Boolean)
    return segments.length > 1
      ? segments.map(segment => `+${segment}*`).join(" ")
      : term
  }).join(" ")
}

/* Registered before Material's listener, so Material reads the changed message. */
addEventListener("message", ev => {
  const message = ev.data
  if (message && message.type === QUERY && typeof message.data === "string")
    message.data = segmentQuery(message.data)
  if (message && message.type === SETUP) {
    const { config } = message.data
    message.data.config = {
      ...config,
      lang: [params.get("lang") || "en"],
      separator: params.get("separator") || config.separator,
      pipeline: params.has("pipeline")
        ? params.get("pipeline").split(/\s*,\s*/).filter(Boolean)
        : config.pipeline
    }
  }
})

/* Only Material's hashed worker file from this folder, whatever the query string says. */
const worker = params.get("worker") || ""
if (!/^search\.[0-9a-f]+\.min\.js$/.test(worker))
  throw new Error(`search-i18n: unexpected worker name ${JSON.stringify(worker)}`)
importScripts(worker)
