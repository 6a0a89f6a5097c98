// Live sheet: the page stream says "changed" with the game's version (and "ping" with it at every
// heartbeat); when it is newer than the version on screen, fetch this page's own view again
// (morphing keeps what is being typed). A fetch that fails is retried until the sheet is current.
// Each fetch says which version (and hand) is on screen: when nothing changed, the answer is empty (204);
// otherwise the server may answer with just the parts of the sheet that changed since (htmx partials, #22),
// with the version and hand they bring the sheet to in its headers, which are then written on the sheet.
// While the stream is down — an error, or silence longer than a few heartbeats (a phone whose Wi-Fi
// dropped keeps a dead connection open) — the indicator says "reconnecting…", the stream is
// reopened and the sheet is refreshed every few seconds instead. When the phone is offline, an entry
// could not be sent (outbox.js says so with a "sheet:offline" event) or the stream went silent, it
// says "offline" until the stream is back. When the link stops working (it was
// rotated), the page reloads and shows why. While someone is typing into a form of the sheet (tricks,
// a correction), the refresh waits until that form is sent or left, so nothing typed is lost.
(function () {
  "use strict";
  // The browser tests' phones shorten the pause against double taps (tests/browser/conftest.py); phones keep 300 ms.
  // They also shorten the silence after which a stream is taken for dead (test_live.py); phones wait 25 s.
  var FALLBACK_MS = 5000, CHECK_MS = 2000, SILENCE_MS = window.segnapuntiSilenceMs || 25000,
      TAP_PAUSE_MS = window.segnapuntiTapPauseMs || 300;
  var fallback = null, wanted = 0, busy = false, heard = Date.now(), typing = false;

  function sheet() { return document.getElementById("sheet"); }
  function live() { return document.getElementById("live"); }
  function shown() { var s = sheet(); return s ? parseInt(s.dataset.version, 10) || 0 : 0; }

  function refresh() {
    var s = sheet();
    if (!s || !window.htmx || busy || typing) return;
    busy = true;
    var done = function () { busy = false; };
    var request = htmx.ajax("GET", s.dataset.url, { target: "#sheet", swap: "outerMorph",
                                                    headers: { "X-Live-Refresh": "1", "X-Sheet-Version": String(shown()),
                                                               "X-Sheet-Hand": s.dataset.hand || "" } });
    if (request && request.then) request.then(done, done); else done();
  }

  function gone() {
    if (fallback) { clearInterval(fallback); fallback = null; }
    window.location.reload();
  }

  function setState(state) {
    var l = live();
    if (l && !(state === "reconnecting" && l.dataset.state === "offline")) { l.hidden = false; l.dataset.state = state; }
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
    if (l && l.dataset.state !== "live" && navigator.onLine) setState("live");
    if (wanted > shown()) refresh();
  }

  // The indicator is hidden in the HTML (without JavaScript there is nothing live to show).
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { var l = live(); if (l) l.hidden = false; });
  } else if (live()) {
    live().hidden = false;
  }
  document.addEventListener("input", function (event) {
    var s = sheet();
    if (s && event.target.form && s.contains(event.target)) typing = true;
  });
  // A swap of the sheet or of its parts: not the indicator drawn anew to drop a dead stream (dropSilent, below).
  function onSheetSwap(listener) {
    document.addEventListener("htmx:after:swap", function (event) {
      var target = event.detail && event.detail.ctx && event.detail.ctx.target;
      if (!(target && target.id === "live")) listener(event);
    });
  }
  onSheetSwap(function (event) {
    typing = false;
    var ctx = event.detail && event.detail.ctx, headers = ctx && ctx.response && ctx.response.headers;
    var version = headers && headers.get ? headers.get("X-Sheet-Version") : null, s = sheet();
    if (version && s) {  // parts of the sheet were swapped in: the sheet now shows that version and hand
      s.dataset.version = version;
      s.dataset.hand = headers.get("X-Sheet-Hand") || "";
    }
  });
  // After one's own change moves the game to a new hand (tricks recorded: outbox.js says so), its
  // heading comes into view; a live refresh from another phone never moves the page.
  var still = window.matchMedia("(prefers-reduced-motion: reduce)");
  function glide() { return still.matches ? "instant" : "smooth"; }  // a phone that asks for less motion jumps
  document.addEventListener("sheet:moved", function () {
    var title = document.getElementById("entry-title");
    if (title) title.scrollIntoView({ block: "start", behavior: glide() });
  });
  // A player's own phone (a seat's link): when a live update brings the next hand, the hand's heading comes to the
  // top and, when it is theirs to bid, the bid pad wholly into view (above the outbox's bar) — once a hand, so
  // that the player may look at the grid while the others bid (#35).
  var seatHand = null;
  function toNextHand() {
    var s = sheet(), title = document.getElementById("entry-title");
    if (!s || s.dataset.role !== "seat") return;
    var first = seatHand === null;
    if (s.dataset.hand === seatHand) return;
    seatHand = s.dataset.hand;
    if (first || !title) return;  // the page as it opens is left where the browser puts it
    var pad = s.querySelector(".pad-form"), top = Math.floor(title.getBoundingClientRect().top) - 8;  // a little air
    var room = window.innerHeight - (parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--outbox-height")) || 0);
    var bottom = pad ? pad.getBoundingClientRect().bottom : top;
    window.scrollBy({ top: bottom - top > room ? bottom - room : top, behavior: glide() });
  }
  onSheetSwap(toNextHand);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", toNextHand); else toNextHand();
  // After one's own change within the hand from a form that asks for it (a deal's turned card), that
  // form comes wholly into view when it is not (its bottom above the outbox's bar): the next tap
  // needs no scroll.
  document.addEventListener("sheet:stayed", function () {
    var form = document.querySelector("#sheet [data-keep-in-view]");
    if (form) form.scrollIntoView({ block: "nearest", behavior: glide() });
  });
  // The table view on a wide screen (a TV nobody touches) follows the game: when the page opens and whenever
  // the game moves to another hand, the hand being played (or, without one, the latest) comes to the middle of
  // the screen, between the pinned names and totals; a refresh within the hand leaves the scroll alone (#19).
  var wide = window.matchMedia("(min-width: 1000px)"), followed = null;
  function follow() {
    var s = sheet();
    if (!s || s.dataset.role !== "view" || !wide.matches) return;
    var row = s.querySelector(".grid tbody tr[aria-current]") || s.querySelector(".grid tbody:last-of-type tr:last-child");
    var at = s.dataset.hand + ":" + (row ? row.rowIndex : "");
    if (!row || at === followed) return;
    var first = followed === null, box = row.getBoundingClientRect();
    followed = at;
    window.scrollTo({ top: window.scrollY + box.top - (window.innerHeight - box.height) / 2,
                      behavior: first ? "instant" : glide() });
  }
  onSheetSwap(follow);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow); else follow();
  // The screen stays on while a sheet is open (a phone lying on the table goes dark mid-game
  // otherwise); asked again whenever the page comes back into view, as the lock ends when it is hidden.
  function keepAwake() {
    if (!sheet() || !navigator.wakeLock || document.visibilityState !== "visible") return;
    document.documentElement.dataset.wakeLock = "requested";
    navigator.wakeLock.request("screen").then(function (lock) {
      document.documentElement.dataset.wakeLock = "on";
      lock.addEventListener("release", function () { document.documentElement.dataset.wakeLock = "released"; });
    }, function () { document.documentElement.dataset.wakeLock = "refused"; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keepAwake); else keepAwake();
  // A double tap: the second finger-fall would land on the pad just redrawn for the next player.
  // The new pads take taps only a moment after they appear (the server also refuses a second tap
  // on the same pad: the form carries the version it was drawn at). Then "sheet:ready" (assist.js gives the
  // keyboard's focus to the next entry).
  onSheetSwap(function () {
    var pads = document.querySelectorAll("#sheet .pad, #sheet .tricks-pad");
    pads.forEach(function (pad) { pad.inert = true; });
    setTimeout(function () {
      pads.forEach(function (pad) { pad.inert = false; });
      document.dispatchEvent(new CustomEvent("sheet:ready"));
    }, TAP_PAUSE_MS);
  });
  // A tap on a pad that asks for the next view (the tricks tapped so far, Piquet's strip) is answered by a new
  // pad: until it is drawn, the old keys take no more taps (a quick second tap would be made on the pad of the
  // player just entered, with the old draft, and undo the first).
  function keys(event, inert) {
    var form = event.target.closest && event.target.closest("#sheet form[hx-get]");
    if (form) form.querySelectorAll("button").forEach(function (key) { key.inert = inert; });
  }
  document.addEventListener("htmx:before:request", function (event) { keys(event, true); });
  document.addEventListener("htmx:finally:request", function (event) { keys(event, false); });
  document.addEventListener("changed", announced);
  document.addEventListener("ping", announced);
  // A message or a connection while the phone says it is offline (one already on its way) does not undo "offline".
  document.addEventListener("htmx:sse:after:connection", function () {
    heard = Date.now();
    if (navigator.onLine) setState("live");
  });
  document.addEventListener("htmx:sse:before:connection", function (event) {
    var c = event.detail && event.detail.connection;
    if (c && c.attempt > 0) setState("reconnecting");  // the stream ended: trying again
  });
  document.addEventListener("htmx:sse:error", function (event) {
    setState("reconnecting");
    if (event.detail && event.detail.status === 404) gone();
  });
  // A refresh answered 404: the link was rotated (or the game is gone). Show that page whole
  // rather than swapping an error page into the sheet.
  document.addEventListener("htmx:before:response", function (event) {
    var ctx = event.detail && event.detail.ctx;
    if (ctx && ctx.request && ctx.request.headers && ctx.request.headers["X-Live-Refresh"] &&
        ctx.response && ctx.response.status === 404) {
      event.preventDefault();
      gone();
    }
  });
  // A refresh answered while someone types, or with parts for a version the sheet already shows (the entry's own
  // answer came first): not swapped — what is being typed stays, and the check below asks again when it is due.
  document.addEventListener("htmx:before:swap", function (event) {
    var ctx = event.detail && event.detail.ctx, headers = ctx && ctx.response && ctx.response.headers;
    if (!(ctx && ctx.request && ctx.request.headers && ctx.request.headers["X-Live-Refresh"])) return;
    var version = headers && headers.get ? parseInt(headers.get("X-Sheet-Version"), 10) : NaN;
    if (typing || version <= shown()) event.preventDefault();
  });
  document.addEventListener("htmx:sse:close", function () { setState("reconnecting"); });
  // A stream that could not be opened (a stream dropped, below, on a network still away): "reconnecting…"; the
  // indicator's own trigger (sheet.html: "every 5s") opens one again whenever it has none.
  document.addEventListener("htmx:error", function (event) { if (event.target === live()) setState("reconnecting"); });
  function offline() { setState("offline"); }
  window.addEventListener("offline", offline);
  document.addEventListener("sheet:offline", offline);
  if (!navigator.onLine) offline();

  setInterval(function () {
    if (wanted > shown()) refresh();  // a refresh that failed (or raced) is tried again
    var l = live();
    if (l && l.dataset.state === "live" && !document.hidden && Date.now() - heard > SILENCE_MS) {
      setState("offline");
      dropSilent(l);
    }
  }, CHECK_MS);

  // A silent, dead connection: the indicator is drawn anew through htmx's own swap, which closes the stream of the
  // element it replaces (hx-sse cleans it up) and opens one from the new element; htmx's public API alone (#36).
  function dropSilent(l) {
    htmx.swap({ target: l, text: l.outerHTML, swap: "outerHTML" });
  }
})();
