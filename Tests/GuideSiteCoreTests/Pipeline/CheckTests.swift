import Foundation
import Testing
@testable import GuideSiteCore

@Suite("check, new and init")
struct CheckTests {
    /// One of each defect `check` knows, each on a line of its own.
    static let defects: [String: String] = [
        "site.yml": "categories: [controls, forms]\n",
        "Content/native/a.md": """
            ---
            title: Picker
            categories: [controls, formz]
            screenreder:
              name: Says what it is
            keyboard:
              tab:
            gherkin-keyboard:
              - when: I press tab
                than: focus moves
            wcag: [1.4.99]
            ---
            ## Role

            #### Too deep

            [click here](b.md) and [](b.md) and [b](b.md#nowhere) and [gone](missing.md).

            ![](picker.png)

            |   |   |
            |---|---|
            | a | b |
            """,
        "Content/native/b.md": "---\ntitle: Picker\n---\nSame title.\n",
        "Content/native/c.md": "---\ncategories: [controls]\nkeyboard: [tab, space]\n---\nNo title.\n",
    ]

    static let expected = [
        "Content/native/a.md:3:1: warning: [undeclared-category] category `formz` is not declared under `categories:` in site.yml. Did you mean `forms`?",
        "Content/native/a.md:4:1: warning: [schema] unknown key `screenreder`; did you mean `screenreader`?",
        "Content/native/a.md:7:3: warning: [schema] `keyboard` → `tab` has no expected result; write what should happen after it",
        "Content/native/a.md:10:5: error: [schema] `than` is not a step field; use `when`, `then` or `result`. Did you mean `then`?",
        "Content/native/a.md:8:1: error: [schema] each step of `gherkin-keyboard` needs both `when` and `then`",
        "Content/native/a.md:11:1: warning: [unknown-criterion] 1.4.99 is not a WCAG 2.2 success criterion",
        "Content/native/a.md:15:1: warning: [heading-skip] heading level skips from 2 to 4",
        "Content/native/a.md:17:1: warning: [link-text] link text \"click here\" does not say where it goes",
        "Content/native/a.md:17:24: warning: [empty-link] link has no text",
        "Content/native/a.md:17:37: error: [broken-link] broken link `b.md#nowhere`: Picker has no heading with the id `nowhere`",
        "Content/native/a.md:17:59: error: [broken-link] broken link `missing.md`: no page or file there",
        "Content/native/a.md:19:1: error: [broken-link] broken link `picker.png`: no page or file there",
        "Content/native/a.md:19:1: warning: [image-alt] image `picker.png` has no alt text",
        "Content/native/a.md:21:1: warning: [table-header] table has no header row text",
        "Content/native/b.md:2:1: warning: [duplicate-title] \"Picker\" is also the title of Content/native/a.md in the same section",
        "Content/native/c.md:1:1: warning: [schema] this entry has no `title` in its front matter and no `# Title` line, so it is titled \"C\" after its file name",
        "Content/native/c.md:3:1: warning: [schema] `keyboard` must be a map from what to try to what should happen",
    ]

    @Test("a fixture with one of each defect gets exactly the expected diagnostics")
    func defects() throws {
        let site = try TestSite(Self.defects)
        defer { site.remove() }
        let result = SiteChecker().check(BuildRequest(root: site.root))
        #expect(result.outcome == .contentErrors)
        let printed = result.diagnostics.map(\.description)
        for line in Self.expected {
            #expect(printed.contains { $0.hasPrefix(line) }, "missing: \(line)\n\(printed.joined(separator: "\n"))")
        }
        #expect(printed.count == Self.expected.count, "\(printed.joined(separator: "\n"))")
        #expect(!site.exists("index.html"), "check writes nothing")
    }

