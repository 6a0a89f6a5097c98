// The TV pages itself (#21): when the standings and the tables do not fit the screen, it shows one screenful,
// waits, then the next, and back to the top — nobody stands at a TV to scroll it. The page's live block is
// swapped every few seconds by htmx; the window's scroll position survives the swap, so the paging goes on.
// Without JavaScript the page simply scrolls by hand.
(function () {
  "use strict";
  var HOLD = 10000; // ms on each screenful: time to find one's name from across the room
  var smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function next() {
    var page = document.documentElement;
    var step = Math.max(200, window.innerHeight - 80); // a line of overlap: the eye finds its place again
    var bottom = page.scrollHeight - window.innerHeight;
    if (bottom > 4) {
      var target = window.scrollY >= bottom - 4 ? 0 : Math.min(bottom, window.scrollY + step);
      window.scrollTo({ top: target, behavior: smooth ? "smooth" : "auto" });
    }
    window.setTimeout(next, HOLD);
  }
  window.setTimeout(next, HOLD);
})();
