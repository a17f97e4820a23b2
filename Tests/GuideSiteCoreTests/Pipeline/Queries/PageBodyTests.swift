import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A body is a query of its site: rendered again only when its Markdown, its site's renderer or a link's answer moved; its page finished again only when it or its body moved")
struct PageBodyTests {
    /// Five entries and a subset of forms, in English and French (one entry translated): four
    /// sites in a run with every subset, two in the preview. Alpha links to Bravo in both.
    static func files() -> [String: String] {
        var files = [
            "site.yml": "title: Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
                + "subsets:\n  forms:\n    categories: [forms]\n",
            "Content/index.md": "---\ntitle: Home\n---\nHi.\n",
            "Content/web/alpha.md": "---\ntitle: Alpha\ncategories: [forms]\n---\nSee [bravo](bravo.md).\n",
            "Content/web/alpha.fr.md": "---\ntitle: Alpha en français\n---\nVoir [bravo](bravo.md).\n",
        ]
        for name in ["bravo", "charlie", "delta", "echo"] {
            files["Content/web/\(name).md"] = "---\ntitle: \(name.capitalized)\ncategories: [media]\n---\n## Role\n\nText of \(name).\n"
        }
        return files
    }

    /// A build in the preview that does not patch its last one: a layout no page uses is added
    /// with every edit (a template the last build did not have builds every site whole).
    /// `edited`: the files written since the last build (their stamps aged, as a save's an hour
    /// ago). What ran: each query's runs, by its type's name.
    static func build(_ site: TestSite, _ memory: BuildMemory, step: Int, edited: [String] = []) throws
        -> (result: BuildResult, runs: Ran, output: MemoryOutput) {
        let layout = "Templates/layouts/unused-\(step).mustache"
        try site.write(Data("<p>{{page.title}}</p>\n".utf8), to: layout)
        if step == 0 { try site.age() } else { try site.age(by: TimeInterval(1800 - step), only: [layout] + edited) }
        let before = memory.memoized.queries.totalRuns
        let output = MemoryOutput()
        let result = SiteBuilder().build(BuildRequest(root: site.root), into: output, memory: memory)
        let counts = memory.memoized.queries.totalRuns.merging(before.mapValues { -$0 }, uniquingKeysWith: +)
        return (result, Ran(counts: counts.filter { $0.value != 0 }), output)
    }

    /// How many times each query ran in a build.
    struct Ran: CustomStringConvertible {
        var counts: [String: Int]

        var description: String { counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }

        subscript<Q: Query>(_ query: Q.Type) -> Int { counts["\(Q.self)"] ?? 0 }
    }

    /// The same site built fresh, in memory.
    static func fresh(_ site: TestSite) -> MemoryOutput {
        var request = BuildRequest(root: site.root)
        request.fresh = true
        let output = MemoryOutput()
        _ = SiteBuilder().build(request, into: output, memory: BuildMemory())
        return output
    }

    @Test("after a body edit one parse and one body per site; an entry added renders its own bodies alone; a page moved renders again the pages linking to it; the output equals a fresh build's")
    func counts() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        let memory = BuildMemory()
        let first = try Self.build(site, memory, step: 0)
        #expect(first.result.outcome == .success && !first.result.patched, "\(first.result.printed)")
        // Seven files; in French alpha's translation and the entries not translated.
        #expect(first.runs[ParsedFile.self] == 7 && first.runs[PageBody.self] == 6 + 5, "\(first.runs)")
        let nothing = try Self.build(site, memory, step: 1)
        // Nothing but a layout changed: the pages' layouts and the layouts' digests are looked at again.
        #expect(Set(nothing.runs.counts.keys).isSubset(of: ["\(LaidOutPages.self)", "\(PageLayouts.self)", "\(LayoutRenderer.self)"]), "\(nothing.runs)")

        try site.write(Data("---\ntitle: Charlie\ncategories: [media]\n---\n## Role\n\nEdited text.\n".utf8), to: "Content/web/charlie.md")
        let edited = try Self.build(site, memory, step: 2, edited: ["Content/web/charlie.md"])
        #expect(!edited.result.patched && edited.runs[ParsedFile.self] == 1)
        // Charlie in English and, untranslated, in French.
        #expect(edited.runs[PageBody.self] == 2 && edited.runs[FinishedPage.self] == 2, "\(edited.runs)")
        #expect(Self.text(edited.output, "web/charlie/index.html").contains("Edited text."))
        #expect(BuildIncrementallyTests.differences(edited.output.files, Self.fresh(site).files).isEmpty)

        try site.write(Data("---\ntitle: New\ncategories: [media]\n---\nNew text.\n".utf8), to: "Content/web/new.md")
        let added = try Self.build(site, memory, step: 3, edited: ["Content/web/new.md"])
        #expect(added.runs[ParsedFile.self] == 1 && added.runs[PageBody.self] == 2, "\(added.runs)")
        #expect(BuildIncrementallyTests.differences(added.output.files, Self.fresh(site).files).isEmpty)

        try site.write(Data("---\ntitle: Bravo\npermalink: /web/b/\n---\nText of bravo.\n".utf8), to: "Content/web/bravo.md")
        let moved = try Self.build(site, memory, step: 4, edited: ["Content/web/bravo.md"])
        // Bravo in both languages, and alpha and its translation, whose links now lead elsewhere.
        #expect(moved.runs[ParsedFile.self] == 1 && moved.runs[PageBody.self] == 2 + 2, "\(moved.runs)")
        #expect(Self.text(moved.output, "web/alpha/index.html").contains("<a href=\"../../web/b/\">bravo</a>"))
        #expect(BuildIncrementallyTests.differences(moved.output.files, Self.fresh(site).files).isEmpty)
    }

    static func text(_ output: MemoryOutput, _ path: String) -> String {
        output.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test("with the engine verifying, every body kept equals one rendered again")
    func verified() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        let memory = BuildMemory()
        _ = try Self.build(site, memory, step: 0)
        memory.memoized.queries.verifies = true
        try site.write(Data("---\ntitle: Delta\ncategories: [media]\n---\nEdited.\n".utf8), to: "Content/web/delta.md")
        let verified = try Self.build(site, memory, step: 1, edited: ["Content/web/delta.md"])
        #expect(verified.result.outcome == .success)
        #expect(memory.memoized.queries.verificationFailures.isEmpty, "\(memory.memoized.queries.verificationFailures)")
    }
}
