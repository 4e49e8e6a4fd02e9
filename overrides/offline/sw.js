// The site's service worker: every page of every language and the checker, offline.
//
// Source: overrides/offline/sw.js. overrides/hooks/site_offline.py publishes it as sw.js at
// the SITE ROOT (so its scope covers /, /fr/, /pt/ and /ja/, at a host's root or under a
// sub-path), after every language has been built, with RELEASE below filled in (under
// `mkdocs serve` it stays null: see retire()):
//
//   {"name": "eom-<16 hex>",            the release: a hash of the file list and its hashes
//    "engine": "assets/engine/engine-<hash>.zip",
//    "files": [[url, integrity, bytes], …]}
//
// url is relative to this file ("fr/mtg/end-of-match/" for a page, "assets/…" for the rest);
// integrity is "sha256-<base64>" of the file's bytes (an engine zip has two: the file, deflated
// entry by entry, and the same entries stored, which a host serving its .br/.gz sends; the
// browser accepts either, site_offline.py stored_twin). The page side is
// overrides/assets/offline/offline.js (registration, the "update ready" banner).
//
// Caches:
//   eom-<hash>     one per release: every file of RELEASE.files, filled at install;
//   eom-snapshot   the engine's memory snapshots, made on this device by worker.mjs: kept
//                  across releases, but only the entry of this release's engine zip.
// Activation deletes every other eom-* cache.
//
// Install: each file is fetched revalidating the HTTP cache (`cache: "no-cache"`, so a file
// the engine's first boot just downloaded costs a 304) and checked against its hash by the
// browser (`integrity`); a file whose hash an older release cache already holds is copied
// from it, so an update downloads only what changed. A file that fails fails the install (the
// browser tries again at a later visit; what was already stored is kept: the same release
// name means the same bytes, so an interrupted install resumes where it stopped). A page and
// its engine are therefore always from the same release.
//
// Requests: every file of the release is answered from the release cache (cache first, for
// pages too, matched without the query string); anything else goes to the network as if
// there were no service worker, except that a page the network cannot give offline gets the
// site's own "not found" page. Cache first for pages, because:
//   - pages and their engine zip must come from one release (a network-first page from a
//     newer deploy would name an engine zip this cache does not hold);
//   - on a weak network, a timeout is worse than no network at all: a cached page shows at
//     once, and a network-first wait of even a short timeout is paid on every page;
//   - freshness comes from the release itself: on every navigation the browser fetches sw.js
//     again (and offline.js asks it to), and a changed file list is a new sw.js. The new
//     release is installed in the background, then WAITS: offline.js tells the reader "an
//     update is ready" with a Reload button, which sends {type: "skip-waiting"}; nothing is
//     swapped under a reader who is in the middle of a ruling.
"use strict";

const RELEASE = /*RELEASE*/null;

const PREFIX = "eom-";
const SNAPSHOTS = "eom-snapshot";
const INTEGRITY = "x-eom-integrity"; // stored with each response: lets a later release reuse it
const CONCURRENCY = 4;
const BASE = new URL("./", self.location.href);
const FILES = new Map((RELEASE ? RELEASE.files : []).map(([path, integrity]) => [new URL(path, BASE).href, integrity]));
const SIZES = new Map((RELEASE ? RELEASE.files : []).map(([path, , bytes]) => [new URL(path, BASE).href, bytes || 0]));

// --- install: the release cache -------------------------------------------------------------

function stamped(response, integrity) {
  // The body as the browser decoded it: the transfer's encoding and length no longer apply.
  const headers = new Headers(response.headers);
  for (const name of ["content-encoding", "content-length", "set-cookie"]) headers.delete(name);
  headers.set(INTEGRITY, integrity);
  return new Response(response.body, { status: 200, statusText: "OK", headers });
}

