/* Pasyans' service worker: the game starts with no network after its first visit.
 *
 * Two caches (docs/web.md, "Offline"):
 *   pasyans-app-<BUILD>      our page, bundle, manifest and icons, fetched when this worker
 *                            installs; BUILD is stamped by tools/build_web.py from the files'
 *                            contents, so a new build is a new worker with a new cache.
 *   pasyans-runtime-<RT>     pygbag's runtime (pythons.js, CPython wasm, the pygame-ce
 *                            wheel…) as the page loaded it; RT is the runtime's version, so
 *                            a game update keeps the runtime and a runtime update refetches.
 * On activation every other pasyans-* cache is deleted: a new version replaces the old.
 * Requests are answered from the caches first, then the network (and what the network gives
 * is kept). The page also posts the URLs it loaded before this worker controlled it.
 */
"use strict";

const BUILD = "__PASYANS_BUILD__";
const RUNTIME = "__PASYANS_RUNTIME__";
const APP_CACHE = "pasyans-app-" + BUILD;
const RUNTIME_CACHE = "pasyans-runtime-" + RUNTIME;
const APP_FILES = [
  "./",
  "index.html",
  "favicon.png",
  "pasyans.tar.gz",
  "manifest.webmanifest",
  "icon-192.png",
  "icon-512.png",
];

const scopeURL = new URL("./", self.registration.scope).href;
const isOurs = (url) => url.startsWith(scopeURL) && !url.startsWith(scopeURL + "runtime/");

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(APP_CACHE)
      .then((cache) => cache.addAll(APP_FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((k) => k.startsWith("pasyans-") && k !== APP_CACHE && k !== RUNTIME_CACHE)
        .map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function cacheFor(url) {
  return isOurs(url) ? APP_CACHE : RUNTIME_CACHE;
}

// Reading never opens a cache: caches.open() creates a missing one, and an old worker still
// answering a page after the new one deleted its caches would bring them back (empty).
async function fromCache(request) {
  const url = request.url.split("#")[0];
  for (const cacheName of [APP_CACHE, RUNTIME_CACHE]) {
    const hit = await caches.match(url, { cacheName, ignoreVary: true })
      || (request.mode === "navigate" && await caches.match(url, { cacheName, ignoreSearch: true, ignoreVary: true }));
    if (hit && !(hit.type === "opaque" && request.mode === "cors")) return hit;
  }
  return null;
}

// This worker's app cache is made at install and deleted only by a newer worker: once it is
// gone, this worker is superseded and keeps nothing more.
const superseded = async () => !(await caches.has(APP_CACHE));

async function keep(url, response) {
  if (!response || !(response.ok || response.type === "opaque")) return;
  if (await superseded()) return;
  const cache = await caches.open(cacheFor(url));
  await cache.put(url, response);
}

async function answer(request) {
  const hit = await fromCache(request);
  if (hit) return hit;
  const response = await fetch(request);
  keep(request.url.split("#")[0], response.clone()).catch(() => {});
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !/^https?:/.test(request.url)) return;
  if (request.headers.has("range")) return;  // media ranges go to the network
  event.respondWith(answer(request));
});

// The page's list of what it loaded (performance entries): keep what we lack.
async function keepAll(urls) {
  const done = [];
  if (await superseded()) return done;
  for (const raw of new Set(urls)) {
    const url = raw.split("#")[0];
    if (!/^https?:/.test(url) || url.startsWith(self.location.href)) continue;
    const cache = await caches.open(cacheFor(url));
    if (await cache.match(url, { ignoreVary: true })) continue;
    let response = null;
    try {
      response = await fetch(url, { mode: "cors", credentials: "omit" });
    } catch (e) {
      try { response = await fetch(url, { mode: "no-cors", credentials: "omit" }); } catch (e2) { }
    }
    if (response && (response.ok || response.type === "opaque")) {
      await cache.put(url, response);
      done.push(url);
    }
  }
  return done;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "cache-urls" && Array.isArray(data.urls)) {
    const work = keepAll(data.urls).then((done) => {
      if (event.source) event.source.postMessage({ type: "cached-urls", urls: done });
    });
    if (event.waitUntil) event.waitUntil(work);
  }
});
