// Live demos are sized to their content (the frames are same-origin, with no scripts inside).
(function () {
  Array.prototype.forEach.call(document.querySelectorAll("iframe.demo"), function (frame) {
    function fit() {
      var inner = frame.contentDocument;
      if (inner && inner.documentElement) frame.style.height = (inner.documentElement.scrollHeight + 2) + "px";
    }
    frame.addEventListener("load", fit);
    if (frame.contentDocument && frame.contentDocument.readyState === "complete") fit();
  });
})();
