// The service worker: the app's static files (scripts, style, icons) come from the phone's cache, so a
// sheet opens quickly on a flaky Wi-Fi. Only the fingerprinted /static/ addresses (`?v=…`) are kept,
// cache-first: a new version of a file is a new address. Pages and API answers are never cached (they
// carry the game's keys in their address and are sent no-store): they always go to the network.
// This script lists the current files; a release changes it, and the new worker drops the old ones.
var CACHE = "static";
var FILES = {{ files|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        var url = new URL(request.url);
        return FILES.indexOf(url.pathname + url.search) < 0;
      }).map(function (request) { return cache.delete(request); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.indexOf("/static/") !== 0 ||
      !url.searchParams.get("v")) return;  // everything else: the network, as without a worker
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok && !/no-store/.test(response.headers.get("Cache-Control") || "")) cache.put(request, response.clone());
        return response;
      });
    });
  }));
});
