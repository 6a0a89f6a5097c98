// The TV pages itself (#21): when the standings and the tables do not fit the screen, it shows one screenful,
// waits, then the next, and back to the top — nobody stands at a TV to scroll it. The page's live block is
// swapped every few seconds by htmx; the window's scroll position survives the swap, so the paging goes on.
// Without JavaScript the page simply scrolls by hand.
(function () {
  "use strict";
  var HOLD = window.segnapuntiTvHoldMs || 10000; // ms a screenful: time to find one's name across the room
  var smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  var at = 0; // where the last step went (not scrollY: a smooth scroll may still be on its way there)

  function next() {
    var step = Math.max(200, window.innerHeight - 80); // a line of overlap: the eye finds its place again
    var bottom = document.documentElement.scrollHeight - window.innerHeight;
    at = bottom <= 4 || at >= bottom - 4 ? 0 : Math.min(bottom, at + step);
    window.scrollTo({ top: at, behavior: smooth ? "smooth" : "auto" });
    window.setTimeout(next, HOLD);
  }
  window.setTimeout(next, HOLD);
})();
