import Foundation
import Testing
@testable import GuideSiteCore

/// `guidesite build --all-subsets` of a site with subsets, languages or both: every site of the
/// run keeps its state in `.guidesite-cache/`, and the next build patches each.
@Suite("Incremental builds of every site of a run, on disk")
struct SitesOnDiskTests {
    typealias Generator = RandomEditTests.Generator

    /// `build --all-subsets` into Output/, or afresh into `folder` (the reference).
    static func build(_ site: TestSite, into folder: String? = nil, inPlaceUpTo: Int = 256) -> BuildResult {
        var request = BuildRequest(root: site.root, output: folder.map { site.root.appending(path: $0).standardizedFileURL })
        request.allSubsets = true
        request.fresh = folder != nil
        request.patchesInPlaceUpTo = inPlaceUpTo
        return SiteBuilder().build(request)
    }

    /// The build of every site after an edit, a fresh build into `folder` (below the root, or
    /// `../…` beside it), and the files of each; the fresh one removed after.
    static func patchedAndFresh(_ site: TestSite, freshInto folder: String = "Output-full") throws
        -> (result: BuildResult, fresh: BuildResult, ours: [String: Data], theirs: [String: Data]) {
        let result = build(site), fresh = build(site, into: folder)
        let ours = try site.snapshot(), theirs = try site.snapshot(of: folder)
        try FileManager.default.removeItem(at: site.root.appending(path: folder).standardizedFileURL)
        return (result, fresh, ours, theirs)
    }

