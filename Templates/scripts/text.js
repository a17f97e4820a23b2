// The theme's one global: its scripts and the data the build writes (strings, searchIndex, acceptance).
var GuideSite = window.GuideSite = window.GuideSite || {};

// The theme's texts in the site's language (strings/<code>.yml, the `js-` keys, which the build
// writes to assets/strings.js), `{name}` filled.
GuideSite.text = (function () {
  return function (key, values) {
    var texts = GuideSite.strings || {};
    var text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  };
})();
