import Foundation
import Testing
@testable import GuideSiteCore

/// Hugo's `permalinks:` tokens.
@Suite("Permalink patterns")
struct PermalinkPatternTests {
    @Test("Hugo permalink tokens", arguments: [
        ("/web-criteria/:sections[1:]/:slug/", ["web", "component"], "button", nil, "/web-criteria/component/button/"),
        ("/web-criteria/:sections[1:]/:slug/", ["web"], "button", nil, "/web-criteria/button/"),
        ("/:section/:filename/", ["_components", "x"], "Wheel Picker", nil, "/components/wheel-picker/"),
        ("/:sections/:title/", ["web", "forms"], "input", "Text Input", "/web/forms/text-input/"),
        ("/:sections[:1]/:slug/", ["web", "forms"], "input", "Text Input", "/web/text-input/"),
        ("/:sections[1]/:filename.html", ["web", "forms", "deep"], "input", nil, "/forms/input.html"),
    ])
    func permalinks(pattern: String, folders: [String], file: String, title: String?, expected: String) {
        #expect(PermalinkPattern.problem(in: pattern) == nil)
        #expect(PermalinkPattern.expand(pattern, .init(folders: folders, filename: file, slug: nil, title: title)) == expected)
    }

    @Test("unknown permalink tokens and bad slices are site.yml errors", arguments: [":year/:slug", "/:sections[a:]/", "/../:slug/", "/:sections[9223372036854775807]/", "/:sections[2:1]/"])
    func badPermalinks(pattern: String) throws {
        let site = try TestSite(["site.yml": "permalinks:\n  web: \"\(pattern)\"\n", "Content/web/a.md": "# A\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        #expect(result.printed.hasPrefix("site.yml:2:3: error: [site-config] the permalink of `web`"), "\(result.printed)")
    }
}
