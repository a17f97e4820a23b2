// Copy buttons, confirmed through a polite live region; without JavaScript every text stays selectable.
(function () {
  "use strict";
  var status = document.getElementById("copy-status");

  function announce(message) {
    status.textContent = "";
    window.setTimeout(function () { status.textContent = message; }, 50);
  }

  function copyBySelection(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    selection.removeAllRanges();
    return copied;
  }

  function attach(button, source) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = source.textContent;
      var done = button.getAttribute("data-done") || GuideSite.text("copied");
      var failed = GuideSite.text("copy-failed");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { announce(done); }, function () {
          announce(copyBySelection(source) ? done : failed);
        });
      } else {
        announce(copyBySelection(source) ? done : failed);
      }
    });
  }

  if (status) {
    Array.prototype.forEach.call(document.querySelectorAll("button[data-copy]"), function (button) {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (source) attach(button, source);
    });
    // Every code block gets the same button, named after the block ("Copy code example 2 (swift)").
    Array.prototype.forEach.call(document.querySelectorAll("pre.code-block"), function (block) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-button copy-code";
      button.setAttribute("data-done", GuideSite.text("code-copied"));
      button.textContent = GuideSite.text("copy");
      var name = document.createElement("span");
      name.className = "visually-hidden";
      name.textContent = " " + (block.getAttribute("aria-label") || "code").toLowerCase();
      button.appendChild(name);
      block.parentNode.insertBefore(button, block.nextSibling);
      attach(button, block.querySelector("code") || block);
    });
  }
})();

// A printout is a test record: the "Copy as" forms open while the page prints.
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll("details.copy-as"), function (details) { return !details.open; });
    opened.forEach(function (details) { details.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (details) { details.open = false; });
    opened = [];
  });
})();
