import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Search index in pieces")
struct SearchShardsTests {
    static let tables = SearchShards.Tables(sections: [["native", "Native apps"], ["web", "Web"]], categories: [["pickers", "Pickers"]],
                                            platforms: ["iOS", "Web"], criteria: [["2.4.7", "Focus Visible", "AA"]])

    static func document(_ title: String, text: String, section: Int = 0, categories: [Int] = [], criteria: [Int] = []) -> SearchDocument {
        SearchDocument(title: title, href: Slug.make(title) + "/", section: section, categories: categories, platforms: [section],
                       criteria: criteria, headings: "", description: "", text: text, keywords: "")
    }

    static let documents = [
        document("Button", text: "A native button element.", section: 1, criteria: [0]),
        document("Carousel", text: "Slides rotate; a pause button stops them.", section: 1),
        document("Date field", text: "Opens a picker when activated.", criteria: [0]),
        document("Wheel picker", text: "Spins through values.", categories: [0]),
    ]

    func files(_ documents: [SearchDocument]) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: SearchShards.files(documents: documents, tables: Self.tables).map { ($0.path, $0.data) })
    }

    @Test("a file per word start, per four documents and per filter, and the meta file listing the keys")
    func pieces() throws {
        let made = files(Self.documents)
        #expect(made["search/t/wbut.js"] != nil && made["search/t/w2.4.js"] != nil && made["search/d/0.js"] != nil)
        #expect(made.keys.filter { $0.hasPrefix("search/f/") }.sorted() == ["search/f/c0.js", "search/f/p0.js", "search/f/p1.js", "search/f/s0.js", "search/f/s1.js"])
        let meta = try #require(SearchShards.value(of: made["search/meta.js"]!, name: "meta") as? [String: Any])
        #expect(meta["count"] as? Int == 4)
        let keys = Set((meta["keys"] as? String ?? "").split(separator: " ").map(String.init))
        #expect(keys == Set(made.keys.filter { $0.hasPrefix("search/t/") }.map { String($0.dropFirst(10).dropLast(3)) }))
        let button = try #require(SearchShards.value(of: made["search/t/wbut.js"]!, name: "t/wbut") as? [String: [Any]])
        let postings = try #require(SearchPostings.decode(button["button"]![1]))
        // The title's word outranks the same word in another entry's text.
        #expect(postings.map(\.document) == [0, 1] && postings[0].level > postings[1].level)
        let sections = try #require(SearchShards.value(of: made["search/f/s1.js"]!, name: "f/s1") as? String)
        #expect(SearchPostings.decode([1, sections])?.map(\.document) == [0, 1])
    }

    @Test("the words of documents taken in runs (as at 100,000 entries) give the same pieces as all at once")
    func runs() {
        let whole = files(Self.documents)
        for run in [1, 3] {
            let made = SearchShards.files(documents: Self.documents, tables: Self.tables, run: run)
            #expect(Dictionary(uniqueKeysWithValues: made.map { ($0.path, $0.data) }) == whole, "run of \(run)")
        }
    }

    @Test("patching the pieces of edited documents gives the bytes of a whole new index")
    func patchEqualsWhole() throws {
        let edits: [(Int, SearchDocument)] = [
            (2, Self.document("Date field", text: "Opens a calendar when activated.", criteria: [0])),
            (3, Self.document("Wheel picker", text: "Spins through values; zebra quokka.", section: 1)),
            (0, Self.document("Button", text: "A native button element, never a div.", section: 1)),
            // "rotate" was the only word beginning "rot": its file goes, and meta.js says so.
            (1, Self.document("Carousel", text: "Slides turn; a pause button stops them.", section: 1)),
        ]
        var documents = Self.documents
        for (number, edited) in edits {
            var last = files(documents)
            let old = documents[number]
            documents[number] = edited
            let before = documents
            let patch = try SearchShards.patch(old: [number: old], new: [number: edited], count: documents.count, tables: Self.tables,
                                               document: { before[$0] }, read: { last[$0] })
            for piece in patch.files { last[piece.path] = piece.data }
            for path in patch.removed { last[path] = nil }
            #expect(last == files(documents), "after editing document \(number)")
        }
    }
}