    /// Seed 1: two subsets; 2: English and French; 3: both (six sites).
    @Test("after every random edit, and a copied file that comes, changes and goes, each site of the run equals a fresh build's, and body edits patch them all", arguments: [1, 2, 3])
    func randomEdits(seed: UInt64) throws {
        var random = Generator(state: seed)
        let subsets = seed != 2, languages = seed != 1
        var files: [String: String] = ["Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        // Lists in pages of three: every site writes numbered pages, which title edits reorder.
        var yml = "url: https://a11y.example.org/guide/\npagination: {size: 3}\n"
        if subsets { yml += "subsets:\n  forms:\n    categories: [forms]\n  native:\n    sections: [native]\n    levels: [A]\n" }
        if languages { yml += "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n" }
        files["site.yml"] = yml
        for number in 0..<8 {
            // No broken front matter in the first build: it succeeds and leaves its states.
            var text = RandomEditTests.entry(number, &random)
            while text.contains("broken:") || text.contains("draft:") { text = RandomEditTests.entry(number, &random) }
            // The subset's category is the site's.
            if number == 1, !text.contains("forms") { text = text.replacingOccurrences(of: "categories: [", with: "categories: [forms, ") }
            files["Content/\(number % 2 == 0 ? "native" : "web")/entry-\(number).md"] = text
        }
        if languages { files["Content/native/entry-0.fr.md"] = RandomEditTests.translation(&random) }
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        func build(into folder: String? = nil) -> BuildResult { Self.build(site, into: folder) }
        let first = build()
        #expect(first.outcome == .success, "\(first.diagnostics.filter { $0.severity == .error })")
        #expect(build().upToDate, "nothing changed")
        var patched = 0, bodyEdits = 0, titlesPatched = 0
        var titleEdits: [Int] = []
        var history: [String] = []
        var bodiesTaken = 0
        /// Builds from the last build and afresh into another folder, and compares files and
        /// problems; false when they differ.
        func compare(step: Int, path: String) -> Bool {
            let result = build()
            if result.pagesRendered != nil { patched += 1 }
            if result.pagesRendered != nil, titleEdits.last == step { titlesPatched += 1 }
            // A build that does not start from the last one takes the bodies whose inputs are the same.
            bodiesTaken += result.timings.compactMap { Self.taken($0.0) }.reduce(0, +)
            let reference = build(into: "Output-full-\(step)")
            #expect(reference.pagesRendered == nil && !reference.upToDate)
            #expect(reference.timings.compactMap { Self.taken($0.0) }.reduce(0, +) == 0, "the reference takes no body")
            #expect(result.outcome == reference.outcome, "seed \(seed), step \(step)")
            // A failed build (front matter that does not parse) leaves the last output as it was.
            let ours = (try? site.snapshot()) ?? [:], theirs = (try? site.snapshot(of: "Output-full-\(step)")) ?? [:]
            let differing = reference.outcome == .success ? BuildIncrementallyTests.differences(ours, theirs) : []
            #expect(differing.isEmpty, "seed \(seed), step \(step): \(differing) \(differing.prefix(2).map { (ours[$0].map { String(decoding: $0.prefix(300), as: UTF8.self) } ?? "nil") + " / " + (theirs[$0].map { String(decoding: $0.prefix(300), as: UTF8.self) } ?? "nil") })")
            #expect(result.diagnostics == reference.diagnostics,
                    "seed \(seed), step \(step): only ours \(Set(result.diagnostics).subtracting(reference.diagnostics)), only theirs \(Set(reference.diagnostics).subtracting(result.diagnostics)), patched: \(result.pagesRendered != nil)")
            try? FileManager.default.removeItem(at: site.root.appending(path: "Output-full-\(step)"))
            if !differing.isEmpty || result.diagnostics != reference.diagnostics {
                Issue.record("seed \(seed): the builds before: \(history)")
                return false
            }
            history.append("\(step): \(path) \(result.pagesRendered.map { "patched \($0)" } ?? "full")")
            return true
        }
        for step in 0..<20 {
            // At four steps, without a draw (each seed keeps its edits): an entry added, a theme's
            // entry layout showing its section's count, site.yml, and the entry removed.
            if step % 5 == 4 {
                let added = "Content/web/entry-added.md"
                switch step {
                case 4: try site.write(Data("---\ntitle: Added\ncategories: [forms]\n---\n## Role\n\nSee [entry 1](entry-1.md).\n".utf8), to: added)
                case 9: try site.write(Data(RandomEditTests.countingLayout.utf8), to: "Templates/layouts/entry.mustache")
                case 14:
                    let settings = try String(contentsOf: site.root.appending(path: "site.yml"), encoding: .utf8)
                    try site.write(Data((settings + "description: Edited at step \(step).\n").utf8), to: "site.yml")
                default: try FileManager.default.removeItem(at: site.root.appending(path: added))
                }
                let changed = [4: added, 9: "Templates/layouts/entry.mustache", 14: "site.yml"][step]
                if let changed { try site.age(by: TimeInterval(3000 - step), only: [changed, (changed as NSString).deletingLastPathComponent]) }
                guard compare(step: step, path: changed ?? added) else { return }
            }
            // At three more, a copied file the bodies may show (`RandomEditTests.body`) comes,
            // changes and goes.
            if [6, 11, 16].contains(step) {
                let diagram = "Content/web/diagram.svg"
                if step == 16 {
                    try FileManager.default.removeItem(at: site.root.appending(path: diagram))
                } else {
                    try site.write(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>\(step)</title></svg>".utf8), to: diagram)
                }
                try site.age(by: TimeInterval(3000 - step), only: [diagram, "Content/web"].filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
                guard compare(step: step, path: diagram) else { return }
                #expect(history.last?.contains("patched") == true, "seed \(seed), step \(step): \(history.last ?? "")")
            }
            let number = random.next(8)
            let path = "Content/\(number % 2 == 0 ? "native" : "web")/entry-\(number).md"
            let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
            let roll = random.next(8)
            if roll < 2 {
                // Only the title: lists on other pages change; every site links anew.
                let renamed = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix("title:") ? "title: Renamed \(random.next(100))" : String($0) }.joined(separator: "\n")
                try site.write(Data(renamed.utf8), to: path)
                titleEdits.append(step)
            } else if roll < 6 {
                let frontMatter = text.components(separatedBy: "\n---\n")[0] + "\n---\n"
                try site.write(Data((frontMatter + RandomEditTests.body(&random)).utf8), to: path)
                bodyEdits += 1
            } else {
                // Front matter that parses: a failed build leaves no state to patch.
                var text = RandomEditTests.entry(number, &random)
                while text.contains("broken:") { text = RandomEditTests.entry(number, &random) }
                try site.write(Data(text.utf8), to: path)
            }
            try site.age(by: TimeInterval(3000 - step), only: [path])
            guard compare(step: step, path: path) else { return }
        }
        // Edits of the translated entry 0 and criteria new to the site build every site.
        #expect(patched >= 4, "seed \(seed): \(patched) of \(bodyEdits) body edits patched every site")
        #expect(titlesPatched >= 2, "seed \(seed): \(titlesPatched) of \(titleEdits.count) title edits linked every site anew")
        #expect(bodiesTaken > 0, "seed \(seed): no full build took a body")
    }

    /// How many bodies a `--timings` note says were taken again.
    static func taken(_ note: String) -> Int? {
        guard note.hasPrefix("memo: "), note.hasSuffix(" bodies taken again") else { return nil }
        return Int(note.dropFirst(6).prefix { $0.isNumber })
    }

    /// A site with a subset of the forms category and `count` web entries, a third of them forms.
    static func entries(_ count: Int) -> [String: String] {
        var files = ["site.yml": "subsets:\n  forms:\n    categories: [forms]\n", "Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        for number in 0..<count {
            files["Content/web/entry-\(number).md"] = "---\ntitle: Entry \(number)\ncategories: [\(number % 3 == 0 ? "forms" : "media")]\n---\n## Role\n\nText \(number).\n"
        }
        return files
    }

    @Test("a branch switch: 20 of 100 entries edited at once after a first build (more than are patched in place: a new site of the live files linked), then 60, patch every site, and so does one edit after them (the pages file written again without the records they replaced); each equals a fresh build")
    func manyEdits() throws {
        let site = try TestSite(Self.entries(100))
        defer { site.remove() }
        try site.age()
        func build(into folder: String? = nil) -> BuildResult { Self.build(site, into: folder, inPlaceUpTo: 10) }
        #expect(build().outcome == .success && build().upToDate)
        // A page no edit touches: the same file after every patch.
        let untouched = site.root.appending(path: "Output/web/entry-3/index.html").path
        let inode = BuildRecord.inode(of: URL(fileURLWithPath: untouched))
        for (step, count) in [20, 60, 1].enumerated() {
            let paths = (0..<count).map { "Content/web/entry-\(($0 * 7 + step) % 100).md" }
            for path in paths {
                let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
                try site.write(Data((text + "More text, step \(step).\n").utf8), to: path)
            }
            try site.age(by: TimeInterval(3000 - step), only: paths)
            let result = build()
            #expect(result.pagesRendered != nil, "\(count) edits: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(inode != nil && BuildRecord.inode(of: URL(fileURLWithPath: untouched)) == inode)
            // Put in place whole: the replaced site is the spare.
            #expect(FileManager.default.fileExists(atPath: site.root.appending(path: ".Output.spare").path))
            let reference = build(into: "Output-full-\(step)")
            let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full-\(step)"))
            #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(count) edits: \(differing)")
        }
    }

    /// What a `--timings` note says `RenderTemplates` took from the live output.
    static func pagesTaken(_ result: BuildResult) -> Int {
        result.timings.compactMap { note -> Int? in
            guard note.stage.hasPrefix("output: ") else { return nil }
            return Int(note.stage.dropFirst(8).prefix { $0.isNumber })
        }.reduce(0, +)
    }

    /// What the `--timings` notes say the exports took again, summed over the sites.
    static func partsTaken(_ result: BuildResult) -> Int {
        result.timings.compactMap { note -> Int? in
            guard note.stage.hasPrefix("exports: "), note.stage.hasSuffix(" pages' parts taken again") else { return nil }
            return Int(note.stage.dropFirst(9).prefix { $0.isNumber })
        }.reduce(0, +)
    }

    @Test("an entry added that another links to, then removed: every site is patched, the linking page read and rendered again with the pages listing the entry, the other export parts taken, and equals a fresh build")
    func addedAndRemoved() throws {
        var files = Self.entries(12)
        // In a section and a category of its own: only its link tells it the new entry came.
        files["Content/native/linking.md"] = "---\ntitle: Linking\ncategories: [forms, other]\n---\n## Role\n\nSee [the new one](../web/new.md).\n"
        files["Content/native/alone.md"] = "---\ntitle: Alone\ncategories: [other]\n---\n## Role\n\nAlone.\n"
        // In the forms subset, its link to a media entry is text: its body there is not the full site's.
        files["Content/native/pointing.md"] = "---\ntitle: Pointing\ncategories: [forms]\n---\n## Role\n\nSee [one](../web/entry-1.md).\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        func build(into folder: String? = nil) -> BuildResult { Self.build(site, into: folder) }
        #expect(build().outcome == .success && build().upToDate)
        for step in 0..<2 {
            if step == 0 {
                try site.write(Data("---\ntitle: New\ncategories: [forms]\n---\n## Role\n\nNew.\n".utf8), to: "Content/web/new.md")
                try site.age(by: 100, only: ["Content/web/new.md", "Content/web"])
            } else {
                try FileManager.default.removeItem(at: site.root.appending(path: "Content/web/new.md"))
            }
            let result = build()
            #expect(result.pagesRendered != nil, "step \(step): a file added or removed is patched: \(result.timings.map(\.stage))")
            // The entry's page, its neighbours', the lists showing it and the linking page, in three sites.
            #expect(Self.pagesChosen(result) < 40, "step \(step): \(Self.pagesChosen(result)) pages rendered")
            #expect(Self.partsTaken(result) >= 14, "step \(step): the export parts of the pages that did not change come from the live output: \(result.timings.map(\.stage))")
            let linking = try String(contentsOf: site.root.appending(path: "Output/native/linking/index.html"), encoding: .utf8)
            #expect(linking.contains("href=\"../../web/new/\"") == (step == 0), "step \(step): the link answers otherwise, so the page is rendered again")
            let reference = build(into: "Output-full-\(step)")
            let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full-\(step)"))
            #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "step \(step): \(differing)")
        }
    }

    @Test("an edit that brings an entry into a subset with its section's own page declines the patch in the subset's site, after the full site's; the build of every site that follows still takes the pages whose key did not move from the live output (in the full site, all but those showing the edited entry or the categories), and equals a fresh build")
    func declined() throws {
        var files = Self.entries(12)
        files["Content/native/_index.md"] = "---\ntitle: Native\n---\nOn phones.\n"
        files["Content/native/picker.md"] = "---\ntitle: Picker\ncategories: [media]\n---\n## Role\n\nText.\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        #expect(Self.build(site).outcome == .success && Self.build(site).upToDate)
        try site.write(Data("---\ntitle: Picker\ncategories: [media, forms]\n---\n## Role\n\nText.\n".utf8), to: "Content/native/picker.md")
        try site.age(by: 100, only: ["Content/native/picker.md"])
        let result = Self.build(site)
        #expect(result.pagesRendered == nil)
        #expect(result.timings.contains { $0.stage.hasPrefix("patch: not patched: an entry that came into a subset brings a section with a file of its own into it") },
                "\(result.timings.map(\.stage))")
        // The stages before the engine's question ran once; the content, once for the patch and
        // once whole, named as the run's (not as the site the patch stopped in).
        let stages = result.timings.map(\.stage)
        #expect(stages.count { $0 == "load" } == 1 && stages.count { $0 == "parse" } == 2, "\(stages)")
        #expect(Self.pagesTaken(result) >= 8, "\(result.timings.map(\.stage))")
        // The full site's: a category on the picker renders again only the pages that show it or the picker.
        let fullSite = result.timings.first { $0.stage.hasPrefix("output: ") }.flatMap { Int($0.stage.dropFirst(8).prefix(while: \.isNumber)) } ?? 0
        #expect(fullSite >= 80, "\(result.timings.map(\.stage).filter { $0.hasPrefix("output") })")
        let reference = Self.build(site, into: "Output-full")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full"))
        #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")
    }
}

