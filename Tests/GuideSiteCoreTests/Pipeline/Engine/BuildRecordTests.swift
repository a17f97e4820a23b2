import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Unchanged rebuilds")
struct BuildRecordTests {
    /// Modification time and inode of every output file.
    func stamps(_ site: TestSite) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let base = site.root.appending(path: "Output").path
        let walker = try #require(FileManager.default.enumerator(atPath: base))
        for case let path as String in walker {
            var info = stat()
            #expect(stat(base + "/" + path, &info) == 0)
            result[path] = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
        }
        return result
    }

    static let files = [
        "Content/index.md": "Home",
        "Content/native/picker.md": "---\ntitle: Picker\n---\n![](missing.png)\n",
        "Content/native/menu.md": "---\ntitle: Menu\n---\nText\n",
    ]

    @Test("nothing changed: no page rebuilt, no file rewritten, the same warnings reported again")
    func unchanged() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        let first = site.build()
        #expect(first.outcome == .success && !first.upToDate)
        #expect(first.warningCount == 2)
        let before = try stamps(site)
        let second = site.build()
        #expect(second.upToDate)
        #expect(second.outcome == .success)
        #expect(second.pagesWritten == first.pagesWritten)
        #expect(second.diagnostics == first.diagnostics, "the warnings of the last build are reported again")
        #expect(try stamps(site) == before, "no file of Output/ was touched")
    }

    @Test("any change builds again: an edited, added or removed file, site.yml, a template, an option, a replaced Output/, --fresh")
    func changes() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        #expect(!site.build().upToDate)
        #expect(site.build().upToDate)

        func expectRebuild(_ what: String, _ request: BuildRequest? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try site.age(by: 1800)
            let request = request ?? BuildRequest(root: site.root)
            let result = SiteBuilder().build(request)
            #expect(!result.upToDate, "\(what) did not rebuild", sourceLocation: sourceLocation)
            #expect(result.outcome == .success, sourceLocation: sourceLocation)
            #expect(SiteBuilder().build(request).upToDate, "after \(what), the same build again did not find the site up to date",
                    sourceLocation: sourceLocation)
        }
        try site.write(Data("---\ntitle: Menu\n---\nNew text\n".utf8), to: "Content/native/menu.md")
        try expectRebuild("an edited file")
        #expect(try site.html("native/menu/index.html").contains("New text"))
        try site.write(Data("# Tab bar\n".utf8), to: "Content/native/tab-bar.md")
        try expectRebuild("an added file")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/tab-bar.md"))
        try expectRebuild("a removed file")
        #expect(!site.exists("native/tab-bar/index.html"))
        try site.write(Data("title: Renamed\n".utf8), to: "site.yml")
        try expectRebuild("site.yml")
        try site.write(Data("{{<base}}{{$main}}<h1 id=\"page-title\">{{page.title}}</h1>{{/main}}{{/base}}".utf8), to: "Templates/layouts/page.mustache")
        try expectRebuild("a template")
        try expectRebuild("another base URL", BuildRequest(root: site.root, baseURL: "/guide/"))
        try expectRebuild("the base URL of site.yml again")
        try FileManager.default.removeItem(at: site.root.appending(path: "Output"))
        try expectRebuild("a deleted Output/")
        var fresh = BuildRequest(root: site.root)
        fresh.fresh = true
        let forced = SiteBuilder().build(fresh)
        #expect(!forced.upToDate && forced.pagesWritten > 0)
    }

    @Test("a failed build forgets the record, so the next identical build fails again instead of reporting success")
    func failure() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        #expect(site.build().outcome == .success)
        try site.write(Data("---\ntitle: [broken\n---\n".utf8), to: "Content/native/menu.md")
        try site.age()
        #expect(site.build().outcome == .contentErrors)
        let again = site.build()
        #expect(again.outcome == .contentErrors)
        #expect(!again.upToDate)
    }

    @Test("a file written within the last two seconds is never trusted by its stamp")
    func recentFiles() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(!site.build().upToDate)
    }

    @Test("a damaged or cut record is no record: the next build builds, and keeps a record that reads back whole")
    func damagedRecord() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.age()
        let first = site.build()
        #expect(first.outcome == .success)
        let cache = site.root.appending(path: BuildRecord.folderName)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("build-") && $0.hasSuffix(".record") }
        let record = cache.appending(path: try #require(names.first))
        let whole = try Data(contentsOf: record)
        #expect(BuildRecord.read(from: record).map { Diagnostic.sortedForReport($0.diagnostics) } == first.diagnostics)
        for damaged in [whole.prefix(whole.count / 2), Data("{\"format\": \"guidesite-record/4\"}".utf8), whole.prefix(1) + Data(repeating: 0xff, count: 40)] {
            try damaged.write(to: record)
            #expect(BuildRecord.read(from: record) == nil)
            let again = site.build()
            #expect(again.outcome == .success && !again.upToDate)
            #expect(again.diagnostics == first.diagnostics)
            #expect(site.build().upToDate, "the record written again reads back")
        }
    }
}
