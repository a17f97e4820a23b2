import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Bad input")
struct BadInputTests {
    static let valid = "---\ntitle: Fine\n---\nText\n"

    @Test("each bad file gets its own message, path and line, and fails the build with exit 1",
          arguments: [
            ("---\ntitle: [broken\n---\n", "Content/native/bad.md:2:8: error: [yaml] not valid YAML"),
            ("---\ntitle: Never closed\n\nBody\n", "Content/native/bad.md:1:1: error: [front-matter] front matter opened with `---` on line 1 is never closed"),
            ("---\n- a\n- b\n---\n", "Content/native/bad.md:2:1: error: [front-matter] front matter must be a map"),
            ("---\npermalink: ../../etc/passwd\n---\n", "Content/native/bad.md:2:1: error: [permalink] `permalink: ../../etc/passwd` climbs out of the site"),
          ])
    func badFile(text: String, expected: String) throws {
        let site = try TestSite(["Content/native/ok.md": Self.valid, "Content/native/bad.md": text])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        #expect(result.outcome.rawValue == 1)
        #expect(result.printed.contains(expected), "\(result.printed)")
        #expect(!site.exists("index.html"))
    }

    @Test("a file that is not UTF-8 is an error naming the byte's line")
    func notUTF8() throws {
        let site = try TestSite(["Content/ok.md": Self.valid])
        defer { site.remove() }
        try site.write(Data(Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8)), to: "Content/latin1.md")
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        #expect(result.printed.contains("Content/latin1.md:2:11: error: [encoding] file is not valid UTF-8 (byte 0xE9 here); re-save it as UTF-8"))
    }

    @Test("an empty file is skipped with a warning (an error under --strict)")
    func emptyFile() throws {
        let site = try TestSite(["Content/ok.md": Self.valid, "Content/empty.md": ""])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        #expect(result.printed.contains("Content/empty.md:1:1: warning: [empty-file] file is empty and was skipped"))
        #expect(!site.exists("empty/index.html"))
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("two files that map to one URL are an error naming both")
    func duplicateURL() throws {
        let site = try TestSite(["Content/native/Wheel Picker.md": Self.valid, "Content/native/wheel_picker.md": Self.valid])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        let problem = try #require(result.diagnostics.first { $0.category == "duplicate-url" })
        #expect(problem.message.contains("Content/native/Wheel Picker.md"))
        #expect(problem.message.contains("Content/native/wheel_picker.md"))
        #expect(problem.message.contains("native/wheel-picker/index.html"))
    }

    @Test("a value of a shape GuideSite does not read, under a key it knows, is a warning and stays visible; --strict fails",
          arguments: [
            ("title:\n  - one\n  - two", "Content/native/bad.md:2:1: warning: [front-matter] `title` must be text, but it is a list", "one; two"),
            ("order: soon", "Content/native/bad.md:2:1: warning: [front-matter] `order` must be a number", "soon"),
            ("wcag: {principle: Operable}", "Content/native/bad.md:2:1: warning: [front-matter] `wcag` is a map of a shape GuideSite does not read; it reads a list of criteria", "principle: Operable"),
            ("categories: {a: b}", "Content/native/bad.md:2:1: warning: [front-matter] `categories` must be a list", "a: b"),
          ])
    func unknownShape(yaml: String, expected: String, shown: String) throws {
        let site = try TestSite(["Content/native/ok.md": Self.valid, "Content/native/bad.md": "---\n\(yaml)\n---\nText.\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        #expect(result.printed.contains(expected), "\(result.printed)")
        let page = try site.html("native/bad/index.html")
        #expect(page.contains("<h2 id=\"other-details\">Other details</h2>"))
        #expect(page.contains("<dd>\(shown)</dd>"), "\(page)")
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("the build reports every problem before it exits, from every file")
    func reportsAll() throws {
        let site = try TestSite([
            "Content/a.md": "---\ntitle: [x\n---\n",
            "Content/b.md": "---\ntitle: [y\n---\n",
            "Content/c.md": "---\n- a list\n---\n",
            "site.yml": "titel: Typo\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 3)
        #expect(Set(result.diagnostics.map(\.path)) == ["Content/a.md", "Content/b.md", "Content/c.md", "site.yml"])
        #expect(result.printed.contains("site.yml:1:1: warning: [site-config] unknown key `titel` is ignored. Did you mean `title`?"))
    }

    @Test("a failed build leaves the previous Output/ byte for byte")
    func failedBuildKeepsOutput() throws {
        let site = try TestSite(["Content/index.md": Self.valid, "Content/native/a.md": Self.valid])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let before = try site.snapshot()
        try site.write(Data("---\ntitle: [x\n---\n".utf8), to: "Content/native/b.md")
        try site.write(Data("---\ntitle: Changed\n---\n".utf8), to: "Content/native/a.md")
        #expect(site.build().outcome == .contentErrors)
        #expect(try site.snapshot() == before)
        // No staging folder is left behind; the failed build's files may wait as the spare site.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".Output") }
        #expect(leftovers.allSatisfy { $0 == ".Output.spare" })
    }

    @Test("refuses to replace a non-empty folder it did not create, unless forced")
    func foreignOutput() throws {
        let site = try TestSite(["Content/index.md": Self.valid, "Output/notes.txt": "mine"])
        defer { site.remove() }
        let refused = site.build()
        #expect(refused.outcome == .usageError)
        #expect(refused.outcome.rawValue == 2)
        #expect(refused.printed.contains("--force"))
        #expect(try site.html("notes.txt") == "mine")
        let forced = SiteBuilder().build(BuildRequest(root: site.root, force: true))
        #expect(forced.outcome == .success)
        #expect(site.exists(SiteWriter.markerName))
    }

    @Test("refuses to write over the site root, Content/ or Templates/", arguments: ["", "Content", "Templates", "Content/out"])
    func sourceFolders(output: String) throws {
        let site = try TestSite(["Content/index.md": Self.valid, "Templates/partials/x.mustache": "x"])
        defer { site.remove() }
        let result = SiteBuilder().build(BuildRequest(root: site.root, output: site.root.appending(path: output), force: true))
        #expect(result.outcome == .usageError)
        #expect(FileManager.default.fileExists(atPath: site.root.appending(path: "Content/index.md").path))
    }

    @Test("a template that does not parse is an error in the template file")
    func brokenTemplate() throws {
        let site = try TestSite(["Content/index.md": Self.valid, "Templates/layouts/page.mustache": "{{#page}}\nno end"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        #expect(result.diagnostics.contains { $0.path == "Templates/layouts/page.mustache" && $0.category == "template" })
    }

    @Test("a failed build never writes through a page hard-linked from the live output (two sources, one URL)")
    func hardLinkedPagesStayUntouched() throws {
        let site = try TestSite(["Content/index.md": "Home", "Content/native/picker.md": "---\ntitle: Picker\n---\nSpins.\n"])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let output = site.root.appending(path: "Output/native/picker/index.html").path
        func stamp() -> [Int] {
            var info = stat()
            _ = stat(output, &info)
            return [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size)]
        }
        let before = try site.snapshot(), stampBefore = stamp()
        // picker.md renders the page Output/ has (linked from it); Picker.md, different bytes
        // for the same file, must never be written into that shared file.
        try site.write(Data("---\ntitle: Picker\n---\nSpins the other way.\n".utf8), to: "Content/native/Picker.md")
        for _ in 0..<10 {
            var request = BuildRequest(root: site.root)
            request.fresh = true
            #expect(SiteBuilder().build(request).outcome == .contentErrors)
            #expect(try site.snapshot() == before)
            #expect(stamp() == stampBefore)
        }
    }
}
