// Below 1,024 px the site's navigation is behind the Menu button (the disclosure pattern): closed
// until asked for, Escape closes it. Without JavaScript, and from 1,024 px, it is always shown.
(function () {
  "use strict";
  var button = document.querySelector(".menu-button");
  var nav = document.getElementById("site-navigation");
  if (!button || !nav || !window.matchMedia) return;
  var narrow = window.matchMedia("(max-width: 63.99em)");

  function show(expanded) {
    button.setAttribute("aria-expanded", expanded ? "true" : "false");
    nav.classList.toggle("collapsed", !expanded);
  }

  function fit() {
    button.hidden = !narrow.matches;
    show(!narrow.matches);
  }

  button.addEventListener("click", function () { show(button.getAttribute("aria-expanded") !== "true"); });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !narrow.matches || button.getAttribute("aria-expanded") !== "true") return;
    show(false);
    button.focus();
  });
  if (narrow.addEventListener) narrow.addEventListener("change", fit); else narrow.addListener(fit);
  fit();
})();
