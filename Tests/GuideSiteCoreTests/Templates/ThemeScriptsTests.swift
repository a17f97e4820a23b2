import Foundation
import Testing
@testable import GuideSiteCore

/// `assets/site.js` is made of the theme's scripts, one behaviour per file under the one
/// `GuideSite` namespace; a site replaces one of them, or the whole file.
@Suite("Theme scripts")
struct ThemeScriptsTests {
    static func script(_ site: TestSite) throws -> String {
        #expect(site.build().errorCount == 0)
        return try site.html("assets/site.js")
    }

    @Test("site.js is the modules in order, text first, without their whole-line comments; the theme's only global is GuideSite")
    func modules() throws {
        let site = try TestSite(["Content/index.md": "# Home\n\nHi.\n"])
        defer { site.remove() }
        let script = try Self.script(site)
        let names = script.split(separator: "\n").filter { $0.hasPrefix("// ") }.map { String($0.dropFirst(3)) }
        #expect(names == ["text.js", "menu.js", "copy.js", "demos.js", "tabs.js", "disk-links.js", "basket.js"])
        #expect(!script.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && !$0.hasPrefix("// ") })
        // Every assignment to window names the namespace alone.
        let globals = script.matches(of: /window\.([A-Za-z]+) =/).map { String($0.1) }
        #expect(Set(globals) == ["GuideSite"], "\(globals)")
        #expect(try site.html("assets/strings.js").hasPrefix("var GuideSite = window.GuideSite = window.GuideSite || {};\nGuideSite.strings = {"))
        #expect(!site.exists("assets/scripts") && !site.exists("scripts"))
    }

    @Test("a site's scripts/tabs.js replaces that behaviour alone, its own module runs last; its own assets/site.js replaces them all")
    func overrides() throws {
        let site = try TestSite(["Content/index.md": "# Home\n\nHi.\n", "Templates/scripts/tabs.js": "GuideSite.tabs = 'mine';\n",
                                 "Templates/scripts/analytics.js": "GuideSite.analytics = true;\n"])
        defer { site.remove() }
        let script = try Self.script(site)
        #expect(script.contains("// tabs.js\nGuideSite.tabs = 'mine';\n// disk-links.js"))
        #expect(script.hasSuffix("// analytics.js\nGuideSite.analytics = true;\n") && script.contains("GuideSite.text = "))
        try site.write(Data("alert(1);\n".utf8), to: "Templates/assets/site.js")
        #expect(site.build(fresh: true).errorCount == 0)
        #expect(try site.html("assets/site.js") == "alert(1);\n")
    }
}
