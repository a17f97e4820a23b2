import Foundation
import Testing
@testable import GuideSiteCore

/// Copied files of the content folder that come, go or change: each site copies them again or
/// removes them, and the pages naming one (a link, an image, `include_relative`) are read again:
/// patched on disk and in the preview, with subsets and languages; each step equals a fresh build.
@Suite("Copied files that come, go or change")
struct AssetsMovedTests {
    static func svg(_ title: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>\(title)</title></svg>\n" }

    /// Six web entries, two showing a diagram not there yet and one including a sample, a subset
    /// of forms, and English and French when `languages`.
    static func site(languages: Bool) throws -> TestSite {
        var files = ["Content/index.md": "---\ntitle: Home\n---\nHi.\n", "Content/code/sample.txt": "let first = 1\n",
                     "site.yml": "subsets:\n  forms:\n    categories: [forms]\n"
                        + (languages ? "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n" : "")]
        for number in 0..<6 {
            let shows = number < 2 ? "![The diagram](diagram.svg)\n" : number == 2 ? "{% include_relative ../code/sample.txt %}\n" : ""
            files["Content/web/entry-\(number).md"] = "---\ntitle: Entry \(number)\ncategories: [\(number % 2 == 0 ? "forms" : "media")]\n---\n"
                + "## Role\n\nText \(number).\n\(shows)"
        }
        return try TestSite(files)
    }

    /// The diagram added, replaced and removed; the sample changed; a file no page names added;
    /// in two languages French's own diagram and the shared one taking its place again.
    static func steps(languages: Bool) -> [(path: String, text: String?)] {
        var steps: [(path: String, text: String?)] = [
            ("Content/web/diagram.svg", svg("First")),
            ("Content/web/diagram.svg", svg("Second")),
            ("Content/code/sample.txt", "let second = 2\n"),
            ("Content/web/notes.txt", "Not named.\n"),
        ]
        if languages { steps += [("Content/fr/web/diagram.svg", svg("Français")), ("Content/fr/web/diagram.svg", nil)] }
        return steps + [("Content/web/diagram.svg", nil), ("Content/web/notes.txt", nil)]
    }

    static func apply(_ step: (path: String, text: String?), _ number: Int, to site: TestSite) throws {
        if let text = step.text {
            try site.write(Data(text.utf8), to: step.path)
        } else {
            try FileManager.default.removeItem(at: site.root.appending(path: step.path))
        }
        var folders: [String] = [], folder = step.path
        while folder.contains("/") {
            folder = (folder as NSString).deletingLastPathComponent
            folders.append(folder)
        }
        try site.age(by: TimeInterval(100 - number), only: ([step.path] + folders).filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
    }

    @Test("on disk, with every subset, in one language or two: each copied file that comes, goes or changes is patched in every site; each step equals a fresh build",
          arguments: [false, true])
    func onDisk(languages: Bool) throws {
        let site = try Self.site(languages: languages)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        for (number, step) in Self.steps(languages: languages).enumerated() {
            try Self.apply(step, number, to: site)
            let (result, differing, same) = try FilesMovedTests.compare(site, step: number)
            #expect(result.pagesRendered != nil, "step \(number): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(number): \(differing)")
        }
    }

    @Test("in the preview, whether the watcher names the file or every stamp is compared: each copied file that comes, goes or changes is patched; each step equals a fresh build",
          arguments: [false, true])
    func inMemory(watcher: Bool) throws {
        let site = try Self.site(languages: false)
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        func build(_ memory: BuildMemory, known: Set<String>? = nil) -> (BuildResult, [String: Data]) {
            let output = MemoryOutput()
            var request = BuildRequest(root: site.root)
            request.knownChanges = known
            return (SiteBuilder().build(request, into: output, memory: memory), output.files)
        }
        #expect(build(memory).0.outcome == .success)
        for (number, step) in Self.steps(languages: false).enumerated() {
            let existed = FileManager.default.fileExists(atPath: site.root.appending(path: step.path).path)
            try Self.apply(step, number, to: site)
            // The watcher vouches for a file changed in place; files that come or go are walked.
            let known: Set<String>? = watcher && existed && step.text != nil ? [site.root.appending(path: step.path).standardizedFileURL.path] : nil
            let (result, output) = build(memory, known: known)
            let (fresh, expected) = build(BuildMemory())
            #expect(result.pagesRendered != nil, "step \(number): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(result.diagnostics == fresh.diagnostics, "step \(number)")
            #expect(BuildIncrementallyTests.differences(output, expected).isEmpty, "step \(number): \(BuildIncrementallyTests.differences(output, expected))")
        }
    }
}
