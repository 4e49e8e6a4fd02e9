/*
 * Copy-link anchors (a.site-permalink, written by overrides/hooks/site_paragraphs.py).
 * Without JavaScript each is a plain link to its paragraph; with it, a click also copies
 * the paragraph's absolute address, the thing a judge pastes into a chat, and says so in
 * Material's own "Copied to clipboard" message, already in the page's language.
 */
document.addEventListener("click", ev => {
  const anchor = ev.target instanceof Element && ev.target.closest("a.site-permalink")
  if (!anchor || !navigator.clipboard || ev.button !== 0 || ev.metaKey || ev.ctrlKey)
    return
  const address = new URL(anchor.getAttribute("href"), location.href).href
  navigator.clipboard.writeText(address).then(() => {
    const config = JSON.parse(document.getElementById("__config").textContent)
    if (window.alert$)
      window.alert$.next(config.translations["clipboard.copied"])
  }, () => { /* no permission: the link still took the reader to the paragraph */ })
})

/*
 * Material's toast (.md-dialog: "Copied to clipboard") sits outside every landmark and is
 * silent to screen readers: make it a polite live region (role status), so what it says is
 * announced, and it counts as a region of its own (WCAG 4.1.3). It goes into the header bar,
 * in the place of the site's name (site.css): it covers nothing of the page, which starts under
 * the header (menus, a tool's row, the search results, the tracker's pinned line).
 */
for (const dialog of document.querySelectorAll(".md-dialog")) {
  dialog.setAttribute("role", "status")
  document.querySelector(".md-header")?.append(dialog)
}

/*
 * The "not found" page (404.html) greets the reader in every language: the language of the
 * address asked for comes first, as the page's heading. Offline, the service worker shows
 * this same page for a page it does not hold. Each language suggests the pages the address's
 * words name ("/magic/" → the Magic procedure; data-words, site_addresses.py), first; when
 * none does, the checker and the glossary stay.
 */
{
  let path = location.pathname.toLowerCase()
  try { path = decodeURIComponent(path) } catch { /* a mistyped %-escape: the address as it is */ }
  const words = new Set(path.split(/[^\p{L}\p{N}]+/u))
  const named = item => item.dataset.words.split(" ")
    .some(word => word.includes("-") ? path.includes(word) : words.has(word))
  for (const list of document.querySelectorAll(".site-not-found .site-nearest")) {
    const found = [...list.children].filter(named)
    if (!found.length)
      continue
    for (const item of list.children)
      item.hidden = !found.includes(item)
    list.prepend(...found)
  }
  const notes = [...document.querySelectorAll(".site-not-found[lang]")]
  const wanted = location.pathname.split("/").find(part => notes.some(n => n.lang === part && n !== notes[0]))
  const note = notes.find(n => n.lang === wanted)
  if (note) {
    const first = notes[0]
    const [heading, other] = [first.querySelector("h1"), note.querySelector("h2")]
    first.before(note)
    if (heading && other) {
      const h1 = document.createElement("h1")
      h1.replaceChildren(...other.childNodes)
      other.replaceWith(h1)
      const h2 = document.createElement("h2")
      h2.replaceChildren(...heading.childNodes)
      heading.replaceWith(h2)
    }
  }
}

/*
 * The language selector takes the address's fragment along: a share link's scenario
 * (#scenario=…), a training question (#q=…) or an exam (#exam=…) hold no words of a
 * language, and a paragraph's id is the same in every language (DESIGN §3.1). So the other
 * language opens on the same ruling, question, exam or paragraph. The fragment never reaches
 * the server, and the tools change it without a hashchange (history.replaceState): each
 * link's href is brought up to date as it is about to be used (pressed, focused, opened in a
 * new tab or long-pressed for its menu), so a copied or middle-clicked link keeps it too.
 * A reader who is reading a share link's ruling (it is on screen) is taken back to it in the
 * other language, not to the top of the page: the link then says "&at=ruling" after the
 * scenario (the checker reads it, goes to the ruling and drops it from the address).
 */
{
  const links = [...document.querySelectorAll(".md-select__link[hreflang]")]
  for (const link of links)
    link.dataset.page = link.getAttribute("href")
  const readingRuling = () => {
    const ruling = document.querySelector("[data-ruling]")
    if (!ruling || ruling.hidden || !/^#scenario=/.test(location.hash))
      return false
    const box = ruling.getBoundingClientRect()
    const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0
    return box.height > 0 && box.top < innerHeight && box.bottom > header
  }
  const follow = () => {
    const hash = location.hash.replace(/&at=ruling$/, "") + (readingRuling() ? "&at=ruling" : "")
    for (const link of links) {
      const target = new URL(link.dataset.page, location.href)
      target.hash = hash
      link.href = target.href
    }
  }
  follow()
  addEventListener("hashchange", follow)
  for (const type of ["pointerdown", "focusin", "click", "auxclick", "contextmenu", "mouseover"])
    document.addEventListener(type, ev => {
      if (ev.target instanceof Element && ev.target.closest(".md-select__link[hreflang]"))
        follow()
    }, { capture: true, passive: true })
}

/*
 * Search as the query changes, however it was entered. Material reads the search box on
 * `keyup` (and on focus): a query committed without keys (a Japanese IME's candidate, voice
 * input, a paste, autofill) fires only `input` or `compositionend`, and the results kept
 * asking for a keyword. Tell Material the way it listens: a keyup on the box itself (it does
 * not bubble). While an IME is still composing, wait for the committed text.
 */
{
  const query = document.querySelector("[data-md-component=search-query]")
  if (query) {
    const changed = () => query.dispatchEvent(new KeyboardEvent("keyup"))
    query.addEventListener("input", ev => { if (!ev.isComposing) changed() })
    query.addEventListener("compositionend", changed)
  }
}
