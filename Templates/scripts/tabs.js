// Platform, framework and the author's own tabs, after the ARIA Authoring Practices' tabs pattern (automatic
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
    var kind = group.getAttribute("data-tabs");
    list.setAttribute("aria-label", GuideSite.text(kind === "platform" ? "platforms" : kind === "framework" ? "frameworks" : "tabs"));
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
