import Foundation
import Testing
@testable import GuideSiteCore

@Suite("The navigation: the sections, the one shown opened to its pages")
struct NavigationTests {
    static func files(pageSize: Int = 100) -> [String: String] {
        [
            "site.yml": "title: Guide\npagination: {size: \(pageSize)}\nsections:\n  native: {title: Native apps}\n  web: {title: Web}\n",
            "Content/index.md": "---\ntitle: Home\n---\nHi.\n",
            "Content/native/picker.md": "---\ntitle: Picker\norder: 1\n---\nA picker.\n",
            "Content/native/slider.md": "---\ntitle: Slider\norder: 2\n---\nA slider.\n",
            "Content/native/switch.md": "---\ntitle: Switch\norder: 3\n---\nA switch.\n",
            "Content/web/button.md": "---\ntitle: Button\n---\nA button.\n",
        ]
    }

    /// The navigation's markup of a page.
    static func navigation(_ site: TestSite, _ path: String) throws -> String {
        let html = try site.html(path)
        let start = try #require(html.range(of: "<nav class=\"site-nav\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("an entry's and its section's page list the section's pages, the page shown current; other sections stay closed")
    func sectionOpened() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let entry = try Self.navigation(site, "native/slider/index.html")
        #expect(entry.contains("<a href=\"../../native/\" aria-current=\"true\">Native apps</a>\n<ul>\n<li><a href=\"../../native/picker/\">Picker</a></li>\n"
                               + "<li><a href=\"../../native/slider/\" aria-current=\"page\">Slider</a></li>\n"
                               + "<li><a href=\"../../native/switch/\">Switch</a></li>\n</ul>\n</li>"), "\(entry)")
        #expect(!entry.contains("Button"), "the web section stays closed")
        let section = try Self.navigation(site, "native/index.html")
        #expect(section.contains("aria-current=\"page\">Native apps</a>\n<ul>") && !section.contains("aria-current=\"page\">Picker"))
        #expect(try !Self.navigation(site, "index.html").contains("<ul>\n<li><a href=\"native/picker/\""), "the home page opens no section")
    }

    @Test("a section longer than one list page is not listed beside its entries: its numbered pages list them")
    func longSection() throws {
        let site = try TestSite(Self.files(pageSize: 2))
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let entry = try Self.navigation(site, "native/slider/index.html")
        #expect(entry.contains("aria-current=\"true\">Native apps</a></li>") && !entry.contains("Picker"), "\(entry)")
    }

    @Test("a title edited: every page of its section shows it, on disk and in the preview, and the site equals a fresh build's")
    func titleEdited() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory(), builds = BuildMemoryTests()
        _ = builds.memoryBuild(site, memory: memory)
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        try site.write(Data("---\ntitle: Wheel picker\norder: 1\n---\nA picker.\n".utf8), to: "Content/native/picker.md")
        try site.age(by: 600, only: ["Content/native/picker.md"])
        let (result, _, ours, theirs) = try SitesOnDiskTests.patchedAndFresh(site)
        #expect(result.patched)
        #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "\(BuildIncrementallyTests.differences(ours, theirs))")
        #expect(try Self.navigation(site, "native/switch/index.html").contains(">Wheel picker</a>"))
        let (served, files) = builds.memoryBuild(site, memory: memory, changed: ["Content/native/picker.md"])
        #expect(served.patched)
        #expect(String(decoding: files["native/switch/index.html"] ?? Data(), as: UTF8.self).contains(">Wheel picker</a>"))
    }
}
