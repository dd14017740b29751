// Offline: every file of this build kept in a cache named by the build's hash (the web
// build fills in both); cache first, so a phone or a classroom laptop plays without a
// network after the first visit. A new build's worker drops the older caches.

const CACHE = "__CACHE__";
const FILES = __FILES__;

// The page has put the big files (the port, the drive) into the cache as it loaded
// them: only what is missing is fetched, so a first visit fetches each file once.
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    for (const file of FILES) {
      if (!(await cache.match(file))) await cache.add(file);
    }
  }).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  if (url.origin !== location.origin) return;
  event.respondWith(caches.match(event.request, { ignoreSearch: true })
    .then((hit) => hit || fetch(event.request)));
});
