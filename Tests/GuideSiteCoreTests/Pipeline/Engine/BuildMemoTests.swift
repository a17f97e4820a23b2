import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Builds in memory that take values again from the memo")
struct BuildMemoTests {
    /// The test site, with a theme whose entry layout shows its section's count, and a second
    /// entry with an include, a file included from beside it, and a link to an entry not written yet.
    static func files() -> [String: String] {
        var files = Fixtures.site()
        files["Templates/layouts/entry.mustache"] = "{{<base}}{{$main}}\n<h1>{{page.title}}</h1>\n<p>{{#section}}{{countText}}{{/section}}</p>\n{{{page.content}}}\n{{/main}}{{/base}}\n"
        files["Content/_includes/note.html"] = "Shared note 1."
        // A section page without a title: it takes site.yml's.
        files["Content/native/index.md"] = "About the native apps.\n"
        files["Content/web/snippet.txt"] = "Beside the page 1."
        files["Content/web/link.md"] = "---\ntitle: Link\n---\n{% include note.html %}\n\n{% include_relative snippet.txt %}\n\nSee [the new entry](new-entry.md).\n\n```swift\nlet answer = 42 // highlighted\n```\n"
        return files
    }

    /// site.yml with the native section renamed.
    static let renamed = Fixtures.site()["site.yml"]!.replacingOccurrences(of: "title: Native apps", with: "title: Apps")

    func build(_ site: TestSite, memory: BuildMemory) -> (BuildResult, [String: Data]) {
        let output = MemoryOutput()
        let result = SiteBuilder().build(BuildRequest(root: site.root), into: output, memory: memory)
        return (result, output.files)
    }

    /// The memo's note of `stage` in the timings: how many values it took again.
    func taken(_ result: BuildResult, _ what: String) -> Int? {
        result.timings.lazy.compactMap { note -> Int? in
            guard note.stage.hasPrefix("memo: "), note.stage.contains(what) else { return nil }
            return Int(note.stage.dropFirst("memo: ".count).prefix { $0.isNumber })
        }.first
    }

    /// The test site, its files older than two seconds (their stamps trusted), built once into
    /// a memory kept for the next builds.
    func builtOnce() throws -> (TestSite, BuildMemory) {
        let site = try TestSite(Self.files())
        try site.age()
        let memory = BuildMemory()
        memory.memoized.queries.verifies = true
        let (first, _) = build(site, memory: memory)
        #expect(first.outcome == .success, "\(first.printed)")
        return (site, memory)
    }

    @Test("an added entry at an address of its own, a removed one, a template, an include and site.yml build from the memo and equal a fresh build")
    func edits() throws {
        let (site, memory) = try builtOnce()
        defer { site.remove() }
        let edits: [(String, () throws -> Void)] = [
            // (At an address of its own, which a patch does not place: one at its file's is patched, `FilesMovedTests`.)
            ("an added entry", { try site.write(Data("---\ntitle: New entry\ncategories: [novel]\npermalink: /elsewhere/\n---\nNew.\n".utf8), to: "Content/web/new-entry.md") }),
            ("an edited entry", {
                // Older than two seconds, so that its stamp is trusted and kept.
                try site.write(Data("---\ntitle: Button\norder: 1\n---\nUse `<button>` always.\n".utf8), to: "Content/web/button.md")
                try site.age(only: ["Content/web/button.md"])
            }),
            ("a removed entry", { try FileManager.default.removeItem(at: site.root.appending(path: "Content/web/new-entry.md")) }),
            ("the entry layout", {
                try site.write(Data("{{<base}}{{$main}}\n<h1>{{page.title}}!</h1>\n{{{page.content}}}\n{{/main}}{{/base}}\n".utf8), to: "Templates/layouts/entry.mustache")
            }),
            ("the include", {
                try site.write(Data("Shared note 2.".utf8), to: "Content/_includes/note.html")
                try site.age(by: 1800, only: ["Content/_includes/note.html"])
            }),
            ("a file included beside the page", {
                // Trusted (older than two seconds): its stamp is what tells the parse to be made again.
                try site.write(Data("Beside the page 2.".utf8), to: "Content/web/snippet.txt")
                try site.age(by: 1800, only: ["Content/web/snippet.txt"])
            }),
            ("site.yml", {
                try site.write(Data((Fixtures.site()["site.yml"]! + "description: Edited.\n").utf8), to: "site.yml")
            }),
            // What bodies read of site.yml: a section's title (a page without one takes it), code
            // highlighting.
            ("site.yml, a section's title", {
                try site.write(Data((Self.renamed + "description: Edited.\n").utf8), to: "site.yml")
            }),
            ("site.yml, highlighting", {
                try site.write(Data((Self.renamed + "description: Edited.\nmarkdown: {highlight: false}\n").utf8), to: "site.yml")
            }),
        ]
        for (step, edit) in edits {
            try edit()
            let (rebuilt, files) = build(site, memory: memory)
            let (fresh, freshFiles) = build(site, memory: BuildMemory())
            #expect(rebuilt.outcome == .success, "\(step): \(rebuilt.printed)")
            let differences = BuildIncrementallyTests.differences(files, freshFiles)
            #expect(differences.isEmpty, "\(step): \(differences)")
            #expect(rebuilt.diagnostics == fresh.diagnostics, "\(step)")
            #expect(memory.memoized.queries.verificationFailures.isEmpty, "\(step): \(memory.memoized.queries.verificationFailures)")
            if step == "an added entry" {
                // The other files' parses and bodies are taken again, and the pages that show
                // nothing of the edit (the stepper's page shows its own section's count only).
                #expect((taken(rebuilt, "parses") ?? 0) >= 5, "\(step): \(rebuilt.timings.map(\.stage))")
                #expect((taken(rebuilt, "bodies") ?? 0) >= 4, "\(step): \(rebuilt.timings.map(\.stage))")
                #expect((taken(rebuilt, "pages' files") ?? 0) >= 3, "\(step): \(rebuilt.timings.map(\.stage))")
            }
        }
        let button = String(decoding: try #require(build(site, memory: memory).1["web/button/index.html"]), as: UTF8.self)
        #expect(button.contains("Use <code>&lt;button&gt;</code> always."))
    }

    @Test("an entry added to a section changes the count its other entries show, when the layout shows it")
    func sectionCount() throws {
        let (site, memory) = try builtOnce()
        defer { site.remove() }
        try site.write(Data("---\ntitle: New entry\n---\nNew.\n".utf8), to: "Content/web/new-entry.md")
        let (_, files) = build(site, memory: memory)
        let button = String(decoding: try #require(files["web/button/index.html"]), as: UTF8.self)
        #expect(button.contains("3 entries"), "\(button)")
        // The link to the new entry now resolves: the linking entry's body was rendered again.
        let link = String(decoding: try #require(files["web/link/index.html"]), as: UTF8.self)
        #expect(link.contains("href=\"../../web/new-entry/\"") && link.contains("Shared note 1."), "\(link)")
    }
}
