// The service worker. The app's static files (scripts, style, icons) come from the phone's cache, so a sheet
// opens quickly on a flaky Wi-Fi: only the fingerprinted /static/ addresses (`?v=…`), cache-first (a new version of
// a file is a new address). This script lists the current files; a release changes it, and the new worker drops the
// old ones.
//
// A sheet opens offline too (#35): the worker keeps the last copy of each sheet page this phone saw (the sheet of a
// scorer's, seat's or view link, its share page, a hand's history), network first; on a network failure it answers
// with the copy, which the page marks "Offline: the sheet as this phone last saw it" (outbox.js), and without one,
// with the app's own offline page (cached at install, no key in it). The server still sends these pages no-store,
// so no HTTP cache along the way (the browser's, a proxy's) keeps them; this copy is different: it is in this
// phone's own Cache Storage, which only this app's pages read, beside the outbox's queue in localStorage that
// holds the same link, and it is bounded: sheet pages only (no organiser's page, no CSV or API answer), of the
// last GAMES games, dropped when the link's sheet answers 404 (the link was replaced) and when the phone forgets
// the game (POST /forget/game/…).
var CACHE = "static", SHEETS = "sheets", OFFLINE = "offline";
var FILES = {{ files|tojson }};
var OFFLINE_PAGE = {{ offline|tojson }};
var GAMES = 10;
var SHEET_PAGE = /^\/g\/([^/]+)\/([^/]+)(\/share|\/hands\/\d+\/history)?$/;
var FORGET = /^\/forget\/game\/([^/]+)$/;

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); }),
                               caches.open(OFFLINE).then(function (cache) { return cache.add(OFFLINE_PAGE); })])
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
  if (url.origin !== self.location.origin) return;  // everything else: the network, as without a worker
  var forgotten = request.method === "POST" && FORGET.exec(url.pathname);
  if (forgotten) event.waitUntil(drop("/g/" + forgotten[1] + "/"));
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/static/") === 0 && url.searchParams.get("v")) event.respondWith(file(request));
  else if (request.mode === "navigate" && url.pathname.indexOf("/g/") === 0) event.respondWith(page(event, request));
});

// A page tells the worker its language (the offline page is kept in it) and which sheet to keep a copy of: one it
// opened before the worker was there, or the sheet as it is when the phone puts it away (sw-register.js).
self.addEventListener("message", function (event) {
  var data = event.data || {}, url = data.keep && new URL(data.keep);
  if (data.lang) event.waitUntil(offlinePageIn(data.lang));
  if (url && url.origin === self.location.origin && SHEET_PAGE.test(url.pathname)) {
    var later = event.waitUntil.bind(event);
    later(fromNetwork(new Request(url.href), later).catch(function () { /* offline: the copy stays as it was */ }));
  }
});

// A static file: the phone's copy, else the network; offline, a file of an earlier release (a page kept from
// then links it) gets this release's file of that name.
function file(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok && !/no-store/.test(response.headers.get("Cache-Control") || "")) cache.put(request, response.clone());
        return response;
      }, function (error) {
        return cache.match(request, { ignoreSearch: true }).then(function (same) { return same || Promise.reject(error); });
      });
    });
  });
}

// A page of a game: the network first; when it cannot be reached (or a proxy answers for a server restarting),
// the copy of that page, else the app's offline page.
function page(event, request) {
  var url = new URL(request.url);
  return fromNetwork(request, event.waitUntil.bind(event)).then(function (response) {
    return response.status >= 502 ? copyOf(url).then(function (copy) { return copy || response; }) : response;
  }, function () {
    return copyOf(url).then(function (copy) { return copy || caches.match(OFFLINE_PAGE, { cacheName: OFFLINE }); });
  });
}

// The network's answer; the copy kept (a sheet page) or dropped (the link's sheet answers 404: it was replaced), in
// the background of the event (`later`).
function fromNetwork(request, later) {
  return fetch(request).then(function (response) {
    var url = new URL(response.url || request.url), sheet = SHEET_PAGE.exec(url.pathname);
    if (sheet && response.status === 404 && !sheet[3]) later(drop(url.pathname + "/"));
    else if (sheet && response.status === 200 && /^text\/html/.test(response.headers.get("Content-Type") || "")) {
      later(keep(url, response.clone()));
    }
    return response;
  });
}

// The copy, under the page's address without its query, with the time it was seen; then the oldest games beyond
// the last GAMES go.
function keep(url, response) {
  var headers = new Headers(response.headers);
  ["Content-Encoding", "Content-Length", "Vary"].forEach(function (name) { headers.delete(name); });
  headers.set("Sheet-Saved", String(Date.now()));
  return response.blob().then(function (body) {
    return caches.open(SHEETS).then(function (cache) {
      return cache.put(url.origin + url.pathname, new Response(body, { status: 200, headers: headers }))
        .then(function () { return trim(cache); });
    });
  });
}

function trim(cache) {
  return cache.keys().then(function (requests) {
    return Promise.all(requests.map(function (request) { return cache.match(request); })).then(function (responses) {
      var latest = {};
      requests.forEach(function (request, i) {
        var game = new URL(request.url).pathname.split("/")[2], saved = Number(responses[i].headers.get("Sheet-Saved"));
        latest[game] = Math.max(latest[game] || 0, saved);
      });
      var old = Object.keys(latest).sort(function (a, b) { return latest[b] - latest[a]; }).slice(GAMES);
      return Promise.all(old.map(function (game) { return drop("/g/" + game + "/"); }));
    });
  });
}

// Every copy whose path begins with `prefix`: "/g/<game>/" (the game forgotten) or "/g/<game>/<key>/" (its link).
function drop(prefix) {
  return caches.open(SHEETS).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        return (new URL(request.url).pathname + "/").indexOf(prefix) === 0;
      }).map(function (request) { return cache.delete(request); }));
    });
  });
}

// The copy of this page, marked for the page with the time it was seen (outbox.js shows it), or nothing.
function copyOf(url) {
  return caches.open(SHEETS).then(function (cache) { return cache.match(url.origin + url.pathname); }).then(function (hit) {
    if (!hit) return null;
    return hit.text().then(function (text) {
      var marked = text.replace("<html", '<html data-offline-copy="' + Number(hit.headers.get("Sheet-Saved")) + '"');
      return new Response(marked, { status: 200, headers: hit.headers });
    });
  });
}

// The offline page, kept in the language of the pages this phone shows (fetched again when that changes).
function offlinePageIn(lang) {
  return caches.open(OFFLINE).then(function (cache) {
    return cache.match(OFFLINE_PAGE).then(function (hit) {
      if (!hit || hit.headers.get("Content-Language") !== lang) return cache.add(OFFLINE_PAGE).catch(function () {});
    });
  });
}