extension SearchShardsTests {
    @Test("no term file takes a name Windows keeps for a device (con, aux, nul, prn)")
    func windowsNames() {
        let documents = [Self.document("Console", text: "Contrast, auxiliary, null and print.")]
        let names = files(documents).keys.filter { $0.hasPrefix("search/t/") }.map { String($0.dropFirst(9).dropLast(3)).lowercased() }
        #expect(names.contains("wcon") && names.contains("waux"))
        #expect(!names.contains { ["con", "aux", "nul", "prn"].contains($0) })
    }
}

extension SearchShardsTests {
    /// The last build's pieces with a patch's changes made.
    static func applied(_ patch: SearchShards.Changes, to last: [String: Data]) -> [String: Data] {
        var patched = last
        for piece in patch.files { patched[piece.path] = piece.data }
        for path in patch.removed { patched[path] = nil }
        return patched
    }

    /// The patch of `Self.documents`' pieces after document `number` (`old` before) became
    /// `now[number]`: whether the pieces it makes equal a whole new index's, the paths it read
    /// back and those it writes.
    func patched(_ number: Int, from old: SearchDocument, to now: [SearchDocument], renumber: [Int]? = nil,
                 limit: Int = SearchShards.movedTermsUpTo) throws -> (equalsWhole: Bool, read: Set<String>, written: Set<String>) {
        let last = files(Self.documents)
        var read = Set<String>()
        let patch = try SearchShards.patch(old: [number: old], new: [number: now[number]], renumber: renumber, count: now.count, tables: Self.tables,
                                           document: { now[$0] }, read: { read.insert($0); return last[$0] }, movedTermsUpTo: limit)
        return (Self.applied(patch, to: last) == files(now), read, Set(patch.files.map(\.path)))
    }

    @Test("a title edit numbers the documents anew: the pieces, patched, equal a whole new index's")
    func renumbered() throws {
        let last = files(Self.documents)
        // "Button" becomes "Zoom button": it moves from first to last, the others up by one.
        var renamed = Self.documents[0]
        renamed.title = "Zoom button"
        let now = Array(Self.documents.dropFirst()) + [renamed]
        let patch = try SearchShards.patch(old: [3: Self.documents[0]], new: [3: renamed], renumber: [3, 0, 1, 2], count: 4, tables: Self.tables,
                                           document: { now[$0] }, read: { last[$0] })
        #expect(Self.applied(patch, to: last) == files(now))
        #expect(patch.files.contains { $0.path == "search/t/wzoo.js" } && patch.files.contains { $0.path == "search/meta.js" })
    }
}

extension SearchShardsTests {
    @Test("a title edit that moves a document one place reads back only the term files of the two documents that moved (any number moved: every file), and the pieces equal a whole new index's")
    func movedOnePlace() throws {
        // "Carousel" becomes "Dial": it moves past "Date field", which moves up one.
        var renamed = Self.documents[1]
        renamed.title = "Dial"
        for limit in [SearchShards.movedTermsUpTo, 0] {
            let (equalsWhole, read, _) = try patched(2, from: Self.documents[1], to: [Self.documents[0], Self.documents[2], renamed, Self.documents[3]],
                                                     renumber: [0, 2, 1, 3], limit: limit)
            #expect(equalsWhole, "limit \(limit)")
            // "spins" is the wheel picker's alone, "native" the button's: neither moved.
            #expect(read.contains("search/t/wspi.js") == (limit == 0) && read.contains("search/t/wnat.js") == (limit == 0), "limit \(limit)")
            #expect(read.contains("search/t/wope.js") && read.contains("search/t/wdia.js"), "the moved documents' words")
        }
    }
}

extension SearchShardsTests {
    @Test("an edit that keeps a document's number reads and writes only the term files of the words whose level changed, and the pieces equal a whole new index's")
    func levelsChanged() throws {
        // "picker" leaves the date field's text (the wheel picker keeps it), "calendar" comes.
        var edited = Self.documents[2]
        edited.text = "Opens a calendar when activated."
        let (equalsWhole, read, written) = try patched(2, from: Self.documents[2], to: [Self.documents[0], Self.documents[1], edited, Self.documents[3]])
        #expect(equalsWhole)
        #expect(read.contains("search/t/wcal.js") && read.contains("search/t/wpic.js"))
        // "opens" and "activated" are where they were, at the same level.
        #expect(!read.contains("search/t/wope.js") && !read.contains("search/t/wact.js"), "\(read.sorted())")
        #expect(!written.contains("search/t/wope.js"))
    }
}
