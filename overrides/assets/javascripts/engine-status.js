// What a tool that runs the engine says while the engine downloads, and when it cannot
// start: a slow or lost network is not "this device can't" (window.rulesChecker reports
// the bytes received and, on failure, its reason: checker-client.mjs).
import { el, format } from "./dom.js";

// Megabytes to one decimal, written as the page's language writes a number ("1,7" in French and
// Portuguese, "1.7" in English and Japanese).
const mb = (bytes) => new Intl.NumberFormat(document.documentElement.lang || undefined,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);

// "Downloading the rules engine: 3.1 of 10.2 MB", or null before any byte has arrived.
export function downloadText(strings, download) {
  if (!download || !download.received) return null;
  return download.total
    ? format(strings.engine_download, { received: mb(Math.min(download.received, download.total)), total: mb(download.total) })
    : format(strings.engine_download_open, { received: mb(download.received) });
}

// The download as a bar labelled `label`: the bytes received of the total, or, with no total yet,
// `otherwise` (a bar of its own) or an indeterminate bar.
export function downloadBar(download, label, otherwise = null) {
  const bar = download && download.total
    ? el("progress", { max: String(download.total), value: String(Math.min(download.received, download.total)) })
    : otherwise || el("progress", {});
  bar.setAttribute("aria-label", label);
  return bar;
}

// The words for a start-up that failed: the network's fault, no network, or the engine's
// (the tool's own `unavailable` text).
export function problemText(strings, error, unavailable) {
  if (error && error.reason === "offline") return strings.engine_offline;
  if (error && error.reason === "network") {
    return format(strings.engine_slow_network, { received: mb(window.rulesChecker.download?.received || 0) });
  }
  return unavailable;
}

// The alert and a "Try again" button that restarts the engine, then calls `then(null)` once
// it is ready or `then(error)` if it failed again (the tool asks again: the reader's input is
// kept, never reset).
export function problem(strings, error, unavailable, then) {
  const retry = el("button", { type: "button", class: "md-button engine-retry" }, strings.engine_retry);
  retry.addEventListener("click", () => {
    retry.disabled = true;
    window.rulesChecker.start().then(() => then(null), (failed) => then(failed));
  });
  return [el("p", { class: "checker-status", role: "alert", "data-reason": error?.reason || "engine" },
    problemText(strings, error, unavailable)), el("p", {}, retry)];
}
