import Foundation
import Testing
@testable import GuideSiteCore

/// What `check` adds to a build, over a whole section.
@Suite("Content linter")
struct ContentLinterTests {
    @Test("a section whose entries all share one title is one check warning")
    func sharedTitle() throws {
        let template = "---\ntitle: General Notes\n---\nText.\n"
        let site = try TestSite(["Content/web/a.md": template, "Content/web/b.md": template, "Content/web/c.md": template])
        defer { site.remove() }
        let printed = SiteChecker().check(BuildRequest(root: site.root)).diagnostics.filter { $0.category == "duplicate-title" }.map(\.description)
        #expect(printed == ["Content/web/a.md:2:1: warning: [duplicate-title] all 3 entries of section `web` have the title \"General Notes\"; give each a `title:` in its front matter or a first `# Title` line (without either, the file name is the title)"])
    }

    @Test("titles repeated within a section are a warning naming the first file; other sections may repeat them")
    func repeatedTitle() throws {
        let site = try TestSite([
            "Content/web/a.md": "---\ntitle: Picker\n---\nA.\n", "Content/web/b.md": "---\ntitle: picker\n---\nB.\n",
            "Content/web/c.md": "---\ntitle: Other\n---\nC.\n", "Content/native/a.md": "---\ntitle: Picker\n---\nA.\n",
        ])
        defer { site.remove() }
        let printed = SiteChecker().check(BuildRequest(root: site.root)).diagnostics.filter { $0.category == "duplicate-title" }.map(\.description)
        #expect(printed == ["Content/web/b.md:2:1: warning: [duplicate-title] \"picker\" is also the title of Content/web/a.md in the same section; give each entry its own title"])
    }
}
