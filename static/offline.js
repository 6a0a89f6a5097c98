// The app's offline page (templates/offline.html), which the service worker answers for a sheet it has no copy of:
// it lists what the outbox keeps on this phone for the game at this address (outbox.js: "outbox:<link>" in
// localStorage), and opens the address again once the server answers (the phone may say it is online before, or
// without, the network working: its own small page is asked, past the worker, every few seconds), where the sheet
// sends them.
(function () {
  "use strict";
  var RETRY_MS = 3000;
  var box = document.getElementById("offline-queue"), here = location.pathname;

  function waiting() {
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var name = localStorage.key(i), link = name.slice("outbox:".length);
        if (name.indexOf("outbox:") === 0 && (here === link || here.indexOf(link + "/") === 0)) {
          return JSON.parse(localStorage.getItem(name)) || [];
        }
      }
    } catch (e) { /* storage refused: nothing to list */ }
    return [];
  }

  function start() {
    var queue = waiting(), list = box.querySelector("ol");
    document.getElementById("retry").href = location.href;
    if (!queue.length) return;
    box.querySelector("p").textContent = queue.length === 1 ? box.dataset.safeOne : box.dataset.safeMany.replace("{n}", queue.length);
    queue.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.label;
      list.appendChild(li);
    });
    box.hidden = false;
  }

  function probe() {  // a HEAD is not the worker's: it goes to the server or fails
    fetch(box.dataset.probe, { method: "HEAD", cache: "no-store" })
      .then(function (response) { if (response.ok) location.reload(); }, function () { /* still offline */ });
  }

  window.addEventListener("online", probe);
  setInterval(probe, RETRY_MS);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
