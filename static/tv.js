// The TV pages itself (#21, #35): the standings come first and stay on every frame. When they fit in three quarters
// of the screen they are pinned at the top (class "pinned") and the rest (the tables, the next round's seating)
// pages beneath them; when they do not, the label and the leader's row stay at the top while it pages through the
// standings alone. It shows a screenful, waits, then the next, and back to the top — nobody stands at a TV to
// scroll it. htmx swaps the live block every few seconds: the window's scroll position survives the swap, and the
// new block is pinned again at once. Without JavaScript the page simply scrolls by hand.
(function () {
  "use strict";
  var HOLD = window.segnapuntiTvHoldMs || 10000; // ms a screenful: time to find one's name across the room
  var OVERLAP = 80; // a line of overlap: the eye finds its place again
  var smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  var at = 0; // where the last step went (not scrollY: a smooth scroll may still be on its way there)

  function standings() {
    var section = document.querySelector(".tv-standings");
    if (section) section.classList.toggle("pinned", section.offsetHeight <= window.innerHeight * 0.75);
    return section;
  }

  function next() {
    var section = standings();
    var pinned = section && section.classList.contains("pinned");
    var step = Math.max(120, window.innerHeight - OVERLAP - (pinned ? section.offsetHeight : 160));
    var end = pinned || !section ? document.documentElement.scrollHeight
      : section.getBoundingClientRect().bottom + window.scrollY;
    var bottom = end - window.innerHeight;
    at = bottom <= 4 || at >= bottom - 4 ? 0 : Math.min(bottom, at + step);
    window.scrollTo({ top: at, behavior: smooth ? "smooth" : "auto" });
    window.setTimeout(next, HOLD);
  }
  standings();
  document.addEventListener("htmx:after:swap", standings);
  window.addEventListener("resize", standings);
  window.setTimeout(next, HOLD);
})();
