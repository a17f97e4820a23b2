// Opened from disk (file://), a link to a folder shows the folder, not its page: links and
// forms within the site get index.html added, those the search adds later too. On a server the
// addresses stay the clean ones the sitemap and canonical links name.
(function () {
  "use strict";
  if (window.location.protocol !== "file:") return;
  function local(value) {
    if (!value || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(value)) return null;
    var cut = value.search(/[?#]/), path = cut < 0 ? value : value.slice(0, cut);
    if (path !== "" && path.charAt(path.length - 1) !== "/") return null;
    return path + "index.html" + (cut < 0 ? "" : value.slice(cut));
  }
  function fix(root) {
    if (!root.querySelectorAll) return;
    var links = root.querySelectorAll("a[href], form[action]");
    for (var i = -1; i < links.length; i++) {
      var element = i < 0 ? root : links[i];
      var name = element.tagName === "FORM" ? "action" : element.tagName === "A" ? "href" : null;
      var value = name && local(element.getAttribute(name));
      if (value) element.setAttribute(name, value);
    }
  }
  fix(document);
  new MutationObserver(function (records) {
    records.forEach(function (record) { Array.prototype.forEach.call(record.addedNodes, fix); });
  }).observe(document.body, { childList: true, subtree: true });
})();
