// Installs the service worker (its address is on this script's tag): it keeps the static files on the
// phone so the app opens quickly on a flaky Wi-Fi, and the last copy of each sheet this phone saw, which opens
// offline (#35). Without it (an old browser, no HTTPS) nothing changes.
(function () {
  "use strict";
  var script = document.currentScript, worker = navigator.serviceWorker;
  if (!worker || !script) return;
  var first = !worker.controller, leaving = false;
  worker.register(script.dataset.worker).catch(function () {});
  function tell(message) {
    worker.ready.then(function (registration) { if (registration.active) registration.active.postMessage(message); });
  }
  // The worker sees the pages it serves; it is told of this one when it opened before the worker was there, and
  // asked to keep the sheet as it is when the phone puts it away (the tab may be closed then, and the sheet has
  // changed since it opened). Not when the page is left for another: that one is the newer visit.
  tell({ lang: document.documentElement.lang, keep: first ? location.href : null });
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden" && !leaving && navigator.onLine) tell({ keep: location.href });
  });
})();
