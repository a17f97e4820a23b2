import Foundation
import Testing
@testable import GuideSiteCore

/// The replaced site is kept as `.Output.spare` and reused as the next build's staging folder.
@Suite("Spare output")
struct SpareOutputTests {
    static let picker = "---\ntitle: Picker\ncategories: [controls]\n---\nSpins.\n"

    static func stamp(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// (Builds of every page, `fresh`: a patch leaves no spare after a first build.)
    @Test("a reused spare gives a fresh build's bytes: removed pages gone, reverted pages right, unchanged pages the same file")
    func reuse() throws {
        let site = try TestSite([
            "Content/index.md": "Home.\n",
            "Content/native/picker.md": Self.picker,
            "Content/native/slider.md": "---\ntitle: Slider\n---\nSlides.\n",
            "Content/native/switch.md": "---\ntitle: Switch\n---\nFlips.\n",
            "Content/native/picture.png": "\u{89}PNG not really",
            "Content/about.md": "---\ntitle: About\n---\nWho we are.\n",
        ])
        defer { site.remove() }
        let spare = site.root.appending(path: ".Output.spare").path
        #expect(site.build(fresh: true).outcome == .success)
        #expect(!FileManager.default.fileExists(atPath: spare))

        try site.write(Data("---\ntitle: Picker\ncategories: [controls]\n---\nSpins faster.\n".utf8), to: "Content/native/picker.md")
        #expect(site.build(fresh: true).outcome == .success)
        #expect(FileManager.default.fileExists(atPath: spare + "/" + SiteWriter.markerName))
        // Pages and files the next build leaves as they are (no list, no neighbours).
        let unchanged = ["Output/about/index.html", "Output/native/picture.png"].map { site.root.appending(path: $0).path }
        let before = unchanged.map(Self.stamp)

        // The spare holds the first build: the picker page goes back to it, the slider's goes.
        try site.write(Data(Self.picker.utf8), to: "Content/native/picker.md")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/slider.md"))
        #expect(site.build(fresh: true).outcome == .success)
        #expect(!site.exists("native/slider/index.html"))
        #expect(try site.html("native/picker/index.html").contains("Spins."))
        #expect(unchanged.map(Self.stamp) == before)

        let fresh = site.root.appending(path: "Fresh")
        var reference = BuildRequest(root: site.root, output: fresh)
        reference.fresh = true
        let built = SiteBuilder().build(reference)
        #expect(built.outcome == .success && !built.upToDate && built.pagesRendered == nil, "the reference build ran in full")
        var expected: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: fresh.path)! {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: fresh.path + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { expected[path] = try Data(contentsOf: fresh.appending(path: path)) }
        }
        #expect(try site.snapshot() == expected)
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".Output") }
        #expect(names == [".Output.spare"])

        // A copied file with new bytes: neither the live nor the spare copy is kept.
        try site.write(Data("\u{89}PNG changed".utf8), to: "Content/native/picture.png")
        #expect(site.build(fresh: true).outcome == .success)
        #expect(try site.html("native/picture.png") == "\u{89}PNG changed")
        #expect(unchanged.map(Self.stamp)[0] == before[0])
    }

    @Test("a page's folder in the spare where a file now goes, and a file where a folder now goes")
    func pathsChangeKind() throws {
        let site = try TestSite(["Content/index.md": "Home.\n", "Content/guide.md": "---\ntitle: Guide\n---\nText.\n"])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        try site.write(Data("---\ntitle: Guide\n---\nMore text.\n".utf8), to: "Content/guide.md")
        #expect(site.build().outcome == .success)
        // The spare has the folder guide/; now `guide` is a file copied as it is.
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/guide.md"))
        try site.write(Data("plain file".utf8), to: "Content/guide")
        #expect(site.build().outcome == .success)
        #expect(try site.html("guide") == "plain file")
        // And back: the spare now has the file `guide` where the folder guide/ goes.
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/guide"))
        try site.write(Data("---\ntitle: Guide\n---\nBack.\n".utf8), to: "Content/guide.md")
        #expect(site.build().outcome == .success)
        try site.write(Data("---\ntitle: Guide\n---\nBack again.\n".utf8), to: "Content/guide.md")
        #expect(site.build().outcome == .success)
        #expect(try site.html("guide/index.html").contains("Back again."))
    }

    @Test("a full build keeps Output/subsets/ from the live site, never a stale copy from the spare, and no spare inside Output/")
    func subsets() throws {
        var files = SubsetTests.site
        files["Content/native/extra.md"] = "---\ntitle: Extra\n---\nMore.\n"
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        var subset = BuildRequest(root: site.root)
        subset.subset = "ios"
        #expect(SiteBuilder().build(subset).outcome == .success)
        #expect(site.exists("subsets/ios/native/extra/index.html"))
        #expect(site.build().outcome == .success)
        // The entry leaves the subset: only a new subset build removes its page there.
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/extra.md"))
        #expect(SiteBuilder().build(subset).outcome == .success)
        #expect(!site.exists("subsets/ios/native/extra/index.html"))
        for _ in 0..<2 {
            #expect(site.build().outcome == .success)
            #expect(site.exists("subsets/ios/index.html"))
            #expect(!site.exists("subsets/ios/native/extra/index.html"))
        }
        let inside = try FileManager.default.contentsOfDirectory(atPath: site.root.appending(path: "Output/subsets").path)
        #expect(inside == ["ios"] || inside.sorted() == [".guidesite-output", "ios"])
    }
}
