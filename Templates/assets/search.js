/* GuideSite search: results as you type on /search/. Plain JavaScript, no framework. Without
   JavaScript the page lists every page A to Z. The index is in pieces (search/meta.js, then a
   file per three-letter start of a word, per four results and per filter), each loaded by a
   script element, since pages opened from disk (file://) may not fetch, and only when a query
   needs it. Words are folded and cut as SearchText.swift does; each result is ranked by where
   and how often the words occur (levels made by the build) and how rare they are (BM25's idf). */
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  if (!form) return;
  function byId(id) { return document.getElementById(id); }
  var input = byId("search-q"), status = byId("search-status"), list = byId("search-results"), more = byId("search-more"), all = byId("search-all");
  var filters = { section: byId("search-section"), category: byId("search-category"), platform: byId("search-platform") };
  var STOP = { the: 1, a: 1, an: 1, of: 1, and: 1, to: 1, sc: 1, wcag: 1 };
  var IDEO = "\\u3005\\u3040-\\u30FF\\u31F0-\\u31FF\\uFF66-\\uFF9F\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\u{20000}-\\u{2FFFF}";
  var HAN = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{2FFFF}]/u;
  var TOKEN = new RegExp("\\p{N}+(?:\\.\\p{N}+)+|([" + IDEO + "]+)|(?:(?![" + IDEO + "])[\\p{L}\\p{N}])+", "gu");
  var PAGE = 10, PREFIX = 0.5, SHORT = 6;
  var folder = (form.getAttribute("data-index") || "").replace(/[^\/]*$/, "");
  var root = form.getAttribute("data-root") || "";
  var meta = null, keys = null, matches = [], shown = 0, timer = 0, words = [], latest = 0;
  var pieces = {}, F = {};

  window.GuideSite = window.GuideSite || {};
  // Each piece calls this when its script runs; the promise of `piece` then holds its value.
  GuideSite.searchData = function (name, value) { piece(name).resolve(value); };

  function piece(name) {
    var entry = pieces[name] || (pieces[name] = {});
    entry.promise = entry.promise || new Promise(function (resolve, reject) { entry.resolve = resolve; entry.reject = reject; });
    return entry;
  }

  function load(name) {
    var entry = piece(name);
    if (!entry.script) {
      entry.script = document.createElement("script");
      entry.script.src = folder + name + ".js";
      entry.script.onerror = function () { entry.reject(new Error(name)); };
      document.head.appendChild(entry.script);
    }
    return entry.promise;
  }

  function start() {
    return load("meta").then(function (value) {
      if (meta) return;
      meta = value; keys = {};
      value.keys.split(" ").forEach(function (key) { keys[key] = 1; });
      value.fields.forEach(function (name, position) { F[name] = position; });
    });
  }

  // As SearchText.fold: marks dropped but kana's voicing marks (バ is not ハ).
  function fold(text) { return text.normalize("NFD").replace(/(?![\u3099\u309A])\p{M}/gu, "").normalize("NFC").toLowerCase(); }

  // The query's words (for <mark>) and its terms (what the index holds): runs of letters and
  // digits, criterion numbers whole, and in Chinese and Japanese pairs of characters.
  function parse(query) {
    var found = { words: [], terms: [] }, match;
    var text = fold(query);
    TOKEN.lastIndex = 0;
    while ((match = TOKEN.exec(text))) {
      var word = match[0], chars = Array.from(word);
      if (match[1]) {
        found.words.push(word);
        if (chars.length === 1) found.terms.push(word);
        for (var i = 0; i + 1 < chars.length; i++) found.terms.push(chars[i] + chars[i + 1]);
      } else if ((chars.length > 1 || /^\p{N}/u.test(word)) && !STOP[word]) {
        found.words.push(word);
        found.terms.push(word);
      }
    }
    found.terms = found.terms.filter(function (t, i) { return found.terms.indexOf(t) === i; });
    return found;
  }

  var IDEO_START = new RegExp("^[" + IDEO + "]", "u");
  function keyOf(term) { return Array.from(term).slice(0, IDEO_START.test(term) ? 1 : 3).join(""); }

  function fileOf(key) { return "t/w" + encodeURIComponent(key).replace(/%/g, "_"); }
  // Documents and levels of an encoded posting list: pairs of numbers (gap, level) in five-bit
  // groups, or a bitset per level.
  var DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  function postings(encoded, each) {
    if (typeof encoded === "string") {
      var numbers = [], current = 0, document = -1;
      for (var i = 0; i < encoded.length; i++) {
        var value = DIGITS.indexOf(encoded.charAt(i));
        current = current * 32 + (value & 31);
        if (value < 32) { numbers.push(current); current = 0; }
      }
      for (var p = 0; p + 1 < numbers.length; p += 2) { document += numbers[p]; each(document, numbers[p + 1]); }
      return;
    }
    for (var l = 0; l + 1 < encoded.length; l += 2) bits(encoded[l + 1], function (d) { each(d, encoded[l]); });
  }

  function bits(set, each) {
    for (var i = 0; i < set.length; i++) {
      var value = DIGITS.indexOf(set.charAt(i));
      for (var b = 0; b < 6; b++) if (value & (1 << b)) each(i * 6 + b);
    }
  }

  function idf(count) { return Math.log(1 + (meta.count - count + 0.5) / (count + 0.5)); }
  // Each document holding every term (a word of the index equal to it or, more weakly, begun
  // by it), with the sum of its best scores.
  function scoreTerms(terms, files) {
    var totals = null;
    terms.forEach(function (term, position) {
      var file = files[position] || {}, best = {};
      Object.keys(file).forEach(function (word) {
        if (word.indexOf(term) !== 0) return;
        var weight = idf(file[word][0]) * (word === term ? 1 : PREFIX);
        postings(file[word][1], function (d, level) {
          var s = weight * level;
          if (!(best[d] >= s)) best[d] = s;
        });
      });
      if (!totals) { totals = best; return; }
      Object.keys(totals).forEach(function (d) { if (best[d] === undefined) delete totals[d]; else totals[d] += best[d]; });
    });
    return totals || {};
  }

  function chosen(name) { return filters[name] && filters[name].value ? filters[name].value : ""; }

  // The filter files of the chosen section, category and platform, by their positions.
  function chosenFilters() {
    var names = [];
    function add(kind, table, value, key) {
      if (!value) return;
      var at = table.findIndex(function (row) { return (key === undefined ? row : row[key]) === value; });
      names.push(at < 0 ? null : "f/" + kind + at);
    }
    add("s", meta.sections, chosen("section"), 0);
    add("c", meta.categories, chosen("category"), 0);
    add("p", meta.platforms, chosen("platform"));
    return names;
  }

  function remember(query) {
    var params = new URLSearchParams(query ? { q: query } : {});
    ["section", "category", "platform"].forEach(function (n) { if (chosen(n)) params.set(n, chosen(n)); });
    history.replaceState(null, "", location.pathname + (params.toString() ? "?" + params : ""));
  }

  function run() {
    var query = input.value.trim(), ticket = ++latest;
    remember(query);
    var filtered = chosen("section") || chosen("category") || chosen("platform");
    if (!query && !filtered) {
      list.hidden = more.hidden = true; all.hidden = false; status.textContent = "";
      return;
    }
    var parsed = parse(query), terms = parsed.terms;
    start().then(function () {
      var names = chosenFilters();
      var termFiles = terms.map(function (t) {
        // A start shorter than a file's key ("ca"): the few files it begins, else the word alone.
        var names = Object.keys(keys).filter(function (k) { return k === keyOf(t) || (k.indexOf(t) === 0 && !IDEO_START.test(t)); });
        if (names.length > SHORT) names = keys[keyOf(t)] ? [keyOf(t)] : [];
        return Promise.all(names.map(function (k) { return load(fileOf(k)); })).then(function (files) { return Object.assign.apply(null, [{}].concat(files)); });
      });
      var filterFiles = names.map(function (n) { return n ? load(n) : Promise.resolve(""); });
      return Promise.all([Promise.all(termFiles), Promise.all(filterFiles)]);
    }).then(function (loaded) {
      if (ticket !== latest) return;
      var started = performance.now(), scores = terms.length ? scoreTerms(terms, loaded[0]) : null, allowed = null;
      loaded[1].forEach(function (set) {
        var members = {};
        bits(set, function (d) { if (!allowed || allowed[d]) members[d] = 1; });
        allowed = members;
      });
      matches = [];
      if (scores) {
        Object.keys(scores).forEach(function (d) { if (!allowed || allowed[d]) matches.push({ d: +d, score: scores[d] }); });
      } else if (allowed) {
        Object.keys(allowed).forEach(function (d) { matches.push({ d: +d, score: 1 }); });
      }
      matches.sort(function (a, b) { return b.score - a.score || a.d - b.d; });
      list.setAttribute("data-ms", (performance.now() - started).toFixed(1));
      words = parsed.words;
      list.textContent = "";
      shown = 0;
      return show().then(function () {
        if (ticket !== latest) return;
        all.hidden = true;
        list.hidden = matches.length === 0;
        var parts = {
          "for": query ? GuideSite.text("for", { query: query }) : "",
          within: filtered ? GuideSite.text("within") : "",
          results: GuideSite.text(matches.length === 1 ? "results-one" : "results-other", { count: matches.length })
        };
        status.textContent = GuideSite.text(matches.length === 0 ? "no-results-status" : "results-status", parts);
      });
    }).catch(function () {
      if (ticket !== latest) return;
      status.textContent = GuideSite.text("search-unavailable");
      all.hidden = false;
    });
  }

  // The next results, once the files holding them are loaded.
  function show() {
    var end = Math.min(matches.length, shown + PAGE), page = matches.slice(shown, end);
    var groups = page.map(function (m) { return load("d/" + Math.floor(m.d / meta.group)); });
    var ticket = latest;
    return Promise.all(groups).then(function (records) {
      if (ticket !== latest) return;
      page.forEach(function (m, i) { list.appendChild(render(records[i][m.d % meta.group])); });
      shown = end;
      more.hidden = shown >= matches.length;
      if (!more.hidden) more.textContent = GuideSite.text("show-more", { count: matches.length - shown });
    });
  }

  // Text with the query's words wrapped in <mark>, found in the folded text and mapped back to
  // the text as written; built as nodes so no text is read as HTML.
  function highlight(text) {
    var fragment = document.createDocumentFragment(), folded = "", from = [], offset = 0;
    Array.from(text).forEach(function (ch) {
      var f = fold(ch);
      for (var k = 0; k < f.length; k++) { folded += f.charAt(k); from.push([offset, offset + ch.length]); }
      offset += ch.length;
    });
    var at = 0, done = 0;
    while (at < folded.length) {
      var next = -1, length = 0;
      words.forEach(function (w) {
        var found = folded.indexOf(w, at);
        if (found >= 0 && (next < 0 || found < next || (found === next && w.length > length))) { next = found; length = w.length; }
      });
      if (next < 0 || !length) break;
      var begin = from[next][0], finish = from[next + length - 1][1];
      if (begin > done) fragment.appendChild(document.createTextNode(text.slice(done, begin)));
      fragment.appendChild(document.createElement("mark")).textContent = text.slice(begin, finish);
      done = finish;
      at = next + length;
    }
    if (done < text.length) fragment.appendChild(document.createTextNode(text.slice(done)));
    return fragment;
  }

  // About 200 characters of the excerpt, from shortly before the first word found.
  function snippet(text) {
    var lower = fold(text), first = -1;
    words.forEach(function (w) { var i = lower.indexOf(w); if (i >= 0 && (first < 0 || i < first)) first = i; });
    var start = Math.max(0, first - 60);
    if (start > 0) start = text.indexOf(" ", start) + 1;
    var cut = text.slice(start, start + 200);
    return (start > 0 ? "\u2026 " : "") + cut + (start + 200 < text.length ? " \u2026" : "");
  }

  function render(e) {
    var li = document.createElement("li"), a = li.appendChild(document.createElement("a"));
    a.href = root + e[F.href];
    a.appendChild(highlight(e[F.title]));
    // An entry: site.js adds its "Add to my criteria" toggle.
    if (e[F.section] >= 0) a.setAttribute("data-entry", e[F.href]);
    var facts = [];
    if (e[F.section] >= 0) facts.push(meta.sections[e[F.section]][1]);
    e[F.categories].forEach(function (i) { facts.push(meta.categories[i][1]); });
    e[F.platforms].forEach(function (i) { facts.push(meta.platforms[i]); });
    var criteria = e[F.criteria].map(function (i) { return meta.criteria[i][0] + " " + meta.criteria[i][1]; });
    if (facts.length || criteria.length) {
      var line = li.appendChild(document.createElement("p"));
      line.className = "search-meta";
      line.appendChild(document.createTextNode(facts.join(" \u00b7 ")));
      if (criteria.length) {
        line.appendChild(document.createTextNode((facts.length ? " \u00b7 " : "") + "WCAG "));
        line.appendChild(highlight(criteria.join(", ")));
      }
    }
    if (e[F.excerpt]) {
      var p = li.appendChild(document.createElement("p"));
      p.appendChild(highlight(snippet(e[F.excerpt])));
    }
    return li;
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); clearTimeout(timer); run(); });
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 150); });
  input.addEventListener("focus", function () { start().catch(function () {}); }, { once: true });
  Object.keys(filters).forEach(function (n) { if (filters[n]) filters[n].addEventListener("change", run); });
  more.addEventListener("click", function () {
    var first = shown;
    show().then(function () {
      var link = list.children[first] && list.children[first].querySelector("a");
      if (link) link.focus();
    });
  });

  var params = new URLSearchParams(location.search);
  input.value = params.get("q") || "";
  Object.keys(filters).forEach(function (n) { if (filters[n] && params.get(n)) filters[n].value = params.get(n); });
  if (input.value || params.get("section") || params.get("category") || params.get("platform")) run();
})();
