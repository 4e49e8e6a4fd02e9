/*
 * Offline: registers the site's service worker and tells the reader when an update is ready.
 *
 * Every page loads this file (deferred) with two data attributes written by
 * overrides/hooks/site_offline.py:
 *   data-sw       the URL of sw.js at the site root, relative to the page (so the site works
 *                 at a host's root and under a sub-path; the scope is sw.js's folder)
 *   data-strings  {"update", "reload", "offline", "saving", "saved"} in the page's language
 *
 * When: the first visit downloads every page and the engine for offline use (sw.js), which
 * must not compete with this page's own engine start. So, on a page with a checker, the
 * service worker is registered once the engine is ready (or has failed); on other pages at
 * idle after `load`. A reader who asked to save data (navigator.connection.saveData) gets
 * it only after starting the engine themself (the engine's bytes are then in the HTTP
 * cache and cost a revalidation). A page the service worker already controls registers at
 * idle after `load` and asks for an update (a new release installs in the background).
 *
 * A new release never swaps under the reader: when one is installed and waiting, a banner
 * (role="status") at the top of the page's content, above its title, says so with a Reload
 * button; the button lets it take over ({type: "skip-waiting"}) and reloads the page once it
 * has. A page whose service worker was replaced from another tab shows the same banner. The
 * first install, which only makes the site available offline, shows its progress in the header
 * bar, in the place of the site's name (sw.js posts the bytes stored), then that the site now
 * works offline: it covers nothing of the page.
 *
 * <html data-offline="ready"> once this page is controlled by an activated service worker
 * (the release is complete: its install stored every file). Tests wait for it.
 */
(() => {
  "use strict"

  const script = document.currentScript
  if (!script || !("serviceWorker" in navigator) || !window.isSecureContext)
    return
  const container = navigator.serviceWorker
  const swURL = new URL(script.dataset.sw, document.baseURI)
  let strings = {}
  try {
    strings = JSON.parse(script.dataset.strings || "{}")
  } catch { /* English words below */ }
  const root = document.documentElement
  let controlled = Boolean(container.controller)
  let asked = false
  let banner = null

  function idle(callback) {
    const run = () => ("requestIdleCallback" in window
      ? requestIdleCallback(callback, { timeout: 3000 })
      : setTimeout(callback, 500))
    if (document.readyState === "complete") run()
    else addEventListener("load", run, { once: true })
  }

  function markReady(registration) {
    if (container.controller && registration.active && registration.active.state === "activated")
      root.dataset.offline = "ready"
  }

  function showBanner(waiting) {
    if (!banner) {
      // In the page, above its title (site.css): never over a control or a tool's bar.
      banner = document.createElement("div")
      banner.className = "site-update"
      banner.setAttribute("role", "status")
      const text = document.createElement("span")
      text.textContent = strings.update || "An update of this site is ready."
      const button = document.createElement("button")
      button.type = "button"
      button.className = "md-button md-button--primary"
      button.textContent = strings.reload || "Reload"
      banner.append(text, button)
      const content = document.querySelector(".md-content__inner")
      if (content) content.prepend(banner)
      else document.body.prepend(banner)
    }
    banner.querySelector("button").onclick = () => {
      asked = true
      if (waiting && waiting.state === "installed") waiting.postMessage({ type: "skip-waiting" })
      else location.reload()
    }
  }

  function watch(registration) {
    if (registration.waiting && container.controller)
      showBanner(registration.waiting)
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing
      if (!worker)
        return
      const first = !container.controller
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && container.controller && !first)
          showBanner(worker)
        if (worker.state === "activated") {
          markReady(registration)
          if (first)
            saved()
        }
      })
    })
  }

  // The first install, in the header bar where the site's name is (it covers nothing of the page):
  // how much is saved, then that the site works offline, for a few seconds. "Works offline" is
  // true only from then: a slow first visit says how far it is.
  let status = null
  function statusLine() {
    const title = document.querySelector(".md-header__title")
    if (!title)
      return null
    if (!status) {
      status = document.createElement("div")
      status.className = "site-offline-status"
      status.setAttribute("role", "status")
      title.append(status)
    }
    return status
  }

  function saving(done, total) {
    const line = statusLine()
    if (!line || !total || root.dataset.offline === "ready")
      return
    const percent = new Intl.NumberFormat(root.lang || undefined, { style: "percent" }).format(Math.min(done / total, 1))
    line.dataset.state = "saving"
    line.textContent = (strings.saving || "Saving for offline use: {percent}").replace("{percent}", percent)
  }

  function saved() {
    const line = statusLine()
    if (!line) {
      if (window.alert$ && strings.offline)
        window.alert$.next(strings.offline)
      return
    }
    line.dataset.state = "saved"
    line.textContent = strings.saved || "Saved: works offline"
    line.title = strings.offline || ""
    setTimeout(() => { line.remove(); status = null }, 8000)
  }

  container.addEventListener("message", event => {
    const data = event.data || {}
    if (data.type === "saving" && !controlled)
      saving(Number(data.done) || 0, Number(data.total) || 0)
  })
  container.startMessages()

  container.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true // the first install took this page over: nothing changed for the reader
      container.getRegistration(swURL.href).then(r => r && markReady(r))
      return
    }
    if (asked)
      location.reload()
    else
      showBanner(null) // another tab let a new release in: this page is from the old one
  })

  async function register() {
    try {
      const registration = await container.register(swURL.href)
      watch(registration)
      markReady(registration)
      if (controlled && navigator.onLine)
        registration.update().catch(() => { /* offline, or the server is away: next time */ })
    } catch { /* no service worker (private mode, a file:// copy): the site works online */ }
  }

  const saveData = Boolean(navigator.connection && navigator.connection.saveData)
  const hasChecker = Boolean(document.querySelector(".rules-checker, [data-engine-zip]"))
  if (controlled || (!hasChecker && !saveData)) {
    idle(register)
  } else if (hasChecker) {
    // The engine announces itself on window ("rules-checker:state", checker-client.mjs).
    const checker = window.rulesChecker
    if (checker && (checker.state === "ready" || checker.state === "unavailable")) {
      idle(register)
      return
    }
    const onState = ({ detail }) => {
      if (detail.state !== "ready" && detail.state !== "unavailable")
        return
      removeEventListener("rules-checker:state", onState)
      idle(register)
    }
    addEventListener("rules-checker:state", onState)
  }
})()
