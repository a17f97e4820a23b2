/* GuideSite support matrix: filters by platform and assistive technology. Without JavaScript the
   whole matrix shows; with it, the two selects hide the rows, results and columns left out and
   say how many entries remain. Loaded only by /support/. */
(function () {
  "use strict";
  var form = document.getElementById("support-filters");
  var table = document.querySelector(".support-matrix");
  if (!form || !table) return;
  var platform = document.getElementById("support-platform");
  var technology = document.getElementById("support-technology");
  var status = document.getElementById("support-status");
  form.hidden = false;

  function apply() {
    var chosenPlatform = platform ? platform.value : "", chosenTechnology = technology ? technology.value : "";
    table.querySelectorAll("[data-at]").forEach(function (cell) {
      cell.hidden = chosenTechnology !== "" && cell.getAttribute("data-at") !== chosenTechnology;
    });
    var shown = 0;
    table.querySelectorAll("tbody tr").forEach(function (row) {
      row.querySelectorAll("a[data-platform]").forEach(function (result) {
        var own = result.getAttribute("data-platform").toLowerCase();
        result.hidden = chosenPlatform !== "" && own !== "" && own !== chosenPlatform;
      });
      var cells = chosenTechnology ? row.querySelectorAll('td[data-at="' + chosenTechnology + '"]') : row.querySelectorAll("td");
      var visible = Array.prototype.some.call(cells, function (cell) { return cell.querySelector("a[data-platform]:not([hidden])"); });
      row.hidden = !visible;
      if (visible) shown += 1;
    });
    status.textContent = GuideSite.text(shown === 1 ? "support-showing-one" : "support-showing-other", { count: shown });
  }

  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
})();
