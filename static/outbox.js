// No lost tap. Every entry form of the sheet (a bid, the tricks, any hand form, undo, end) goes through
// this outbox: queued in localStorage (a closed tab, a killed browser, a restart keep it: #22), sent in
// order whenever a page of the game is open (the sheet, a hand's history, the share page, the error page
// of a replaced link: on load, back online, back in view: no Background Sync needed), each with its own id
// (Idempotency-Key: sent twice, applied once), and answered at the bottom: "Recorded: …",
// "Already recorded: …" or "Not recorded: …" with the reason. Offline the entries wait, the tapped bids
// shown pending and the scorer's pad moving on. When one is refused (another phone recorded that hand),
// those tapped after it are dropped, named, not sent blindly; all are, named, if the link was replaced.
// A double tap counts once. Without JavaScript the forms post and the server redirects, as before.
(function () {
  "use strict";
  var RETRY_MS = 3000, SHOWN_MS = 4000;
  var sending = false, offline = !navigator.onLine, note = null, noteTimer = null;

  function sheet() { return document.getElementById("sheet"); }
  function bar() { return document.getElementById("outbox"); }
  // The queue of the game link this page belongs to: the bar says which (any page of the game has it).
  function key() { var b = bar(); return b ? "outbox:" + b.dataset.base : ""; }
  var kept = [];  // the queue when the storage refuses it (private browsing, full): it lives in this page
  function queued() {
    try { return JSON.parse(localStorage.getItem(key()) || "[]"); } catch (e) { return kept; }
  }
  function keep(queue) {
    kept = queue;
    try {
      if (queue.length) localStorage.setItem(key(), JSON.stringify(queue)); else localStorage.removeItem(key());
    } catch (e) { /* storage full or refused: the queue still lives in this page */ }
  }
  function without(id) { return queued().filter(function (q) { return q.id !== id; }); }
  // An entry's own id: random, so that no other phone's can be guessed (the server keeps whose it is).
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function words(name, what) { return bar().dataset[name].replace("{what}", what); }

  // What an entry is, in the page's own words: "Bid of Anna: 3", "Record the tricks", "↶ Undo: …".
  function describe(button) {
    if (!button) return "";
    var sealed = button.closest("[data-sealed-label]");  // a slip's value is not for the table to read here
    if (sealed) return sealed.dataset.sealedLabel;
    var text = button.getAttribute("aria-label") || button.textContent.trim();
    var group = button.parentElement.closest("[role=group][aria-label]");
    return group ? group.getAttribute("aria-label") + ": " + text : text;
  }

  // The bottom line: what waits, or the answer to the latest entry (a refusal stays until the next tap).
  function show() {
    var b = bar(), queue = queued();
    if (!b) return;
    b.textContent = "";
    var line = document.createElement("p");
    if (queue.length && (offline || queue.length > 1)) {
      b.dataset.state = "waiting";
      line.textContent = queue.length === 1 ? b.dataset.one : b.dataset.many.replace("{n}", queue.length);
      var list = document.createElement("ol");
      queue.forEach(function (item) {
        var li = document.createElement("li");
        li.textContent = item.label;
        list.appendChild(li);
      });
      b.append(line, list);
    } else if (queue.length) {
      b.dataset.state = "sending";
      line.textContent = words("sending", queue[0].label);
      b.append(line);
    } else if (note) {
      b.dataset.state = note.state;
      note.lines.forEach(function (text) {
        var p = document.createElement("p");
        p.textContent = text;
        b.appendChild(p);
      });
    }
    b.hidden = !b.firstChild;
    copyNote(queue);
    // The sheet's pinned totals row sits just above the bar, not under it.
    document.documentElement.style.setProperty("--outbox-height", b.hidden ? "0px" : b.offsetHeight + "px");
  }

  // A sheet the service worker answered from its copy, the network out of reach (templates/sw.js marks it): said
  // at the top, with when this phone saw it and how many taps wait, until the network answers again.
  var copied = document.documentElement.dataset.offlineCopy;
  function copyNote(queue) {
    var b = bar(), top = document.querySelector("header.bar"), said = document.getElementById("offline-copy");
    if (!copied || !b || !top) return;
    if (!said) {
      said = document.createElement("div");
      said.id = "offline-copy";
      said.className = "offline-copy";
      said.setAttribute("role", "status");
      top.after(said);
    }
    var when = new Date(Number(copied)).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
    var lines = [b.dataset.copy.replace("{when}", when)];
    if (queue.length) lines.push(queue.length === 1 ? b.dataset.safeOne : b.dataset.safeMany.replace("{n}", queue.length));
    said.textContent = "";
    lines.forEach(function (text) {
      var p = document.createElement("p");
      p.textContent = text;
      said.appendChild(p);
    });
  }
  function backOnline() {
    var said = document.getElementById("offline-copy");
    copied = null;
    if (said) said.remove();
  }

  function answer(state, lines) {
    note = { state: state, lines: lines };
    clearTimeout(noteTimer);
    if (state === "recorded") noteTimer = setTimeout(function () { note = null; show(); }, SHOWN_MS);
    show();
  }

  // The queued bids on the sheet: their value shown pending next to the bidder; while they wait, the
  // scorer's pad goes on to the next player without a bid (the server still checks every bid when
  // it arrives: a forbidden one comes back refused with the reason).
  function mark() {
    var s = sheet(), queue = queued();
    if (!s) return;
    queue.forEach(function (item) {
      var li = item.seat != null && s.querySelector('.bidders li[data-seat="' + item.seat + '"]');
      if (!li) return;
      li.classList.add("pending");
      li.dataset.in = "";
      // A sealed bid stays sealed on this screen too, queued or not: the table sees a tick, never the slip.
      li.querySelector(".bid").textContent = li.parentNode.hasAttribute("data-sealed") ? "✓" : item.bid;
    });
    var pad = s.querySelector(".pad-form[data-moves]"), says = document.getElementById("pad-words");
    if (!pad || !says || !(offline || queue.length > 1)) return;
    var bidders = Array.prototype.slice.call(s.querySelectorAll(".bidders li[data-seat]"));
    var at = bidders.findIndex(function (li) { return li.dataset.seat === pad.elements.seat.value; });
    if (at < 0 || !bidders[at].hasAttribute("data-in")) return;
    var next = bidders.slice(at + 1).concat(bidders.slice(0, at)).find(function (li) { return !li.hasAttribute("data-in"); });
    var focused = document.activeElement && pad.contains(document.activeElement);
    if (focused) document.activeElement.blur();
    if (!next) { pad.hidden = true; return; }
    bidders.forEach(function (li) { li.classList.toggle("chosen", li === next); li.classList.toggle("next", li === next); });
    pad.elements.seat.value = next.dataset.seat;
    pad.querySelector(".who strong").textContent = says.dataset.who.replace("{name}", next.dataset.name);
    pad.querySelector(".pad").setAttribute("aria-label", says.dataset.group.replace("{name}", next.dataset.name));
    pad.querySelectorAll(".note, .error").forEach(function (el) { el.remove(); });
    pad.querySelectorAll(".pad button").forEach(function (button) {
      button.className = "";
      ["aria-disabled", "aria-pressed", "aria-describedby"].forEach(function (name) { button.removeAttribute(name); });
    });
    forbid(pad, bidders, next);
    if (focused) pad.querySelector(".pad button:not([aria-disabled])").focus({ preventScroll: true });  // the next bid's keys
  }

  // Offline too, the dealer's forbidden bid is greyed (#18): the page adds up the bids tapped; the rule is the
  // server's, drawn on the pad (the tricks the bids may not add up to, and its words for the dealer and for another
  // last bidder, #36), so when every other bid is in, the one that would make the total is refused here, with why.
  function forbid(pad, bidders, next) {
    var cards = parseInt(pad.dataset.cards, 10), others = bidders.filter(function (li) { return li !== next; });
    var bids = others.map(function (li) { return li.hasAttribute("data-in") ? li.querySelector(".bid").textContent.trim() : ""; });
    if (isNaN(cards) || !bids.every(function (bid) { return /^[0-9]+$/.test(bid); })) return;
    var blocked = cards - bids.reduce(function (sum, bid) { return sum + parseInt(bid, 10); }, 0);
    var key = pad.querySelector('.pad button[value="' + blocked + '"]');
    if (!key) return;
    key.setAttribute("aria-disabled", "true");  // still focusable: its reason is read (#19)
    key.className = "forbidden";
    key.setAttribute("aria-describedby", "forbidden-note");
    var note = document.createElement("p");
    note.className = "note";
    note.id = "forbidden-note";
    var words = next.hasAttribute("data-dealer") ? pad.dataset.forbiddenDealer : pad.dataset.forbiddenLast;
    note.textContent = words.replace("{name}", next.dataset.name).replace("{bid}", blocked);
    pad.appendChild(note);
  }

  function swap(text) {
    var s = sheet();
    if (s && text.indexOf('id="sheet"') >= 0) htmx.swap({ text: text, target: s, swap: "outerHTML" });
  }

  function wentOffline() {
    offline = true;
    document.dispatchEvent(new CustomEvent("sheet:offline"));
    mark();
    show();
  }

  function answered(item, response, text) {
    offline = false;
    backOnline();
    if (response.ok) {
      keep(without(item.id));  // by its id: another tab may have sent it, and others, meanwhile
      swap(text);
      // The address is the new sheet's own: a deal tapped in the address (Piquet's strip) is recorded, and a
      // reload must not bring its taps back into the next deal.
      var drawn = sheet();
      if (drawn && drawn.dataset.url && drawn.dataset.url !== location.pathname + location.search) {
        history.replaceState(history.state, "", drawn.dataset.url);
      }
      // The sheet may say what the entry did in its own words ("Deal 5 corrected: …"): better than
      // "Recorded: Save the correction".
      var outcome = new DOMParser().parseFromString(text, "text/html").querySelector("#sheet [data-outcome]");
      // Or the entry's own words ("Hand 3: tricks recorded."), not "Recorded: Record the tricks" (#19).
      if (response.headers.get("Idempotent-Replayed")) answer("recorded", [words("already", item.label)]);
      else answer("recorded", [outcome ? outcome.textContent.trim() : item.done || words("recorded", item.label)]);
      // This entry moved the game to a new hand (even if a live refresh showed it first): say so,
      // live.js brings the new hand's heading into view.
      // Else, sent from a form that asks for it (the turned card of a deal), live.js keeps that form in view.
      var s = sheet();
      if (s && item.hand !== undefined && s.dataset.hand !== item.hand) document.dispatchEvent(new CustomEvent("sheet:moved"));
      else if (item.keep) document.dispatchEvent(new CustomEvent("sheet:stayed"));
      return;
    }
    var queue = queued();
    if (response.status === 404) {  // the link was replaced (or the game is gone): nothing of the queue can be sent
      keep([]);
      answer("refused", [words("gone", queue.map(function (q) { return q.label; }).join(", "))]);
      return;
    }
    var at = queue.findIndex(function (q) { return q.id === item.id; });
    queue = at < 0 ? [item] : queue.slice(at);  // the refused one, then those tapped after it
    keep([]);
    swap(text);
    // A refusal is seen where it is: its message comes into view beside the form it concerns.
    var shown = sheet() && sheet().querySelector("[role=alert]");
    if (shown) shown.scrollIntoView({ block: "nearest" });
    var reason = new DOMParser().parseFromString(text, "text/html").querySelector("[role=alert]");
    var lines = [words("refused", item.label) + (reason ? " — " + reason.textContent.trim() : "")];
    var dropped = queue.slice(1).map(function (q) { return q.label; });
    if (dropped.length) lines.push(words("dropped", dropped.join(", ")));
    answer("refused", lines);
  }

  function pump() {
    var queue = queued();
    if (sending || !queue.length) return;
    sending = true;
    show();
    var item = queue[0];
    fetch(item.url, { method: "POST", body: item.body, credentials: "same-origin",
                      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                                 "Idempotency-Key": item.id } })
      .then(function (response) {
        // A server restarting or a proxy without it (5xx from the gateway), or too many taps: try again later.
        if (response.status === 429 || response.status >= 502) throw new Error("not delivered");
        return response.text().then(function (text) { answered(item, response, text); });
      })
      .catch(wentOffline)
      .then(function () {
        sending = false;
        if (!offline) pump();
      });
  }

  // Capturing at the window, before htmx sees the submit: the outbox sends it instead.
  // A form that only asks for a view (GET: Piquet's strip) is htmx's; its entry button says where it posts
  // (data-post, beside formaction for pages without JavaScript).
  window.addEventListener("submit", function (event) {
    var form = event.target, s = sheet(), button = event.submitter;
    var url = (button && button.getAttribute("data-post")) || form.getAttribute("hx-post");
    if (!s || !bar() || !s.contains(form) || !url) return;
    event.preventDefault();
    event.stopPropagation();
    if (button && button.getAttribute("aria-disabled") === "true") {  // the forbidden bid: refused here, with why
      var why = document.getElementById(button.getAttribute("aria-describedby"));
      answer("refused", [words("refused", describe(button)) + (why ? " — " + why.textContent.trim() : "")]);
      return;
    }
    var data = new FormData(form);
    if (button && button.name) data.set(button.name, button.value);
    var item = { id: newId(), url: url, body: new URLSearchParams(data).toString(), label: describe(button),
                 done: button ? button.getAttribute("data-done") : null,
                 hand: s.dataset.hand, keep: form.hasAttribute("data-keep-in-view") };
    if (form.matches(".pad-form")) { item.seat = data.get("seat"); item.bid = data.get("bid"); }
    var queue = queued();
    if (queue.some(function (q) { return q.url === item.url && q.body === item.body; })) return;  // a double tap
    if (button) button.classList.add("pending");
    note = null;
    keep(queue.concat([item]));
    mark();
    show();
    pump();
  }, true);

  // Offline, the tricks pad cannot ask the server for the next player's pad: the tapped tricks (the
  // draft its link carries, player by player) go into the boxes, the last one gets what is left, and
  // the pad steps aside for the boxes; "Record the tricks" then waits in the outbox like any entry.
  window.addEventListener("click", function (event) {
    var key = offline && event.target.closest && event.target.closest(".tricks-pad button.pad-key");
    if (!key) return;
    event.preventDefault();
    event.stopPropagation();
    var form = key.closest("form"), boxes = form.querySelectorAll("input[type=number]");
    var draft = key.value.split(",").map(Number);
    if (draft.length === boxes.length - 1) {
      draft.push(Number(boxes[0].max) - draft.reduce(function (a, b) { return a + b; }, 0));
    }
    draft.forEach(function (value, i) { boxes[i].value = value; });
    form.querySelectorAll(".tricks-pad, .pad-title, .restart").forEach(function (el) { el.hidden = true; });
    var empty = Array.prototype.find.call(boxes, function (box) { return box.value === ""; });
    (empty || form.querySelector("button[type=submit]")).focus();
  }, true);

  document.addEventListener("htmx:after:swap", mark);  // a live refresh redraws the sheet: the marks again
  function reachable() { offline = false; show(); pump(); }  // mark() redraws the pad on the next swap
  window.addEventListener("online", reachable);
  document.addEventListener("htmx:sse:after:connection", function () { backOnline(); reachable(); });
  document.addEventListener("htmx:before:response", backOnline);  // a refresh answered: the server is reached
  window.addEventListener("offline", function () { offline = true; mark(); show(); });
  setInterval(function () { if (offline) pump(); }, RETRY_MS);
  // A phone that slept, a tab brought back: what waits goes now (pageshow: a page restored from the cache).
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") reachable(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) reachable(); });
  window.addEventListener("storage", function (event) { if (event.key === key()) { mark(); show(); } });  // another tab
  function start() {
    var earlier = null;  // a queue kept by this app before #22, in the tab's own storage: moved over
    try { earlier = sessionStorage.getItem(key()); sessionStorage.removeItem(key()); } catch (e) { /* none */ }
    if (earlier) {
      keep(queued().concat(JSON.parse(earlier).map(function (q) { q.id = q.id || newId(); return q; })));
    }
    if (queued().length) { mark(); show(); pump(); } else copyNote([]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
