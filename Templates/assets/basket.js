// The My criteria page: the entries chosen with "Add to my criteria" (site.js keeps the list),
// their tests combined as a checklist, Gherkin or CSV, filtered by platform, to copy or
// download. The tests are in acceptance/<n>.js, an entry in the script its key's FNV-1a hash
// names (as the build computes it); only the chosen entries' scripts are loaded, by script
// elements, which also work for a site opened from disk.
(function () {
  "use strict";
  var box = document.getElementById("basket"), basket = GuideSite.basket;
  if (!box || !basket) return;
  var list = document.getElementById("basket-list"), empty = document.getElementById("basket-empty");
  var output = document.getElementById("basket-text"), platform = document.getElementById("basket-platform");
  var scripts = box.getAttribute("data-scripts"), count = Number(box.getAttribute("data-script-count")) || 1;
  var root = scripts.replace(/acceptance\/$/, "");
  var data = { columns: [], entries: {} }, loaded = {}, waiting = {};
  GuideSite.acceptance = {
    entries: data.entries,
    add: function (part) {
      data.columns = part.columns;
      Object.keys(part.entries).forEach(function (key) { data.entries[key] = part.entries[key]; });
    }
  };

  function scriptOf(key) {
    var hash = 2166136261, bytes = new TextEncoder().encode(key);
    for (var i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 16777619) >>> 0;
    return hash % count;
  }
  // Loads the scripts of `keys` not loaded yet, then calls `done` (a script that fails counts as
  // loaded: its entries show as no longer in this guide).
  function need(keys, done) {
    var missing = keys.map(scriptOf).filter(function (n, i, all) { return !loaded[n] && all.indexOf(n) === i; });
    if (!missing.length) return done();
    var left = missing.length;
    missing.forEach(function (n) {
      function finish() { loaded[n] = true; delete waiting[n]; if (--left === 0) done(); }
      if (waiting[n]) { waiting[n].push(finish); return; }
      waiting[n] = [finish];
      var script = document.createElement("script");
      script.src = scripts + n + ".js";
      script.onload = script.onerror = function () { (waiting[n] || []).forEach(function (callback) { callback(); }); };
      document.head.appendChild(script);
    });
  }

  function form() {
    var chosen = box.querySelector('input[name="basket-form"]:checked');
    return chosen ? chosen.value : "checklist";
  }
  function chosen() {
    return basket.read().map(function (key) { return { key: key, entry: data.entries[key] }; });
  }
  function scenarios(entry) {
    var wanted = platform.value;
    return entry.scenarios.filter(function (s) { return !wanted || !s.platform || s.platform === wanted; });
  }
  function line(text) { return String(text).replace(/\s+/g, " ").trim(); }
  // A technology as a Gherkin tag, as GherkinText.tag writes it: "Voice Control" → voice-control.
  function slug(text) { return String(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, ""); }

  function checklist(items) {
    return items.map(function (item) {
      var e = item.entry, head = e.title + (e.section ? " (" + e.section + ")" : "") + "\n" + e.url;
      return [head].concat(scenarios(e).map(function (s) {
        return [s.name].concat(s.steps.map(function (step) {
          return "- [ ] " + (step[0] ? step[0] + ": " + step[1] : step[1]);
        })).join("\n");
      })).join("\n\n");
    }).join("\n\n\n");
  }

  function gherkin(items) {
    var lines = [];
    if (platform.value) lines.push("@" + line(platform.value).replace(/[\s@]+/g, "-").toLowerCase());
    lines.push("Feature: My criteria");
    lines.push("  Acceptance criteria of " + basket.count(items) + (platform.value ? " for " + line(platform.value) : "") + ".");
    items.forEach(function (item) {
      var e = item.entry;
      lines.push("");
      if (e.technologies) lines.push("  " + e.technologies.split("; ").map(function (name) { return "@at-" + slug(name); }).join(" "));
      lines.push("  Rule: " + line(e.title), "    # " + e.url);
      if (e.criteria) lines.push("    # WCAG " + e.criteria);
      scenarios(e).forEach(function (s) {
        lines.push("");
        s.gherkin.split("\n").forEach(function (text) { lines.push("    " + text); });
      });
    });
    return lines.join("\n") + "\n";
  }

  function csv(items) {
    function field(text) {
      text = String(text);
      return /[",\r\n]|^ | $/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    }
    var rows = [data.columns];
    items.forEach(function (item) {
      var e = item.entry;
      scenarios(e).forEach(function (s) {
        s.steps.forEach(function (step) {
          rows.push([s.id, e.title + ": " + s.name, e.title, e.section, s.platform || platform.value || e.platforms,
                     s.kind, step[0] || "Check", step[1], e.criteria, e.url, e.technologies || ""]);
        });
      });
    });
    return rows.map(function (row) { return row.map(field).join(","); }).join("\r\n") + "\r\n";
  }

  function download(text, name, type) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  function render() { need(basket.read(), draw); }

  function draw() {
    var items = chosen(), known = items.filter(function (item) { return item.entry; });
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li"), title = item.entry ? item.entry.title : item.key;
      if (item.entry) {
        var a = document.createElement("a");
        a.href = root + item.key;
        a.textContent = title;
        li.appendChild(a);
        if (item.entry.section) li.appendChild(document.createTextNode(" (" + item.entry.section + ")"));
      } else {
        li.appendChild(document.createTextNode(GuideSite.text("gone", { title: title })));
      }
      var remove = document.createElement("button"), name = document.createElement("span");
      remove.type = "button";
      remove.className = "basket-remove";
      remove.setAttribute("data-entry", item.key);
      name.className = "visually-hidden";
      name.textContent = " " + title;
      remove.appendChild(document.createTextNode(GuideSite.text("remove")));
      remove.appendChild(name);
      remove.addEventListener("click", function () {
        var buttons = Array.prototype.slice.call(list.querySelectorAll("button.basket-remove"));
        var next = buttons[buttons.indexOf(remove) + 1] || buttons[buttons.indexOf(remove) - 1];
        var nextKey = next && next.getAttribute("data-entry");
        basket.remove(item.key, title);
        // Focus stays in the list: on the next entry's button, or on the heading when it is empty.
        var target = nextKey && list.querySelector('button.basket-remove[data-entry="' + CSS.escape(nextKey) + '"]');
        if (target) target.focus();
        else { var heading = document.getElementById("basket-chosen"); heading.tabIndex = -1; heading.focus(); }
      });
      li.appendChild(document.createTextNode(" "));
      li.appendChild(remove);
      list.appendChild(li);
    });
    empty.hidden = items.length > 0;
    list.hidden = items.length === 0;
    output.textContent = known.length ? (form() === "gherkin" ? gherkin(known) : checklist(known)) : "";
    Array.prototype.forEach.call(box.querySelectorAll(".basket-actions button"), function (button) {
      button.disabled = known.length === 0;
    });
  }

  box.hidden = false;
  Array.prototype.forEach.call(document.querySelectorAll(".basket-no-script"), function (element) { element.hidden = true; });
  render();
  document.addEventListener("guidesite-basket", render);
  platform.addEventListener("change", render);
  Array.prototype.forEach.call(box.querySelectorAll('input[name="basket-form"]'), function (input) {
    input.addEventListener("change", render);
  });
  document.getElementById("basket-feature").addEventListener("click", function () {
    download(gherkin(chosen().filter(function (item) { return item.entry; })), "my-criteria.feature", "text/plain;charset=utf-8");
  });
  document.getElementById("basket-csv").addEventListener("click", function () {
    download(csv(chosen().filter(function (item) { return item.entry; })), "my-criteria.csv", "text/csv;charset=utf-8");
  });
})();