    @Test("the same diagnostics as JSON and as GitHub annotations")
    func formats() throws {
        let site = try TestSite(Self.defects)
        defer { site.remove() }
        let result = SiteChecker().check(BuildRequest(root: site.root))
        let json = SiteChecker.report(result, format: .json)
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(document?["schema"] as? String == "guidesite-check/1")
        #expect(document?["errors"] as? Int == result.errorCount)
        let diagnostics = try #require(document?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == Self.expected.count)
        #expect(diagnostics.contains { $0["file"] as? String == "Content/native/c.md" && $0["line"] as? Int == 3 && $0["category"] as? String == "schema" })
        let github = SiteChecker.report(result, format: .github).split(separator: "\n")
        #expect(github.count == Self.expected.count)
        #expect(github.contains { $0.hasPrefix("::warning file=Content/native/c.md,line=3,col=1,title=schema::`keyboard` must be a map") })
        #expect(github.contains { $0.hasPrefix("::warning file=Content/native/a.md,line=4,col=1,title=schema::unknown key `screenreder`") })
        #expect(SiteChecker.report(result, format: .text).hasSuffix("Check failed: \(result.errorCount) errors, \(result.warningCount) warnings\n"))
    }

    @Test("a check after a build of every site with the same inputs reads the build's record: the same report, nothing built; after an edit, it takes the build's bodies")
    func checkAfterBuild() throws {
        for subsets in [false, true] {
            // (Without the step that is an error in every command: a build that fails keeps no record.)
            var files = Self.defects
            files["Content/native/a.md"] = files["Content/native/a.md"]!.replacingOccurrences(of: "than: focus moves", with: "then: focus moves")
            if subsets { files["site.yml"]! += "subsets:\n  native:\n    sections: [native]\n" }
            let site = try TestSite(files)
            defer { site.remove() }
            try site.age()
            let before = SiteChecker().check(BuildRequest(root: site.root))
            #expect(!before.upToDate, "no build yet: the check builds every site in memory")
            // `make site` builds every subset; a site without subsets is one site either way.
            var request = BuildRequest(root: site.root)
            request.allSubsets = subsets
            #expect(SiteBuilder().build(request).outcome == .success, "the broken links are the build's warnings")
            let after = SiteChecker().check(BuildRequest(root: site.root))
            #expect(after.upToDate, "subsets: \(subsets): the build's record answers, nothing is rendered: \(after.timings.map(\.stage))")
            #expect(after.diagnostics == before.diagnostics && after.outcome == .contentErrors, "the same report")
            #expect(!after.timings.contains { $0.stage.contains("render") })
            // An edit: the record stands for other inputs, and the check builds again.
            try site.write(Data("---\ntitle: Other picker\n---\nSame title no more.\n".utf8), to: "Content/native/b.md")
            try site.age(by: 100, only: ["Content/native/b.md"])
            let edited = SiteChecker().check(BuildRequest(root: site.root))
            #expect(!edited.upToDate && !edited.diagnostics.contains { $0.category == "duplicate-title" })
            #expect(edited.diagnostics.count == before.diagnostics.count - 1)
            // It renders only the edited entry's body: the others are the build's
            // (`.guidesite-cache/`), and its report is what a check without them makes.
            let taken = edited.timings.compactMap { SitesOnDiskTests.taken($0.stage) }
            #expect(!taken.isEmpty && taken[0] > 0, "subsets: \(subsets): \(edited.timings.map(\.stage))")
            try FileManager.default.removeItem(at: site.root.appending(path: ".guidesite-cache"))
            let alone = SiteChecker().check(BuildRequest(root: site.root))
            // (A subset takes what the full site rendered in the same run.)
            #expect(alone.timings.compactMap { SitesOnDiskTests.taken($0.stage) }.first == 0)
            #expect(alone.diagnostics == edited.diagnostics, "subsets: \(subsets)")
            // A build that starts from the last one records what a check reports too.
            #expect(SiteBuilder().build(request).outcome == .success)
            #expect(SiteBuilder().build(request).upToDate)
            try site.write(Data("---\ntitle: Other picker\n---\nSame title no more, [a broken link](nowhere.md).\n".utf8), to: "Content/native/b.md")
            try site.age(by: 50, only: ["Content/native/b.md"])
            #expect(SiteBuilder().build(request).patched, "subsets: \(subsets)")
            let afterPatch = SiteChecker().check(BuildRequest(root: site.root))
            #expect(afterPatch.upToDate, "subsets: \(subsets): \(afterPatch.timings.map(\.stage))")
            try FileManager.default.removeItem(at: site.root.appending(path: ".guidesite-cache"))
            let reference = SiteChecker().check(BuildRequest(root: site.root))
            #expect(!reference.upToDate && afterPatch.diagnostics == reference.diagnostics, "subsets: \(subsets)")
            #expect(reference.diagnostics.contains { $0.message.contains("nowhere.md") && $0.severity == .error })
        }
    }

