import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A file's parse is a query: read again only when what it read moved")
struct ParsedFileTests {
    /// Four entries, one naming an include and one naming an include not written yet.
    static func files() -> [String: String] {
        var files = Fixtures.site()
        files["Content/_includes/note.html"] = "Shared note 1."
        files["Content/web/with-note.md"] = "---\ntitle: With note\n---\n{% include note.html %}\n"
        files["Content/web/with-tip.md"] = "---\ntitle: With tip\n---\n{% include tip.html %}\n"
        return files
    }

    /// Parses the site's files with `memo` as the preview does; the parses that ran and the pages.
    static func parse(_ site: TestSite, _ memo: BuildMemo) -> (runs: Int, files: Int, pages: [Page]) {
        let layout = SiteLayout(root: site.root)
        let configured = Configure.run(BuildRequest(root: site.root), layout: layout).value
        let walk = Load.run(layout: configured.layout, settings: configured.settings, known: nil, last: nil).value.walk
        var log = StageLog()
        let before = memo.queries.runs(of: ParsedFile.self)
        let parsed = Parse.all(walk, settings: configured.settings, layout: configured.layout, drafts: false, memo: memo, log: &log)
        return (memo.queries.runs(of: ParsedFile.self) - before, walk.files.count { $0.kind == .markdown }, parsed.pages)
    }

    /// The test site, its files older than two seconds (their stamps trusted), parsed once into
    /// a memo; the first parse's runs and files.
    static func parsedOnce() throws -> (TestSite, BuildMemo, runs: Int, files: Int) {
        let site = try TestSite(files())
        try site.age()
        let memo = BuildMemo()
        let first = parse(site, memo)
        return (site, memo, first.runs, first.files)
    }

    @Test("a body edit, an include, an include made, a copied file, site.yml: each reads again only the files that read it")
    func readsAgain() throws {
        let (site, memo, runs, files) = try Self.parsedOnce()
        defer { site.remove() }
        let first = (runs: runs, files: files)
        let markdown = first.files
        #expect(first.runs == markdown && markdown >= 5)
        #expect(Self.parse(site, memo).runs == 0, "nothing changed")
        let steps: [(String, [String: String], Int)] = [
            ("a body edited", ["Content/web/button.md": "---\ntitle: Button\n---\nEdited.\n"], 1),
            ("the include one file names", ["Content/_includes/note.html": "Shared note 2."], 1),
            ("an include a file named before it was made", ["Content/_includes/tip.html": "A tip."], 1),
            ("an include no file names", ["Content/_includes/unused.html": "Unused."], 0),
            // What every parse reads: `include_relative` and macros read the copied files.
            ("a copied file", ["Content/web/diagram.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"], markdown),
            ("site.yml", ["site.yml": Fixtures.site()["site.yml"]! + "description: Edited.\n"], markdown),
        ]
        for (step, written, runs) in steps {
            for (path, text) in written {
                try site.write(Data(text.utf8), to: path)
                try site.age(by: 1800, only: [path])
            }
            let again = Self.parse(site, memo)
            #expect(again.runs == runs, "\(step): \(again.runs) parses")
        }
        let withNote = Self.parse(site, memo).pages.first { $0.contentPath == "web/with-note.md" }
        #expect(withNote?.markdown.contains("Shared note 2.") == true)
        let withTip = Self.parse(site, memo).pages.first { $0.contentPath == "web/with-tip.md" }
        #expect(withTip?.markdown.contains("A tip.") == true)
        let pages = Self.parse(site, memo).pages.count
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/web/with-note.md"))
        let removed = Self.parse(site, memo)
        #expect(removed.runs == 0 && removed.pages.count == pages - 1)
    }

    @Test("a file saved in the last two seconds is read again on every build (its stamp cannot tell)")
    func recent() throws {
        let (site, memo, _, _) = try Self.parsedOnce()
        defer { site.remove() }
        try site.write(Data("---\ntitle: Button\n---\nJust saved.\n".utf8), to: "Content/web/button.md")
        #expect(Self.parse(site, memo).runs == 1)
        #expect(Self.parse(site, memo).runs == 1)
        try site.age(by: 1800, only: ["Content/web/button.md"])
        #expect(Self.parse(site, memo).runs == 1)
        #expect(Self.parse(site, memo).runs == 0)
    }
}
