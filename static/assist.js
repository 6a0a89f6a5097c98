// The sheet by keyboard and screen reader (#19). The entry marks where the next entry is made (data-focus) and
// what comes next in words (data-next: "Costanza bids"). When the sheet is redrawn under the focus, the focus
// goes to the next entry; on a pad, digits choose ("1" "0" is 10; a lone "1" after a moment); a key that may not
// be chosen takes the focus so its reason is read; Space follows a link; what comes next is said (#next-up).
(function () {
  "use strict";
  var inSheet = false, typed = "", timer = null, said = null, pointer = false;

  function sheet() { return document.getElementById("sheet"); }
  function next() { var n = document.querySelector("#sheet [data-next]"); return n ? n.textContent.replace(/\s+/g, " ").trim() : ""; }
  function nextKey() {  // the first key of the next entry that may be chosen
    var at = document.querySelector("#sheet [data-focus]");
    return at && (at.matches("button") ? at : at.querySelector("button:not([aria-disabled=true]), input[type=radio], select"));
  }
  function choose(key) {
    typed = "";
    key.focus();
    if (key.getAttribute("aria-disabled") !== "true") key.click();
  }

  document.addEventListener("pointerdown", function () { pointer = true; }, true);
  document.addEventListener("focusin", function (event) { var s = sheet(); inSheet = !!(s && s.contains(event.target)); });
  document.addEventListener("htmx:after:swap", function () {
    var region = document.getElementById("next-up"), text = next();
    if (region && text !== said) region.textContent = said = text;
  });
  // Once the redrawn pads take keys (live.js pauses them against double taps); after a tap, no scroll.
  document.addEventListener("sheet:ready", function () {
    var active = document.activeElement, key = nextKey();
    if (inSheet && key && (!active || active === document.body)) key.focus({ preventScroll: pointer });
  });
  document.addEventListener("click", function (event) {  // the skip link lands on the next entry's key
    var key = event.target.closest && event.target.closest("a.skip") && nextKey();
    if (key) { event.preventDefault(); key.focus(); }
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    pointer = false;
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    if (event.key === " " && target.matches("#sheet a[href]")) { event.preventDefault(); target.click(); return; }
    clearTimeout(timer);  // any other key ends a number (Enter chooses the key it focused)
    var pad = /^[0-9]$/.test(event.key) && !target.matches("input") && target.closest("#sheet [role=group]");
    if (!pad) { typed = ""; return; }
    event.preventDefault();
    typed += event.key;
    var values = Array.prototype.map.call(pad.querySelectorAll("button"), function (b) { return b.textContent.trim(); });
    var exact = pad.querySelectorAll("button")[values.indexOf(typed)];
    var longer = values.some(function (v) { return v !== typed && v.indexOf(typed) === 0; });
    if (!longer) { if (exact) choose(exact); typed = ""; return; }
    if (exact) { exact.focus(); timer = setTimeout(function () { choose(exact); }, 700); }
  });
  // What the page says as it opens is read with it: only a change is announced.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { said = next(); }); else said = next();
})();
