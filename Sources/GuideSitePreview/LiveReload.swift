import Foundation

/// The script every HTML page carries in preview: it listens to `/_guidesite/events` and, when
/// a rebuild changed this page (or everything), reloads it at the same scroll position.
enum LiveReload {
    static let eventsPath = "_guidesite/events"

    static func script(basePath: String) -> String {
        """
        <script data-guidesite-live-reload>
        (function () {
          "use strict";
          var key = "guidesite-scroll:" + location.pathname;
          var saved = sessionStorage.getItem(key);
          if (saved !== null) { sessionStorage.removeItem(key); window.scrollTo(0, Number(saved)); }
          if (!window.EventSource) return;
          var source = new EventSource("\(basePath)\(eventsPath)");
          source.addEventListener("rebuild", function (event) {
            var pages = JSON.parse(event.data).pages;
            if (pages.indexOf("*") >= 0 || pages.indexOf(location.pathname) >= 0 || pages.indexOf(decodeURI(location.pathname)) >= 0) {
              sessionStorage.setItem(key, String(window.scrollY));
              location.reload();
            }
          });
        })();
        </script>
        """
    }

    /// The size of `inject(script, into: html)`, without making it.
    static func injectedSize(of html: Data, script: Data) -> Int {
        html.range(of: bodyEnd, options: .backwards) == nil ? html.count + script.count : html.count + script.count + 1
    }

    private static let bodyEnd = Data("</body>".utf8)

    /// `html` with the script for `basePath` inserted before `</body>` (or appended).
    static func inject(into html: Data, basePath: String) -> Data {
        inject(Data(Self.script(basePath: basePath).utf8), into: html)
    }

    /// `html` with `script` (made once per base path) inserted before `</body>` (or appended).
    static func inject(_ script: Data, into html: Data) -> Data {
        guard let range = html.range(of: bodyEnd, options: .backwards) else { return html + script }
        var result = html
        result.replaceSubrange(range.lowerBound..<range.lowerBound, with: script + Data("\n".utf8))
        return result
    }
}
