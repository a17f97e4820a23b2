// The criteria basket: "Add to my criteria" toggles keep the chosen entries (their addresses
// from the site's root) in localStorage, one list per site, and announce each change. The My
// criteria page (basket.js) combines their tests. An entry page has its toggle (hidden until
// now); a link to an entry in a list (`a[data-entry]`, the search's too) gets one after it.
// Without JavaScript there are none.
(function () {
  "use strict";
  var sheet = document.querySelector('link[rel="stylesheet"][href$="assets/site.css"]');
  var status = document.getElementById("copy-status");
  if (!sheet || !status) return;
  var key = "guidesite-basket:" + sheet.href.slice(0, -"assets/site.css".length);

  function read() {
    try {
      var list = JSON.parse(window.localStorage.getItem(key));
      return Array.isArray(list) ? list.filter(function (item) { return typeof item === "string"; }) : [];
    } catch (error) { return []; }
  }
  function write(list) {
    try { window.localStorage.setItem(key, JSON.stringify(list)); return true; } catch (error) { return false; }
  }
  function announce(message) {
    status.textContent = "";
    window.setTimeout(function () { status.textContent = message; }, 50);
  }
  function count(list) { return GuideSite.text(list.length === 1 ? "entries-one" : "entries-other", { count: list.length }); }
  // A toggle after each entry link in `root` that has none yet.
  function addToggles(root) {
    Array.prototype.forEach.call(root.querySelectorAll("a[data-entry]"), function (link) {
      var next = link.nextElementSibling;
      if (next && next.classList.contains("basket-toggle")) return;
      var title = link.textContent, toggle = document.createElement("button"), name = document.createElement("span");
      toggle.type = "button";
      toggle.className = "basket-toggle";
      toggle.setAttribute("data-entry", link.getAttribute("data-entry"));
      toggle.setAttribute("data-title", title);
      // The visible words around the entry's title, which only screen readers hear.
      var parts = GuideSite.text("add", { title: "\u0000" }).split("\u0000");
      name.className = "visually-hidden";
      name.textContent = title;
      toggle.appendChild(document.createTextNode(parts[0]));
      toggle.appendChild(name);
      toggle.appendChild(document.createTextNode(parts.slice(1).join("")));
      link.parentNode.insertBefore(toggle, link.nextSibling);
      link.parentNode.insertBefore(document.createTextNode(" "), toggle);
    });
  }
  function sync() {
    var list = read();
    Array.prototype.forEach.call(document.querySelectorAll("button.basket-toggle"), function (button) {
      button.setAttribute("aria-pressed", list.indexOf(button.getAttribute("data-entry")) >= 0 ? "true" : "false");
      button.hidden = false;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".basket-count"), function (element) {
      element.textContent = "(" + count(list) + ")";
    });
    document.dispatchEvent(new CustomEvent("guidesite-basket"));
  }
  function remove(entry, title) {
    var list = read().filter(function (item) { return item !== entry; });
    if (!write(list)) return announce(GuideSite.text("storage-failed"));
    sync();
    announce(GuideSite.text("removed", { title: title, count: count(list) }));
  }

  GuideSite.basket = { read: read, remove: remove, count: count };
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.basket-toggle") : null;
    if (!button) return;
    var entry = button.getAttribute("data-entry"), title = button.getAttribute("data-title") || entry;
    var list = read();
    if (list.indexOf(entry) >= 0) return remove(entry, title);
    list.push(entry);
    if (!write(list)) return announce(GuideSite.text("storage-failed"));
    sync();
    announce(GuideSite.text("added", { title: title, count: count(list) }));
  });
  // Another tab changed the list; and entry links the search adds later.
  window.addEventListener("storage", function (event) { if (event.key === key) sync(); });
  new MutationObserver(function (records) {
    var added = records.some(function (record) {
      return Array.prototype.some.call(record.addedNodes, function (node) {
        return node.querySelector && (node.matches("a[data-entry]") || node.querySelector("a[data-entry]"));
      });
    });
    if (added) { addToggles(document); sync(); }
  }).observe(document.body, { childList: true, subtree: true });
  addToggles(document);
  sync();
})();
