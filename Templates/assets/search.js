/* GuideSite search: results as you type on /search/. Plain JavaScript, no framework. Without
   JavaScript the page lists every page A to Z. The index (search/index.js) is loaded only when a
   reader first searches, by a script element rather than fetch, which pages opened from disk
   (file://) may not use. Its addresses are from the site's root (data-root). */
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  if (!form) return;
  function byId(id) { return document.getElementById(id); }
  var input = byId("search-q"), status = byId("search-status"), list = byId("search-results");
  var more = byId("search-more"), all = byId("search-all");
  var filters = { section: byId("search-section"), category: byId("search-category"), platform: byId("search-platform") };
  var STOP = { sc: 1, wcag: 1, the: 1, a: 1, an: 1, of: 1, and: 1, to: 1 };
  var PAGE = 50;
  var root = form.getAttribute("data-root") || "";
  var data = null, loading = null, matches = [], shown = 0, timer = 0, terms = [];
  // Each entry's position of each field, by the names the index lists (its "fields").
  var F = {};

  function load() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = form.getAttribute("data-index");
        script.onload = function () {
          if (GuideSite.searchIndex) resolve(GuideSite.searchIndex); else reject(new Error("no index"));
        };
        script.onerror = reject;
        document.head.appendChild(script);
      }).then(prepare);
    }
    return loading;
  }

  // Lower-cased fields, made once: title, criteria numbers, criteria names, headings, search
  // words, text.
  function prepare(index) {
    data = index;
    index.fields.forEach(function (name, position) { F[name] = position; });
    data.items = index.entries.map(function (e) {
      var criteria = e[F.criteria].map(function (i) { return index.criteria[i]; });
      return {
        e: e,
        title: e[F.title].toLowerCase(),
        numbers: criteria.map(function (c) { return c[0]; }),
        names: criteria.map(function (c) { return c[1]; }).join("\n").toLowerCase(),
        headings: e[F.headings].toLowerCase(),
        keywords: (e[F.keywords] || "").toLowerCase(),
        text: (e[F.description] + "\n" + e[F.text]).toLowerCase()
      };
    });
  }

  function split(query) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var kept = words.filter(function (w) { return !STOP[w]; });
    return kept.length ? kept : words;
  }

  // Each term must match somewhere; where it matches sets its weight.
  function score(item, list) {
    var total = 0;
    for (var i = 0; i < list.length; i++) {
      var t = list[i], s = 0, at = item.title.indexOf(t);
      if (item.title === t) s = 100;
      else if (at === 0) s = 80;
      else if (at > 0) s = item.title.charAt(at - 1) === " " ? 70 : 60;
      else if (item.numbers.indexOf(t) >= 0) s = 50;
      else if (item.names.indexOf(t) >= 0) s = 40;
      else if (item.keywords.indexOf(t) >= 0) s = 35;
      else if (item.headings.indexOf(t) >= 0) s = 30;
      else if (item.text.indexOf(t) >= 0) s = 10;
      else if (/^\d+(\.\d+)*$/.test(t) && item.numbers.some(function (n) { return n.indexOf(t + ".") === 0; })) s = 45;
      else return 0;
      total += s;
    }
    return total || 1;
  }

  function chosen(name) {
    var select = filters[name];
    return select && select.value ? select.value : "";
  }

  function passes(e) {
    var section = chosen("section"), category = chosen("category"), platform = chosen("platform");
    if (section && (e[F.section] < 0 || data.sections[e[F.section]][0] !== section)) return false;
    if (category && !e[F.categories].some(function (i) { return data.categories[i][0] === category; })) return false;
    if (platform && !e[F.platforms].some(function (i) { return data.platforms[i] === platform; })) return false;
    return true;
  }

  function remember(query) {
    var params = new URLSearchParams();
    if (query) params.set("q", query);
    ["section", "category", "platform"].forEach(function (n) { if (chosen(n)) params.set(n, chosen(n)); });
    var search = params.toString();
    history.replaceState(null, "", location.pathname + (search ? "?" + search : ""));
  }

  function run() {
    var query = input.value.trim();
    remember(query);
    var filtered = chosen("section") || chosen("category") || chosen("platform");
    if (!query && !filtered) {
      list.hidden = true; more.hidden = true; all.hidden = false;
      status.textContent = "";
      return;
    }
    load().then(function () {
      var started = performance.now();
      terms = split(query);
      matches = [];
      data.items.forEach(function (item) {
        if (!passes(item.e)) return;
        var s = terms.length ? score(item, terms) : 1;
        if (s) matches.push({ item: item, score: s });
      });
      matches.sort(function (a, b) { return b.score - a.score || (a.item.title < b.item.title ? -1 : 1); });
      list.setAttribute("data-ms", (performance.now() - started).toFixed(1));
      list.textContent = "";
      shown = 0;
      show();
      all.hidden = true;
      list.hidden = matches.length === 0;
      var parts = {
        "for": query ? GuideSite.text("for", { query: query }) : "",
        within: filtered ? GuideSite.text("within") : "",
        results: GuideSite.text(matches.length === 1 ? "results-one" : "results-other", { count: matches.length })
      };
      status.textContent = GuideSite.text(matches.length === 0 ? "no-results-status" : "results-status", parts);
    }, function () {
      status.textContent = GuideSite.text("search-unavailable");
      all.hidden = false;
    });
  }

  function show() {
    var end = Math.min(matches.length, shown + PAGE);
    for (var i = shown; i < end; i++) list.appendChild(render(matches[i].item.e));
    shown = end;
    more.hidden = shown >= matches.length;
    if (!more.hidden) more.textContent = GuideSite.text("show-more", { count: matches.length - shown });
  }

  // Text with the search terms wrapped in <mark>, built as nodes so no text is read as HTML.
  function highlight(text) {
    var fragment = document.createDocumentFragment(), lower = text.toLowerCase(), at = 0;
    while (at < text.length) {
      var next = -1, length = 0;
      terms.forEach(function (t) {
        var found = lower.indexOf(t, at);
        if (found >= 0 && (next < 0 || found < next || (found === next && t.length > length))) { next = found; length = t.length; }
      });
      if (next < 0 || !length) break;
      if (next > at) fragment.appendChild(document.createTextNode(text.slice(at, next)));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(next, next + length);
      fragment.appendChild(mark);
      at = next + length;
    }
    if (at < text.length) fragment.appendChild(document.createTextNode(text.slice(at)));
    return fragment;
  }

  function snippet(e) {
    var text = e[F.description] ? e[F.description] + " " + e[F.text] : e[F.text], lower = text.toLowerCase(), first = -1;
    terms.forEach(function (t) { var i = lower.indexOf(t); if (i >= 0 && (first < 0 || i < first)) first = i; });
    var start = Math.max(0, first - 60);
    if (start > 0) start = text.indexOf(" ", start) + 1;
    var cut = text.slice(start, start + 200);
    return (start > 0 ? "\u2026 " : "") + cut + (start + 200 < text.length ? " \u2026" : "");
  }

  function render(e) {
    var li = document.createElement("li"), a = document.createElement("a");
    a.href = root + e[F.href];
    a.appendChild(highlight(e[F.title]));
    // An entry: site.js adds its "Add to my criteria" toggle.
    if (e[F.section] >= 0) a.setAttribute("data-entry", e[F.href]);
    li.appendChild(a);
    var facts = [];
    if (e[F.section] >= 0) facts.push(data.sections[e[F.section]][1]);
    e[F.categories].forEach(function (i) { facts.push(data.categories[i][1]); });
    e[F.platforms].forEach(function (i) { facts.push(data.platforms[i]); });
    var criteria = e[F.criteria].map(function (i) { return data.criteria[i][0] + " " + data.criteria[i][1]; });
    if (facts.length || criteria.length) {
      var meta = document.createElement("p");
      meta.className = "search-meta";
      meta.appendChild(document.createTextNode(facts.join(" \u00b7 ")));
      if (criteria.length) {
        meta.appendChild(document.createTextNode((facts.length ? " \u00b7 " : "") + "WCAG "));
        meta.appendChild(highlight(criteria.join(", ")));
      }
      li.appendChild(meta);
    }
    var text = snippet(e);
    if (text) {
      var p = document.createElement("p");
      p.appendChild(highlight(text));
      li.appendChild(p);
    }
    return li;
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); clearTimeout(timer); run(); });
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 150); });
  input.addEventListener("focus", function () { load().catch(function () {}); }, { once: true });
  Object.keys(filters).forEach(function (n) { if (filters[n]) filters[n].addEventListener("change", run); });
  more.addEventListener("click", function () {
    var first = shown;
    show();
    var link = list.children[first] && list.children[first].querySelector("a");
    if (link) link.focus();
  });

  var params = new URLSearchParams(location.search);
  input.value = params.get("q") || "";
  Object.keys(filters).forEach(function (n) { if (filters[n] && params.get(n)) filters[n].value = params.get(n); });
  if (input.value || params.get("section") || params.get("category") || params.get("platform")) run();
})();
