// Installs the service worker (its address is on this script's tag): it keeps the static files on the
// phone so the app opens quickly on a flaky Wi-Fi. Without it (an old browser, no HTTPS) nothing changes.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  navigator.serviceWorker.register(script.dataset.worker).catch(function () {});
})();
