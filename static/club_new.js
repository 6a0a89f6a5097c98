// A game from the club's roster (#37): the players sit in the order they are tapped. The page keeps that order in
// its hidden "order" field and numbers each ticked name (its place, drawn by the style sheet); without this script they sit in the page's order.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector(".club-new form"), order = [];
    if (!form) return;
    var field = form.querySelector("input[name=order]"), boxes = form.querySelectorAll("input[name=player]");
    function show() {
      field.value = order.join(" ");
      boxes.forEach(function (box) {
        var at = order.indexOf(box.value);
        if (at < 0) box.parentNode.removeAttribute("data-order");
        else box.parentNode.setAttribute("data-order", String(at + 1));
      });
    }
    boxes.forEach(function (box) { if (box.checked) order.push(box.value); });
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.name !== "player") return;
      order = order.filter(function (value) { return value !== box.value; });
      if (box.checked) order.push(box.value);
      show();
    });
    show();
  });
})();
