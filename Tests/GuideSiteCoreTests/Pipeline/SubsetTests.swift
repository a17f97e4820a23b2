import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Subsets")
struct SubsetTests {
    static func entry(_ section: String, _ slug: String, _ categories: [String]) -> Page {
        var matter = FrontMatter()
        matter.categories = categories
        return Page(sourcePath: "Content/\(section)/\(slug).md", contentPath: "\(section)/\(slug).md", kind: .entry, section: section,
                    route: Route(segments: [section, slug]), frontMatter: matter, title: slug, layout: "entry",
                    body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
    }

    static let pages = [
        entry("native", "wheel-picker", ["pickers"]),
        entry("native", "legacy-switch", ["controls"]),
        entry("native", "button", ["controls"]),
        entry("web", "button", ["controls"]),
        entry("web", "field", ["forms"]),
    ]

    static func subset(sections: [String] = [], categories: [String] = [], entries: [String] = [], exclude: [String] = []) -> Subset {
        var subset = Subset(name: "test")
        subset.sections = sections
        subset.categories = categories
        subset.entries = entries
        subset.exclude = exclude
        return subset
    }

    @Test("selectors: in any listed section AND any listed category, OR listed, minus excluded", arguments: [
        (subset(), ["native/wheel-picker", "native/legacy-switch", "native/button", "web/button", "web/field"]),
        (subset(sections: ["native"]), ["native/wheel-picker", "native/legacy-switch", "native/button"]),
        (subset(categories: ["controls"]), ["native/legacy-switch", "native/button", "web/button"]),
        (subset(sections: ["native"], categories: ["controls"]), ["native/legacy-switch", "native/button"]),
        (subset(sections: ["native"], categories: ["controls"], entries: ["web/field"]), ["native/legacy-switch", "native/button", "web/field"]),
        (subset(entries: ["native/wheel-*", "web/button"]), ["native/wheel-picker", "web/button"]),
        (subset(sections: ["native"], exclude: ["native/legacy-*"]), ["native/wheel-picker", "native/button"]),
        (subset(categories: ["Controls"], exclude: ["*/button"]), ["native/legacy-switch"]),
    ])
    func selectors(subset: Subset, expected: [String]) {
        let selected = Self.pages.filter { subset.includes(entry: $0) }.map { "\($0.section!)/\($0.title)" }
        #expect(selected == expected)
    }

    @Test("platform sections: a platform heading runs to the next heading of the same or a higher level")
    func platformSections() {
        let markdown = """
            Intro for everyone.

            ## Developer notes

            ### iOS

            iOS note.

            #### Name

            iOS name.

            ### Android

            Android note.

            ## iOS

            Top-level iOS.

            ### Role

            iOS role.

            ## Android

            Top-level Android.

            ## Summary

            For everyone.
            """
        let filter = PlatformFilter(platforms: ["iOS", "Android", "Web"], keep: ["ios"])
        let result = MarkdownRenderer().render(markdown, firstLine: 1, path: "a.md", title: .given("x"), platforms: filter).value
        for kept in ["Intro for everyone.", "iOS note.", "iOS name.", "Top-level iOS.", "iOS role.", "For everyone."] {
            #expect(result.html.contains(kept), "\(kept)")
        }
        #expect(!result.html.contains("Android"))
        #expect(result.headings.map(\.text) == ["Developer notes", "iOS", "Name", "iOS", "Role", "Summary"])
    }

    static let site: [String: String] = [
        "site.yml": """
            title: Guide
            url: https://a11y.example.org/
            subsets:
              ios:
                title: iOS guide
                sections: [native]
                platforms: [iOS]
                levels: [A]
              web:
                categories: [forms]
            """,
        "Content/index.md": "---\ntitle: Guide\n---\nHome.\n",
        "Content/native/picker.md": """
            ---
            title: Picker
            categories: [controls]
            wcag: [1.3.1, 1.4.3]
            ---
            ## iOS

            Use `UIPickerView`. See the [field](../web/field.md#label).

            ## Android

            Use `NumberPicker`.
            """,
        "Content/web/field.md": "---\ntitle: Field\ncategories: [forms]\nwcag: [3.3.2]\n---\n## Label\n\nSee the [picker](../native/picker.md).\n",
    ]

    @Test("--all-subsets builds the full site and each subset under its own base path, with links to left-out entries rewritten")
    func allSubsets() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        var request = BuildRequest(root: site.root, strict: true)
        request.allSubsets = true
        let result = SiteBuilder().build(request)
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.sites == 3)
        #expect(result.warningCount == 0 && result.errorCount == 0, "no subset has a broken link")

