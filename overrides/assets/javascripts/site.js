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
 * Material's toast (.md-dialog: "Copied to clipboard", the offline notices) sits outside
 * every landmark and is silent to screen readers: make it a polite live region (role
 * status), so what it says is announced, and it counts as a region of its own (WCAG 4.1.3).
 */
for (const dialog of document.querySelectorAll(".md-dialog"))
  dialog.setAttribute("role", "status")

/*
 * The "not found" page (404.html) greets the reader in every language: the language of the
 * address asked for comes first, as the page's heading. Offline, the service worker shows
 * this same page for a page it does not hold.
 */
{
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
