// GuideSite default theme: progressive enhancement only. Without JavaScript every text stays
// visible and selectable; with it, Copy buttons appear and confirm through a polite live region.

// The theme's texts in the site's language (strings/<code>.yml, the `js-` keys, which the build
// writes to assets/strings.js), `{name}` filled.
window.guidesiteText = (function () {
  return function (key, values) {
    var texts = window.guidesiteStrings || {};
    var text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  };
})();

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
      var done = button.getAttribute("data-done") || guidesiteText("copied");
      var failed = guidesiteText("copy-failed");
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
      button.setAttribute("data-done", guidesiteText("code-copied"));
      button.textContent = guidesiteText("copy");
      var name = document.createElement("span");
      name.className = "visually-hidden";
      name.textContent = " " + (block.getAttribute("aria-label") || "code").toLowerCase();
      button.appendChild(name);
      block.parentNode.insertBefore(button, block.nextSibling);
      attach(button, block.querySelector("code") || block);
    });
  }

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

// Platform and framework tabs, after the ARIA Authoring Practices' tabs pattern (automatic
// activation): one tab stop, arrow keys, Home and End. The choice is kept in localStorage and
// every tab set of the site with a tab of that name follows it. Without JavaScript the panels
// stay headed sections.
(function () {
  "use strict";
  var key = "guidesite-tabs";
  var sets = [];

  function remembered() {
    try { return JSON.parse(window.localStorage.getItem(key)) || []; } catch (error) { return []; }
  }

  function remember(label) {
    var labels = remembered().filter(function (other) { return other !== label; });
    labels.unshift(label);
    try { window.localStorage.setItem(key, JSON.stringify(labels.slice(0, 20))); } catch (error) { /* private mode */ }
  }

  function select(set, index, focus) {
    set.tabs.forEach(function (tab, position) {
      var chosen = position === index;
      tab.setAttribute("aria-selected", chosen ? "true" : "false");
      tab.tabIndex = chosen ? 0 : -1;
      set.panels[position].hidden = !chosen;
    });
    if (focus) set.tabs[index].focus();
  }

  // Every set with a tab named `label` shows it.
  function follow(label) {
    sets.forEach(function (set) {
      var index = set.labels.indexOf(label.toLowerCase());
      if (index >= 0) select(set, index, false);
    });
  }

  function choose(set, index, focus) {
    select(set, index, focus);
    var label = set.tabs[index].textContent;
    remember(label);
    follow(label);
  }

  Array.prototype.forEach.call(document.querySelectorAll("div.tabs"), function (group, number) {
    var panels = Array.prototype.filter.call(group.children, function (child) { return child.classList.contains("tab-panel"); });
    if (panels.length < 2) return;
    var list = document.createElement("div");
    list.setAttribute("role", "tablist");
    list.setAttribute("aria-label", guidesiteText(group.getAttribute("data-tabs") === "platform" ? "platforms" : "frameworks"));
    var set = { tabs: [], panels: panels, labels: [] };
    panels.forEach(function (panel, index) {
      var tab = document.createElement("button");
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.id = "tab-" + number + "-" + index;
      if (!panel.id) panel.id = "tab-panel-" + number + "-" + index;
      tab.setAttribute("aria-controls", panel.id);
      tab.textContent = panel.getAttribute("data-tab");
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
      panel.tabIndex = 0;
      // The tab names the panel now; a heading made only to name it would say it twice.
      Array.prototype.forEach.call(panel.children, function (child) {
        if (child.classList.contains("tab-heading")) child.hidden = true;
      });
      tab.addEventListener("click", function () { choose(set, index, false); });
      list.appendChild(tab);
      set.tabs.push(tab);
      set.labels.push(tab.textContent.toLowerCase());
    });
    list.addEventListener("keydown", function (event) {
      var current = set.tabs.indexOf(document.activeElement);
      if (current < 0) return;
      var count = set.tabs.length, next = null;
      if (event.key === "ArrowRight") next = (current + 1) % count;
      else if (event.key === "ArrowLeft") next = (current - 1 + count) % count;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = count - 1;
      if (next === null) return;
      event.preventDefault();
      choose(set, next, true);
    });
    group.insertBefore(list, panels[0]);
    group.classList.add("tabs-enabled");
    var preferred = remembered().map(function (label) { return set.labels.indexOf(label.toLowerCase()); })
      .filter(function (index) { return index >= 0; })[0];
    select(set, preferred === undefined ? 0 : preferred, false);
    sets.push(set);
  });

  // A link to something inside a hidden panel (the table of contents, a shared address) shows it.
  function reveal() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.getAttribute && node.getAttribute("role") === "tabpanel") {
        sets.forEach(function (set) {
          var index = set.panels.indexOf(node);
          if (index >= 0) select(set, index, false);
        });
      }
    }
    if (target && target.scrollIntoView) target.scrollIntoView();
  }
  if (sets.length) {
    window.addEventListener("hashchange", reveal);
    if (window.location.hash) reveal();
  }
})();

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
  function count(list) { return guidesiteText(list.length === 1 ? "entries-one" : "entries-other", { count: list.length }); }
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
      var parts = guidesiteText("add", { title: "\u0000" }).split("\u0000");
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
    if (!write(list)) return announce(guidesiteText("storage-failed"));
    sync();
    announce(guidesiteText("removed", { title: title, count: count(list) }));
  }

  window.guidesiteBasket = { read: read, remove: remove, count: count };
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.basket-toggle") : null;
    if (!button) return;
    var entry = button.getAttribute("data-entry"), title = button.getAttribute("data-title") || entry;
    var list = read();
    if (list.indexOf(entry) >= 0) return remove(entry, title);
    list.push(entry);
    if (!write(list)) return announce(guidesiteText("storage-failed"));
    sync();
    announce(guidesiteText("added", { title: title, count: count(list) }));
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
