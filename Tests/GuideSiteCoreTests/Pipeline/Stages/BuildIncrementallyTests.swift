import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Patched rebuilds")
struct BuildIncrementallyTests {
    static let files = [
        "site.yml": "title: Patch test\n",
        "Content/index.md": "---\ntitle: Home\n---\nWelcome. See [the picker](native/picker.md).\n",
        "Content/native/picker.md": """
            ---
            title: Picker
            categories: [Input]
            wcag: [1.3.1, 4.1.2]
            keyboard:
              Tab: Moves focus to the picker
            ---
            A picker lets people choose one value.

            ## iOS

            Use `UIPickerView`. See [the menu](menu.md#ios).

            ## Android

            Use a spinner.
            """,
        "Content/native/menu.md": """
            ---
            title: Menu
            categories: [Input, Navigation]
            wcag: [2.1.1]
            ---
            A menu offers actions.

            ## iOS

            Use `UIMenu`.
            """,
        "Content/web/button.md": "---\ntitle: Button\ncategories: [Input]\n---\nA button does one thing. It meets 2.5.8 with 24 pixels.\n",
        "Content/web/link.md": "## Condensed\n\n1. Tab: focus moves to the link\n\n## Notes\n\nA link goes somewhere.\n",
    ]

    /// A build from the last one is the same list of stages as a full build (issue 35): only
    /// what each stage does with the last build differs. Lint makes `check`'s record, which
    /// only a full build keeps.
    @Test("a patched build of every site of a run runs the stages of a full build, in the same order")
    func oneList() throws {
        var files = Self.files
        files["site.yml"] = "title: Patch test\nsubsets:\n  web:\n    sections: [web]\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let full = SitesOnDiskTests.build(site)
        try site.write(Data((files["Content/web/button.md"]! + "\nIt says what it does.\n").utf8), to: "Content/web/button.md")
        let patched = SitesOnDiskTests.build(site)
        #expect(full.outcome == .success && full.pagesRendered == nil && patched.pagesRendered != nil, "\(patched.timings.map(\.stage))")
        let names: Set = [Configure.name, Load.name, ReadHistory.name, PlanSites.name, CompareWithLastBuild.name, FindEdits.name, Parse.name,
                          FindLanguages.name, MatchTranslations.name, CheckSubsets.name, LoadTheme.name, PrepareOutput.name, SelectPages.name,
                          RenderMarkdown.name, Link.name, CheckLinks.name, CheckURLs.name, RenderTemplates.name, CopyFiles.name, Commit.name,
                          KeepForNextBuild.name]
        // Each stage's line, with the site it worked on ("web: link"), in the order run.
        func stages(_ result: BuildResult) -> [String] {
            result.timings.map(\.stage).filter { names.contains($0.components(separatedBy: ": ").last ?? "") }
        }
        #expect(stages(full).count >= 2 * 10)
        #expect(stages(patched) == stages(full), "\(stages(patched))\n\(stages(full))")
    }

    /// A build of the whole site again (`--fresh`), into Output/.
    func freshBuild(_ site: TestSite, strict: Bool = false) -> BuildResult {
        var request = BuildRequest(root: site.root, strict: strict)
        request.fresh = true
        return SiteBuilder().build(request)
    }

    /// A full build of the same content into a folder of its own: its files and diagnostics.
    func fullBuild(_ site: TestSite, _ step: Int, strict: Bool = false) throws -> (files: [String: Data], diagnostics: [Diagnostic]) {
        let folder = "Output-full-\(step)"
        var request = BuildRequest(root: site.root, output: site.root.appending(path: folder), strict: strict)
        request.fresh = true
        let result = SiteBuilder().build(request)
        #expect(!result.upToDate && result.pagesRendered == nil, "the reference build ran in full")
        return (try site.snapshot(of: folder), result.diagnostics)
    }

    /// The test site, an hour old, built twice: the second build leaves the spare site and a
    /// state that knows how it differs from the output.
    func builtTwice() throws -> TestSite {
        let site = try TestSite(Self.files)
        try site.age()
        site.build()
        _ = freshBuild(site)
        return site
    }

