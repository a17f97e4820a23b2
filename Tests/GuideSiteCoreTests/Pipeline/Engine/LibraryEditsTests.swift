import Foundation
import Testing
@testable import GuideSiteCore

/// The random-edit oracles build sites of GuideSite's own shape; the libraries of
/// `Tests/fixtures/` are written the way Jekyll, Eleventy and Hugo users write them (layouts of
/// their own, collections, includes, `lang:`, kramdown attributes). Edits as their authors make
/// them, each built on disk after the last and compared with a fresh build, byte for byte and
/// problem for problem: a patch that treats a library's page otherwise than a full build shows.
@Suite("Edits of the fixture libraries, patched on disk")
struct LibraryEditsTests {
    static let libraries = ["jekyll-library", "headings-library", "developer-notes", "translated-library", "eleventy-library",
                            "hugo-library", "criteria-ja-library", "jekyll-kramdown-library"]

    /// The library's Markdown files (not its build's), sorted.
    static func markdownFiles(of site: TestSite) -> [String] {
        let walker = FileManager.default.enumerator(atPath: site.root.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            let first = path.split(separator: "/").first.map(String.init) ?? path
            guard path.hasSuffix(".md"), !first.hasPrefix("."), !first.hasPrefix("Output"), first != "README.md" else { continue }
            found.append(path)
        }
        return found.sorted()
    }

    static let steps = 12

    /// An include file of the library, if it has one.
    static func includeFile(of site: TestSite) -> String? {
        let walker = FileManager.default.enumerator(atPath: site.root.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.split(separator: "/").contains("_includes"), !path.hasSuffix("/"), path.contains(".") { found.append(path) }
        }
        return found.sorted().first
    }

    /// Each edit: a sentence appended to a file's body or its `title:` changed (steps 0-5), a
    /// page added beside the first file (6) and removed (7), an include's text changed (8), a draft
    /// set (9) and unset (10), a file renamed (11).
    static func edit(_ step: Int, files: [String], in site: TestSite) throws -> String {
        let added = ((files[0] as NSString).deletingLastPathComponent as NSString).appendingPathComponent("zz-added-page.md")
        if step == 6 {
            try site.write(Data("---\ntitle: An added page\n---\nAdded by the test.\n".utf8), to: added)
            return added
        }
        if step == 7 {
            try FileManager.default.removeItem(at: site.root.appending(path: added))
            return added
        }
        if step == 8, let include = includeFile(of: site) {
            let text = try String(contentsOf: site.root.appending(path: include), encoding: .utf8)
            try site.write(Data((text + "\n<!-- edited by the test -->\n").utf8), to: include)
            return include
        }
        // A draft set and unset in a file with front matter; a file renamed.
        let matter = files.first { (try? String(contentsOf: site.root.appending(path: $0), encoding: .utf8))?.hasPrefix("---\n") ?? false }
        if step == 9 || step == 10, let matter {
            var text = try String(contentsOf: site.root.appending(path: matter), encoding: .utf8)
            text = step == 9 ? "---\ndraft: true\n" + text.dropFirst(4) : text.replacingOccurrences(of: "---\ndraft: true\n", with: "---\n")
            try site.write(Data(text.utf8), to: matter)
            return matter
        }
        if step == 11 {
            let from = files[files.count / 2], to = (from as NSString).deletingPathExtension + "-renamed.md"
            try FileManager.default.moveItem(at: site.root.appending(path: from), to: site.root.appending(path: to))
            return to
        }
        let path = files[(step * 7) % files.count]
        var text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
        if step % 3 == 1, let range = text.range(of: "\ntitle: ") {
            // Inside the quotes of a quoted title.
            var end = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
            if end > range.upperBound, ["\"", "'"].contains(text[text.index(before: end)]) { end = text.index(before: end) }
            text.replaceSubrange(end..<end, with: " \(step)")
        } else {
            text += "\n\nAn edit, step \(step).\n"
        }
        try site.write(Data(text.utf8), to: path)
        return path
    }

    @Test("each library: bodies and titles edited one file at a time, a page added and removed, an include edited, a draft set and unset, a file renamed, every site of the run equals a fresh build's", arguments: libraries)
    func edits(library: String) throws {
        let site = try LibraryFixtureTests.copy(library)
        defer { site.remove() }
        try site.age()
        let first = SitesOnDiskTests.build(site)
        #expect(first.outcome != .usageError, "\(first.printed)")
        let files = Self.markdownFiles(of: site)
        try #require(!files.isEmpty)
        var patched = 0
        for step in 0..<Self.steps {
            let path = try Self.edit(step, files: files, in: site)
            if step != 7 { try site.age(by: TimeInterval(100 - step), only: [path]) }
            if step == 11 { try site.age(by: 80, only: [(path as NSString).deletingLastPathComponent]) }
            // Beside the library, not in it: a library's content is often its root.
            let (result, fresh, ours, theirs) = try SitesOnDiskTests.patchedAndFresh(site, freshInto: "../" + site.root.lastPathComponent + "-fresh")
            if result.pagesRendered != nil { patched += 1 }
            #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "\(library), step \(step) (\(path)): \(BuildIncrementallyTests.differences(ours, theirs))")
            #expect(result.diagnostics == fresh.diagnostics, "\(library), step \(step) (\(path)): \(result.diagnostics) against \(fresh.diagnostics)")
        }
        // The oracle is worth something only if the edits were patched, not built whole.
        #expect(patched >= 5, "\(library): \(patched) of \(Self.steps) edits patched")
    }

    @Test("each library in the preview: the same edits, reported by the watcher, patched; each build equals a fresh one", arguments: libraries)
    func editsInMemory(library: String) throws {
        let site = try LibraryFixtureTests.copy(library)
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        let builds = BuildMemoryTests()
        let (first, _) = builds.memoryBuild(site, memory: memory)
        #expect(first.outcome != .usageError, "\(first.printed)")
        let files = Self.markdownFiles(of: site)
        var patched = 0
        for step in 0..<Self.steps {
            let path = try Self.edit(step, files: files, in: site)
            // The watcher names files modified in place; a file made or removed it reports as
            // nothing known (`FileWatcher`), and the build compares stamps.
            let made = step == 6 || step == 7 || step == 11
            if step == 6 || step == 11 { try site.age(by: TimeInterval(60 - step), only: [path]) }
            let (result, ours) = builds.memoryBuild(site, memory: memory, changed: made ? nil : [path])
            let (fresh, theirs) = builds.memoryBuild(site, memory: BuildMemory())
            if result.pagesRendered != nil { patched += 1 }
            #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "\(library), step \(step) (\(path)): \(BuildIncrementallyTests.differences(ours, theirs))")
            #expect(result.diagnostics == fresh.diagnostics, "\(library), step \(step) (\(path)): \(result.diagnostics) against \(fresh.diagnostics)")
        }
        #expect(patched >= 5, "\(library): \(patched) of \(Self.steps) edits patched")
    }
}