    @Test("a check renders no page and writes nothing, yet reports what rendering would, as the build does: an unknown layout, a page no layout renders, a list's numbered page at a page's address")
    func problemsWithoutRendering() throws {
        let site = try ListPagesTests.site(extra: [
            "Content/web/page/2.md": "---\ntitle: Second\n---\nMine.\n",
            "Content/web/odd.md": "---\ntitle: Odd\nlayout: nonesuch\n---\nText.\n",
            // No `page` layout to fall back on: it does not parse.
            "Templates/layouts/page.mustache": "{{#page}}\nno end",
        ])
        defer { site.remove() }
        try site.age()
        let checked = SiteChecker().check(BuildRequest(root: site.root))
        #expect(!checked.timings.contains { $0.stage.contains("choosing the pages to render") || $0.stage == "copy files" }, "\(checked.timings.map(\.stage))")
        #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "Output").path))
        let shown = checked.diagnostics.map(\.description)
        #expect(shown.contains { $0.hasPrefix("Content/web/odd.md:3:1: warning: [unknown-layout] unknown layout `nonesuch`") }, "\(shown)")
        #expect(shown.contains("Content/web/odd.md: error: [template] the theme has no layout `page` and no `page` layout to fall back on"), "\(shown)")
        #expect(shown.contains { $0.hasPrefix("Content/web/page/2.md: warning: [pagination] `/web/page/2/` is page 2 of the list `/web/`") }, "\(shown)")
        // The build renders every page and says the same of each (its content checks aside).
        let built = site.build()
        #expect(built.outcome == .contentErrors && Set(built.diagnostics).isSubset(of: Set(checked.diagnostics)))
        #expect(built.diagnostics.filter { $0.category == "template" }.count == checked.diagnostics.filter { $0.category == "template" }.count)
    }

    @Test("init makes a site that checks clean; new's entry holds placeholders, a warning each (an error under --strict); new never overwrites")
    func scaffold() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try Scaffolder().initSite(at: folder, title: "Team guide")
        #expect(written.map { $0.lastPathComponent }.contains("site.yml"))
        let entry = try Scaffolder().newEntry(title: "Wheel Picker", section: "components", categories: ["controls"], root: folder)
        #expect(entry.path.hasSuffix("Content/components/wheel-picker.md"))
        #expect(throws: Scaffolder.Failure.self) {
            try Scaffolder().newEntry(title: "Wheel Picker", section: "components", categories: [], root: folder)
        }
        let checked = SiteChecker().check(BuildRequest(root: folder))
        #expect(checked.outcome == .success, "\(checked.printed)")
        let reported = checked.diagnostics.filter { $0.severity != .note }
        #expect(!reported.isEmpty && reported.allSatisfy { $0.category == "placeholder" && $0.path == "Content/components/wheel-picker.md" },
                "only the new entry's placeholders: \(checked.printed)")
        #expect(SiteChecker().check(BuildRequest(root: folder, strict: true)).outcome == .contentErrors)
        let built = SiteBuilder().build(BuildRequest(root: folder))
        #expect(built.outcome == .success && built.diagnostics == checked.diagnostics)
        let page = try String(contentsOf: folder.appending(path: "Output/components/wheel-picker/index.html"), encoding: .utf8)
        #expect(page.contains("<caption>Keyboard</caption>"))
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().initSite(at: folder, title: "Again") }
    }

    @Test("the repository's sample site checks clean")
    func sampleSite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = SiteChecker().check(BuildRequest(root: root, strict: true))
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.diagnostics.allSatisfy { $0.severity == .note }, "\(result.printed)")
    }
}