extension SitesOnDiskTests {
    /// How many pages the `--timings` notes say were rendered, summed over the sites.
    static func pagesChosen(_ result: BuildResult) -> Int {
        result.timings.compactMap { note -> Int? in
            guard let open = note.stage.range(of: "of which choosing the pages to render ("), note.stage.hasSuffix(")") else { return nil }
            return Int(note.stage[open.upperBound...].dropLast())
        }.reduce(0, +)
    }

    @Test("a body edited by a patch is kept and keys its page as a build of every page would: the build after it that does not patch (an entry added at an address of its own) renders as many bodies and pages as after a build of every page, in every site, and equals a fresh build")
    func patchedThenAdded() throws {
        let edited = "---\ntitle: Entry 3\ncategories: [forms]\n---\n## Role\n\nText 3, edited.\n"
        var chosen: [Int] = [], bodies: [Int] = []
        // The edit patched, then the entry added; and the edit there from the first build.
        for patched in [true, false] {
            var files = Self.entries(12)
            if !patched { files["Content/web/entry-3.md"] = edited }
            let site = try TestSite(files)
            defer { site.remove() }
            try site.age()
            #expect(Self.build(site).outcome == .success && Self.build(site).upToDate)
            if patched {
                // Entry 3 is in the forms subset too.
                try site.write(Data(edited.utf8), to: "Content/web/entry-3.md")
                try site.age(by: 100, only: ["Content/web/entry-3.md"])
                #expect(Self.build(site).pagesRendered != nil, "the body edit is patched")
            }
            // At an address of its own, which a patch does not place: not patched.
            try site.write(Data("---\ntitle: New\ncategories: [media]\npermalink: /elsewhere/\n---\n## Role\n\nNew.\n".utf8), to: "Content/web/new.md")
            try site.age(by: 50, only: ["Content/web/new.md", "Content/web"])
            let result = Self.build(site)
            #expect(result.outcome == .success && result.pagesRendered == nil, "a file added at an address of its own builds every page")
            chosen.append(Self.pagesChosen(result))
            bodies.append(result.timings.compactMap { Self.taken($0.stage) }.reduce(0, +))
            let reference = Self.build(site, into: "Output-full")
            let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full"))
            #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")
        }
        #expect(chosen.count == 2 && chosen[0] == chosen[1] && chosen[0] < 30, "pages rendered after the patch and after a whole build: \(chosen)")
        // The patch kept its bodies (in a file of their own) for that build.
        #expect(bodies.count == 2 && bodies[0] == bodies[1] && bodies[0] >= 12, "bodies taken after the patch and after a whole build: \(bodies)")
    }
}