async function download(url, integrity) {
  let response;
  try {
    response = await fetch(url, { cache: "no-cache", integrity, credentials: "same-origin" });
  } catch (error) {
    // A wrong hash: the HTTP cache (or a stale proxy) held another version; one more try
    // straight from the server, then give up for this visit.
    response = await fetch(url, { cache: "reload", integrity, credentials: "same-origin" });
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return stamped(response, integrity);
}

async function precache() {
  if (!RELEASE) return;
  const cache = await caches.open(RELEASE.name);
  const older = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== RELEASE.name && name !== SNAPSHOTS) older.push(await caches.open(name));
  }
  const queue = [...FILES];
  async function store([url, integrity]) {
    const present = await cache.match(url);
    if (present && present.headers.get(INTEGRITY) === integrity) return; // an interrupted install
    for (const old of older) {
      const same = await old.match(url);
      if (same && same.headers.get(INTEGRITY) === integrity) {
        await cache.put(url, same);
        return;
      }
    }
    await cache.put(url, await download(url, integrity));
  }
  // The pages waiting for the first install show how far it is (offline.js): bytes stored of all.
  const total = [...SIZES.values()].reduce((sum, bytes) => sum + bytes, 0);
  let done = 0;
  async function worker() {
    while (queue.length) {
      const entry = queue.shift();
      await store(entry);
      done += SIZES.get(entry[0]) || 0;
      tell({ type: "saving", done, total });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// At most a few times a second, and always the last word.
let toldAt = 0;
async function tell(message) {
  const now = Date.now();
  if (message.done < message.total && now - toldAt < 250) return;
  toldAt = now;
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(RELEASE ? precache() : self.skipWaiting());
});

// --- activate: drop the other releases ------------------------------------------------------

async function cleanUp() {
  if (!RELEASE) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== RELEASE.name && name !== SNAPSHOTS) await caches.delete(name);
  }
  if (await caches.has(SNAPSHOTS)) {
    // worker.mjs keys a snapshot on its engine zip's URL: another zip's snapshot is dead weight.
    const engine = new URL(RELEASE.engine, BASE).href;
    const snapshots = await caches.open(SNAPSHOTS);
    for (const request of await snapshots.keys()) {
      if (!request.url.startsWith(engine)) await snapshots.delete(request);
    }
  }
}

// No release (`mkdocs serve` publishes this file as it is, with RELEASE null): retire. A
// release installed by `make serve` on the same address would otherwise keep answering
// with its pages while the development server rebuilds them.
async function retire() {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
}

self.addEventListener("activate", (event) => {
  // claim(): the first visit's page (and its engine worker) is served from here at once.
  event.waitUntil(RELEASE ? cleanUp().then(() => self.clients.claim()) : retire());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "release" && event.source) {
    event.source.postMessage({ type: "release", name: RELEASE ? RELEASE.name : null, files: FILES.size });
  }
});

// --- fetch: the release first ---------------------------------------------------------------

// The release's URL for a request (no query string, no fragment), or null.
function inRelease(url, navigate) {
  const bare = new URL(url.pathname, url).href;
  if (FILES.has(bare)) return bare;
  if (navigate && bare.endsWith("/index.html") && FILES.has(bare.slice(0, -"index.html".length))) {
    return bare.slice(0, -"index.html".length);
  }
  return null;
}

async function fromRelease(key, request) {
  const cache = await caches.open(RELEASE.name);
  const hit = await cache.match(key);
  // Missing only while installing or after the browser evicted the cache: the network.
  return hit || fetch(request);
}

// A page this release does not hold (a mistyped address, a page of a later release): the
// network as usual, and offline the site's own "not found" page (404.html, which names every
// language; site.js puts the reader's first) instead of the browser's error.
const NOT_FOUND = new URL("404.html", BASE).href;

async function pageOrNotFound(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const page = RELEASE && FILES.has(NOT_FOUND) && (await (await caches.open(RELEASE.name)).match(NOT_FOUND));
    if (!page) throw error;
    return new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (!RELEASE || request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.href.startsWith(BASE.href)) return;
  const navigate = request.mode === "navigate";
  const key = inRelease(url, navigate);
  if (key) {
    event.respondWith(fromRelease(key, request));
  } else if (navigate && !url.pathname.endsWith("/") && FILES.has(new URL(url.pathname + "/", url).href)) {
    // A page without its trailing slash: the server would redirect; offline, so do we.
    event.respondWith(Response.redirect(new URL(url.pathname + "/" + url.search, url).href, 301));
  } else if (navigate) {
    event.respondWith(pageOrNotFound(request));
  }
});