    /// The files two sites hold different bytes for, or only one holds.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// Replaces `old` with `new` in a content file and gives the file a stamp of its own.
    func edit(_ site: TestSite, _ path: String, _ old: String, _ new: String, step: Int) throws {
        let url = site.root.appending(path: path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "the test's edit applies")
        try site.write(Data(text.replacingOccurrences(of: old, with: new).utf8), to: path)
        try site.age(by: TimeInterval(3000 - step), only: [path])
    }

    @Test("edits inside entries' bodies patch the last build: only those pages are rendered, and the site and its warnings equal a full build's")
    func bodyEdits() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        // The second build leaves the spare site and a state that knows how it differs from the output.
        #expect(site.build().pagesRendered == nil, "a first build is a full one")
        #expect(freshBuild(site).pagesRendered == nil)
        let picker = "Content/native/picker.md", menu = "Content/native/menu.md", button = "Content/web/button.md", link = "Content/web/link.md"
        // (file, old, new, pages the patch renders again; nil: a full build)
        let steps: [(edits: [(String, String, String)], rendered: Int?, why: String)] = [
            ([(picker, "Use a spinner.", "Use a spinner with a label.")], 1, "a sentence changed"),
            ([(picker, "Use a spinner with a label.", "Use a spinner.\n\n## Web\n\nUse `select`.")], 2,
             "a heading added: every link checked again, and the search page's platform filter gains Web"),
            ([(picker, "Use `select`.", "Use `select`, see [the button](../web/button.md#nowhere).")], 1, "a broken anchor: a warning appears"),
            ([(menu, "## iOS", "## iPadOS")], 1, "the anchor the picker links to goes: the picker's link breaks"),
            ([(menu, "## iPadOS", "## iOS"), (button, "one thing.", "one thing well.")], 2, "two files, the link heals"),
            ([(picker, "## Web\n\nUse `select`", "## Notes\n\nUse `select`")], 2, "the search page's filter loses Web"),
            ([(picker, "title: Picker", "title: Wheel picker")], 9,
             "a title: the site is linked anew, and the pages that show it rendered (the home, its section, neighbours, criteria, search)"),
            ([(button, "It meets 2.5.8", "It meets 2.5.8 and SC 1.4.3")], 11, "a criterion new to the site: its page made, search documents moved"),
            ([(picker, "A picker lets", "A wheel picker lets")], 1, "patched again"),
            ([(link, "1. Tab: focus moves to the link", "1. Tab: focus moves to the link\n2. Enter: it opens")], 1,
             "the acceptance criteria under a heading: linked anew, criteria.json and the acceptance files made again"),
            ([(link, "A link goes somewhere.", "A link goes somewhere else.")], 1, "text outside them: patched"),
        ]
        var warnings: [Int] = []
        for (number, step) in steps.enumerated() {
            for (path, old, new) in step.edits { try edit(site, path, old, new, step: number) }
            let result = site.build()
            warnings.append(result.warningCount)
            #expect(result.outcome == .success)
            #expect(result.pagesRendered == step.rendered, "step \(number): \(step.why)")
            let full = try fullBuild(site, number)
            let patched = try site.snapshot()
            #expect(patched == full.files, "step \(number): \(step.why): the site equals a full build's; differing: \(Self.differences(patched, full.files))")
            #expect(result.diagnostics == full.diagnostics, "step \(number): \(step.why): the same problems")
        }
        // The link warnings came and went with the patches, as a full build reports them.
        #expect(warnings[2] == warnings[1] + 1 && warnings[3] == warnings[2] + 1 && warnings[4] == warnings[2], "\(warnings)")
    }

    @Test("the second build after a first one into a new folder patches it in place; a full build then leaves a spare the next patch uses")
    func secondBuild() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        #expect(site.build().pagesRendered == nil, "a first build is a full one")
        let spare = site.root.appending(path: ".Output.spare")
        #expect(!FileManager.default.fileExists(atPath: spare.path), "a build into a new folder leaves no spare")
        let picker = "Content/native/picker.md", button = "Content/web/button.md"
        try edit(site, picker, "Use a spinner.", "Use a spinner with a label.", step: 0)
        let second = site.build()
        #expect(second.pagesRendered == 1, "the second build is a patch: \(second.timings.map(\.stage))")
        #expect(!FileManager.default.fileExists(atPath: spare.path), "in place, without a spare")
        var full = try fullBuild(site, 0)
        #expect(try site.snapshot() == full.files, "the site equals a full build's")
        #expect(second.diagnostics == full.diagnostics)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains(".patch-") }
        #expect(leftovers.isEmpty, "the patch's own files are gone: \(leftovers)")
        try edit(site, button, "one thing.", "one thing well.", step: 1)
        #expect(site.build().pagesRendered == 1, "and the third")
        #expect(try site.snapshot() == fullBuild(site, 1).files)
        // A section's own page added: not patched.
        try site.write(Data("---\ntitle: The web\n---\nAbout.\n".utf8), to: "Content/web/index.md")
        try site.age(by: 2998, only: ["Content/web/index.md", "Content/web"])
        #expect(site.build().pagesRendered == nil, "a section's own page added builds fully, leaving the replaced site as the spare")
        #expect(FileManager.default.fileExists(atPath: spare.path))
        try edit(site, button, "one thing well.", "one thing.", step: 3)
        #expect(site.build().pagesRendered == 1, "patched through the spare")
        full = try fullBuild(site, 3)
        #expect(try site.snapshot() == full.files)
    }

    @Test("a failed build whose problem is found once the output is open (a broken link under --strict) or a damaged state leaves no state, and the next builds whole; a new file is patched; a failed build leaves the site as it was")
    func declines() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        site.build(strict: true)
        _ = freshBuild(site, strict: true)
        _ = freshBuild(site, strict: true)
        try edit(site, "Content/native/picker.md", "Use a spinner.", "Use a spinner, well.", step: 0)
        #expect(site.build(strict: true).pagesRendered == 1, "a patch, so the next edit could be one")
        let before = try site.snapshot()
        try edit(site, "Content/native/picker.md", "Use a spinner, well.", "See [the spinner](spinner.md).", step: 1)
        let failed = site.build(strict: true)
        #expect(failed.outcome == .contentErrors && failed.pagesRendered == nil, "\(failed.printed)")
        let after = try site.snapshot()
        #expect(after == before, "the failed build left Output/ as it was; differing: \(Self.differences(after, before))")
        try edit(site, "Content/native/picker.md", "See [the spinner](spinner.md).", "Use a spinner.", step: 2)
        #expect(site.build(strict: true).pagesRendered == nil, "the failed build left no state: a full build")
        #expect(site.build(strict: true).upToDate)

        try site.write(Data("---\ntitle: Tabs\n---\nTabs.\n".utf8), to: "Content/native/tabs.md")
        try site.age(by: 100, only: ["Content/native/tabs.md"])
        let added = site.build(strict: true)
        #expect(added.pagesRendered != nil && site.exists("native/tabs/index.html"), "a file added is patched")
        #expect(try site.snapshot() == fullBuild(site, 5, strict: true).files)

        try edit(site, "Content/native/menu.md", "offers actions", "offers a few actions", step: 3)
        let cache = site.root.appending(path: ".guidesite-cache")
        // Output/'s state, not those of the full builds into folders of their own.
        let output = LastBuild.location(root: site.root, output: site.root.appending(path: "Output"))
        let pages = output.deletingPathExtension().appendingPathExtension("pages").lastPathComponent
        let whole = try Data(contentsOf: cache.appending(path: pages))
        try whole.prefix(whole.count * 2 / 3).write(to: cache.appending(path: pages))
        let rebuilt = site.build(strict: true)
        #expect(rebuilt.outcome == .success && rebuilt.pagesRendered == nil, "a cut pages file is not used")
        #expect(rebuilt.timings.contains { $0.stage.contains("not patched: no state") }, "\(rebuilt.timings.map(\.stage))")
        #expect(try site.snapshot() == fullBuild(site, 3, strict: true).files)

        try edit(site, "Content/native/menu.md", "offers a few actions", "offers actions", step: 4)
        let state = output.lastPathComponent
        var header = try Data(contentsOf: cache.appending(path: state))
        // Past the magic line and the settings hash: what follows is damaged.
        for index in stride(from: 60, to: header.count, by: 3) { header[index] = 0xff }
        try header.write(to: cache.appending(path: state))
        let again = site.build(strict: true)
        #expect(again.outcome == .success && again.pagesRendered == nil, "a damaged state is not used")
        #expect(again.timings.contains { $0.stage.contains("not patched: no state") }, "\(again.timings.map(\.stage))")
        #expect(try site.snapshot() == fullBuild(site, 4, strict: true).files)
    }

    @Test("an entry removed is patched, its page and folder gone; after an entry added by a patch and removed by a full build, the next patch leaves neither in the spare site it takes")
    func removedEntry() throws {
        let site = try builtTwice()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/web/button.md"))
        #expect(site.build().pagesRendered != nil, "a removed file is patched")
        #expect(!site.exists("web/button/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "Output/web/button").path), "its folder went too")
        try edit(site, "Content/native/picker.md", "Use a spinner.", "Use a spinner with a label.", step: 0)
        let patched = site.build()
        #expect(patched.pagesRendered == 1)
        let files = try site.snapshot(), full = try fullBuild(site, 0)
        #expect(files == full.files, "differing: \(Self.differences(files, full.files))")

        try site.write(Data("---\ntitle: Tabs\n---\nTabs.\n".utf8), to: "Content/native/tabs.md")
        try site.age(by: 100, only: ["Content/native/tabs.md", "Content/native"])
        #expect(site.build().pagesRendered != nil && site.exists("native/tabs/index.html"), "a file added is patched")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/tabs.md"))
        #expect(site.build(fresh: true).pagesRendered == nil && !site.exists("native/tabs/index.html"))
        try edit(site, "Content/native/picker.md", "Use a spinner with a label.", "Use a spinner.", step: 1)
        #expect(site.build().pagesRendered == 1)
        let again = try site.snapshot(), reference = try fullBuild(site, 1)
        #expect(again == reference.files, "differing: \(Self.differences(again, reference.files))")
    }

    @Test("a state damaged anywhere, byte by byte or cut short, is refused or read; reading it never crashes")
    func damagedStates() throws {
        let site = try builtTwice()
        defer { site.remove() }
        let cache = site.root.appending(path: ".guidesite-cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        let header = cache.appending(path: try #require(names.first { $0.hasSuffix(".state") }))
        let pages = cache.appending(path: try #require(names.first { $0.hasSuffix(".pages") }))
        let goodHeader = try Data(contentsOf: header), goodPages = try Data(contentsOf: pages)
        let settings = try goodHeader.withUnsafeBytes { raw in
            var reader = ByteReader(raw, offset: LastBuild.magic.count)
            return try reader.string()
        }
        #expect(LastBuild.read(from: header, settings: settings) != nil, "the undamaged state reads")
        var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        var refused = 0
        for round in 0..<400 {
            var damagedHeader = goodHeader, damagedPages = goodPages
            let target = round % 2 == 0
            var bytes = target ? damagedHeader : damagedPages
            if round % 5 == 4 {
                bytes = bytes.prefix(next(bytes.count))
            } else {
                for _ in 0...next(4) { bytes[next(bytes.count)] = UInt8(next(256)) }
            }
            if target { damagedHeader = bytes } else { damagedPages = bytes }
            try damagedHeader.write(to: header)
            try damagedPages.write(to: pages)
            guard let state = LastBuild.read(from: header, settings: settings) else {
                refused += 1
                continue
            }
            for index in state.site.pages.indices { _ = state.wholePage(index) }
        }
        #expect(refused > 100, "most damage is noticed (\(refused) of 400 refused)")
    }
}
