// Once the reader has used the checker or the tracker, ask the browser to keep this site's
// storage (the offline copy, the tracker's taps, training scores) when space runs short,
// rather than evict it mid-event. Asked once per device; a refusal changes nothing.
const ASKED = "end-of-match:storage-persist-asked";

export function keepOnDevice() {
  try {
    if (!navigator.storage || !navigator.storage.persist || localStorage.getItem(ASKED)) return;
    localStorage.setItem(ASKED, "1");
    navigator.storage.persist().catch(() => {});
  } catch {
    // Storage unavailable (private mode): there is nothing to keep.
  }
}
