// Passing a link on (a ruling, a training question, an exam or its result), as the checker and
// the training pages offer it:
// - the phone's share sheet (navigator.share) where the browser has one: a "Share…" button
//   beside the copy button;
// - the clipboard; where copying fails (no permission, an old browser), a one-line field
//   holding the link, read-only and selected when focused, so a long press copies it (never
//   the link written out as a wall of text).
// strings: {share_sheet, copied, copy_failed}, from the page's catalog.
import { el } from "./dom.js";

export const canShare = () => typeof navigator.share === "function";

// The "Share…" button for link() (a function: the link as it is when tapped), or null where
// the browser has no share sheet.
export function shareButton(strings, link, status, attributes = {}) {
  if (!canShare()) return null;
  const button = el("button", { type: "button", class: "md-button share-sheet", ...attributes }, strings.share_sheet);
  button.addEventListener("click", async () => {
    const url = link();
    try {
      await navigator.share({ url, title: document.title });
    } catch (error) {
      // Closing the sheet is no failure; anything else leaves the link to copy by hand.
      if (error?.name !== "AbortError") linkField(strings, url, status);
    }
  });
  return button;
}

export async function copyLink(strings, url, status) {
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = strings.copied;
  } catch {
    linkField(strings, url, status);
  }
}

// "Copy this link:" and the link in a one-line field, selected, in ``status``.
export function linkField(strings, url, status) {
  const field = el("input", { type: "text", class: "share-link-field", readonly: "", value: url,
    "aria-label": strings.copy_failed.replace(/\s*[:：]\s*$/, ""), spellcheck: "false", autocomplete: "off" });
  const select = () => field.setSelectionRange(0, field.value.length);
  field.addEventListener("focus", select);
  field.addEventListener("click", select);
  status.replaceChildren(el("span", { class: "share-link-label" }, strings.copy_failed), field);
  field.focus({ preventScroll: true });
  select();
  return field;
}
