// Live sheet: the page stream says "changed" with the game's version; when it differs from the
// version on screen, fetch this page's own view again (morphing keeps what is being typed).
// While the stream is down, refresh every few seconds instead.
(function () {
  "use strict";
  var fallback = null;

  function sheet() { return document.getElementById("sheet"); }
  function live() { return document.getElementById("live"); }

  function refresh() {
    var s = sheet();
    if (!s || !window.htmx) return;
    htmx.ajax("GET", s.dataset.url, { target: "#sheet", swap: "outerMorph" });
  }

  function setState(state) {
    var l = live();
    if (l) { l.hidden = false; l.dataset.state = state; }
    if (state === "live") {
      if (fallback) { clearInterval(fallback); fallback = null; }
    } else if (!fallback) {
      fallback = setInterval(refresh, 5000);
    }
  }

  document.addEventListener("DOMContentLoaded", function () { var l = live(); if (l) l.hidden = false; });
  document.addEventListener("changed", function (event) {
    var s = sheet();
    if (s && event.detail && String(event.detail.data) !== s.dataset.version) refresh();
  });
  document.addEventListener("htmx:sse:after:connection", function () { setState("live"); });
  document.addEventListener("htmx:sse:error", function () { setState("reconnecting"); });
  document.addEventListener("htmx:sse:close", function () { setState("reconnecting"); });
})();