        let picker = try site.html("subsets/ios/native/picker/index.html")
        #expect(picker.contains("<title>Picker – Native – iOS guide</title>"))
        #expect(picker.contains("UIPickerView"))
        #expect(!picker.contains("NumberPicker"))
        #expect(picker.contains("<a href=\"https://a11y.example.org/web/field/#label\" title=\"In the full guide, outside this one\">field (full guide)</a>"))
        #expect(picker.contains("href=\"../../assets/site.css\""))
        #expect(try site.html("subsets/ios/404.html").contains("href=\"/subsets/ios/assets/site.css\""), "the not-found page, served at any depth, links absolutely")
        #expect(!site.exists("subsets/ios/web/field/index.html"))
        #expect(site.exists("subsets/ios/wcag/1.3.1/index.html"))
        #expect(!site.exists("subsets/ios/wcag/1.4.3/index.html"), "levels: [A] leaves out AA criteria")
        let coverage = try site.html("subsets/ios/wcag/coverage/index.html")
        #expect(coverage.contains("href=\"../../wcag/1.3.1/\""))
        #expect(!coverage.contains("/wcag/1.4.3/"), "the subset coverage counts only its own levels")
        #expect(result.printed.contains("Content/native/picker.md:8:29: note: [subset-link] ios: link `../web/field.md#label` is not in this guide; it now points to the full guide"))

        let field = try site.html("subsets/web/web/field/index.html")
        #expect(field.contains("<title>Field – Web – Guide – web</title>"))
        #expect(field.contains("href=\"https://a11y.example.org/native/picker/\""))
        #expect(try site.html("subsets/web/sitemap.xml").contains("<loc>https://a11y.example.org/subsets/web/web/field/</loc>"))
        let export = try site.html("subsets/web/criteria.json")
        #expect(export.contains("\"/subsets/web/web/field/\"") && !export.contains("picker"))
        #expect(try site.html("native/picker/index.html").contains("NumberPicker"), "the full site keeps every platform")
    }

    @Test("without the site's url, links to left-out entries become plain text")
    func plainText() throws {
        var files = Self.site
        files["site.yml"] = files["site.yml"]!.replacingOccurrences(of: "url: https://a11y.example.org/\n", with: "")
        let site = try TestSite(files)
        defer { site.remove() }
        var request = BuildRequest(root: site.root, strict: true)
        request.subset = "ios"
        #expect(SiteBuilder().build(request).outcome == .success)
        let picker = try site.html("subsets/ios/native/picker/index.html")
        #expect(picker.contains("See the field."))
    }

    @Test("a full build and subset builds never delete each other")
    func keepEachOther() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        var subset = BuildRequest(root: site.root)
        subset.subset = "ios"
        #expect(SiteBuilder().build(subset).outcome == .success)
        #expect(SiteBuilder().build(BuildRequest(root: site.root)).outcome == .success)
        #expect(site.exists("subsets/ios/native/picker/index.html"), "the full build kept the subset")
        subset.subset = "web"
        #expect(SiteBuilder().build(subset).outcome == .success)
        #expect(site.exists("native/picker/index.html"), "the subset build kept the full site")
        #expect(site.exists("subsets/ios/native/picker/index.html"))
        #expect(site.exists("subsets/web/web/field/index.html"))
    }

    @Test("an unknown section, category or platform is an error naming the closest one", arguments: [
        ("sections: [natve]", "names the section `natve`, which the site does not have; the closest is `native`"),
        ("categories: [control]", "names the category `control`, which the site does not have; the closest is `controls`"),
        ("platforms: [IOS, Androd]", "names the platform `Androd`, which the site does not have; the closest is `android`"),
    ])
    func unknownNames(selector: String, message: String) throws {
        var files = Self.site
        files["site.yml"] = "subsets:\n  team:\n    \(selector)\n"
        let site = try TestSite(files)
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.subset = "team"
        let result = SiteBuilder().build(request)
        #expect(result.outcome != .success)
        #expect(result.printed.contains("site.yml:2:1: error: [subset] subset `team` \(message)"), "\(result.printed)")
    }

    @Test("ad-hoc subsets from the command line: --only-section and --platform")
    func adHoc() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        var subset = Subset(name: "custom")
        subset.sections = ["native"]
        subset.platforms = ["Android"]
        var request = BuildRequest(root: site.root, output: site.root.appending(path: "Android"))
        request.adHoc = subset
        #expect(SiteBuilder().build(request).outcome == .success)
        let picker = try String(contentsOf: site.root.appending(path: "Android/native/picker/index.html"), encoding: .utf8)
        #expect(picker.contains("NumberPicker") && !picker.contains("UIPickerView"))
    }
}
