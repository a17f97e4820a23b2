// GuideSite default theme: progressive enhancement only. Without JavaScript every text stays
// visible and selectable; with it, Copy buttons appear and confirm through a polite live region.
(function () {
  "use strict";
  var status = document.getElementById("copy-status");
  var buttons = document.querySelectorAll("button[data-copy]");
  if (!status || !buttons.length) return;

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

  Array.prototype.forEach.call(buttons, function (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = source.textContent;
      var done = button.getAttribute("data-done") || "Copied";
      var failed = "Could not copy: select the text and copy it with the keyboard";
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { announce(done); }, function () {
          announce(copyBySelection(source) ? done : failed);
        });
      } else {
        announce(copyBySelection(source) ? done : failed);
      }
    });
  });

  // Live demos are sized to their content (the frames are same-origin, with no scripts inside).
  Array.prototype.forEach.call(document.querySelectorAll("iframe.demo"), function (frame) {
    function fit() {
      var inner = frame.contentDocument;
      if (inner && inner.documentElement) frame.style.height = (inner.documentElement.scrollHeight + 2) + "px";
    }
    frame.addEventListener("load", fit);
    if (frame.contentDocument && frame.contentDocument.readyState === "complete") fit();
  });
})();
