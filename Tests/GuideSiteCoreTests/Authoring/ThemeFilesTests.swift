import Foundation
import Testing
@testable import GuideSiteCore

/// `guidesite theme list` and `eject`: one built-in file copied into a site to start from, never
/// over the site's own; and a site partial that replaces nothing is a warning.
@Suite("Theme files")
struct ThemeFilesTests {
    @Test("eject copies the named built-in file, with or without .mustache; the site's copy then replaces that file alone")
    func eject() throws {
        let site = try TestSite(["Content/index.md": "# Home\n\nHi.\n", "Content/web/a.md": "---\ntitle: A\n---\n## One\n\nx\n\n## Two\n\ny\n"])
        defer { site.remove() }
        let files = ThemeFiles(root: site.root)
        let (written, kept) = try files.eject(["partials/toc", "Templates/assets/site.css"])
        #expect(written == ["partials/toc.mustache", "assets/site.css"] && kept.isEmpty)
        let copied = try String(contentsOf: site.root.appending(path: "Templates/partials/toc.mustache"), encoding: .utf8)
        #expect(copied == String(decoding: DefaultTheme.file("partials/toc.mustache")!, as: UTF8.self))
        #expect(files.list().first { $0.path == "partials/toc.mustache" }?.source == .overridden)
        #expect(files.list().first { $0.path == "layouts/entry.mustache" }?.source == .builtIn)
        // Changed in the site: that partial changes, the rest of the theme stays built in.
        try site.write(Data(copied.replacingOccurrences(of: "class=\"toc\"", with: "class=\"toc team-toc\"").utf8), to: "Templates/partials/toc.mustache")
        let result = site.build()
        #expect(result.errorCount == 0 && result.warningCount == 0, "\(result.printed)")
        let page = try site.html("web/a/index.html")
        #expect(page.contains("class=\"toc team-toc\"") && page.contains("class=\"site-header\""))
    }

    @Test("eject never overwrites the site's file without --force; --all skips the site's files; an unknown name says the closest")
    func refusals() throws {
        let site = try TestSite(["Templates/partials/toc.mustache": "mine"])
        defer { site.remove() }
        let files = ThemeFiles(root: site.root)
        #expect(throws: Scaffolder.Failure.self) { try files.eject(["partials/toc.mustache"]) }
        #expect(try String(contentsOf: site.root.appending(path: "Templates/partials/toc.mustache"), encoding: .utf8) == "mine")
        do {
            _ = try files.eject(["partials/tco.mustache"])
            Issue.record("an unknown file was copied")
        } catch let failure as Scaffolder.Failure {
            #expect(failure.description.contains("Did you mean `partials/toc.mustache`?"))
        }
        #expect(throws: Scaffolder.Failure.self) { try files.eject([]) }
        let all = try files.eject([], all: true)
        #expect(all.kept == ["partials/toc.mustache"] && all.written.count == DefaultTheme.files().count - 1)
        #expect(try String(contentsOf: site.root.appending(path: "Templates/partials/toc.mustache"), encoding: .utf8) == "mine")
        _ = try files.eject(["partials/toc.mustache"], force: true)
        #expect(try String(contentsOf: site.root.appending(path: "Templates/partials/toc.mustache"), encoding: .utf8) != "mine")
    }

    @Test("a site partial the built-in theme lacks and nothing includes is a warning with the closest name; one a layout includes is the site's own")
    func unusedPartial() throws {
        let site = try TestSite(["Content/index.md": "# Home\n\nHi.\n", "Templates/partials/tco.mustache": "<nav>mine</nav>",
                                 "Templates/partials/banner.mustache": "<p>Banner</p>",
                                 "Templates/layouts/home.mustache": "{{<base}}{{$main}}{{>banner}}{{/main}}{{/base}}"])
        defer { site.remove() }
        let result = site.build()
        let warnings = result.diagnostics.filter { $0.category == "theme" }.map(\.description)
        #expect(warnings.count == 1, "\(result.printed)")
        #expect(warnings.first?.hasPrefix("Templates/partials/tco.mustache:1:1: warning:") == true)
        #expect(warnings.first?.contains("Did you mean `partials/toc.mustache`?") == true)
        #expect(try site.html("index.html").contains("<p>Banner</p>"))
    }
}
