// Live sheet: the page stream says "changed" with the game's version (and "ping" with it at every
// heartbeat); when it is newer than the version on screen, fetch this page's own view again
// (morphing keeps what is being typed). A fetch that fails is retried until the sheet is current.
// While the stream is down — an error, or silence longer than a few heartbeats (a phone whose Wi-Fi
// dropped keeps a dead connection open) — the indicator says "reconnecting…", the stream is
// reopened and the sheet is refreshed every few seconds instead.
(function () {
  "use strict";
  var FALLBACK_MS = 5000, CHECK_MS = 2000, SILENCE_MS = 25000;
  var fallback = null, wanted = 0, busy = false, heard = Date.now();

  function sheet() { return document.getElementById("sheet"); }
  function live() { return document.getElementById("live"); }
  function shown() { var s = sheet(); return s ? parseInt(s.dataset.version, 10) || 0 : 0; }

  function refresh() {
    var s = sheet();
    if (!s || !window.htmx || busy) return;
    busy = true;
    var done = function () { busy = false; };
    var request = htmx.ajax("GET", s.dataset.url, { target: "#sheet", swap: "outerMorph" });
    if (request && request.then) request.then(done, done); else done();
  }

  function setState(state) {
    var l = live();
    if (l) { l.hidden = false; l.dataset.state = state; }
    if (state === "live") {
      if (fallback) { clearInterval(fallback); fallback = null; }
    } else if (!fallback) {
      fallback = setInterval(refresh, FALLBACK_MS);
    }
  }

  function announced(event) {
    heard = Date.now();
    var version = event.detail ? parseInt(event.detail.data, 10) : NaN;
    if (version > wanted) wanted = version;
    var l = live();
    if (l && l.dataset.state !== "live") setState("live");
    if (wanted > shown()) refresh();
  }

  // The indicator is hidden in the HTML (without JavaScript there is nothing live to show).
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { var l = live(); if (l) l.hidden = false; });
  } else if (live()) {
    live().hidden = false;
  }
  document.addEventListener("changed", announced);
  document.addEventListener("ping", announced);
  document.addEventListener("htmx:sse:after:connection", function () { heard = Date.now(); setState("live"); });
  document.addEventListener("htmx:sse:before:connection", function (event) {
    var c = event.detail && event.detail.connection;
    if (c && c.attempt > 0) setState("reconnecting");  // the stream ended: trying again
  });
  document.addEventListener("htmx:sse:error", function () { setState("reconnecting"); });
  document.addEventListener("htmx:sse:close", function () { setState("reconnecting"); });

  setInterval(function () {
    if (wanted > shown()) refresh();  // a refresh that failed (or raced) is tried again
    var l = live();
    if (l && l.dataset.state === "live" && !document.hidden && Date.now() - heard > SILENCE_MS) {
      setState("reconnecting");  // a silent, dead connection: drop it so the extension reconnects
      var sse = l._htmx && l._htmx.sse;
      if (sse && sse.reader && sse.reader.cancel) sse.reader.cancel();
    }
  }, CHECK_MS);
})();
