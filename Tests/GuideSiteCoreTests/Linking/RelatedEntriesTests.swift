import Foundation
import Testing
@testable import GuideSiteCore

/// Related entries linked again from the site linked before: the lists taken from it equal those
/// made anew, whatever moved (titles, categories, criteria, order), with categories longer than
/// the candidates a key contributes.
@Suite("Related entries")
struct RelatedEntriesTests {
    typealias Seeded = RandomEditTests.Generator

    static let categories = ["forms", "media", "text", "navigation"]
    static let criteria = ["1.3.1", "1.4.3", "2.1.1", "2.4.7", "4.1.2", "2.5.8"]

    static func entry(_ number: Int, _ random: inout Seeded) -> Page {
        // Few titles, so that ties between equal scores go to the title often.
        var page = SiteAssemblerTests.page("native/entry-\(number).md", title: "Item \(random.next(40))")
        page.frontMatter.categories = (0..<1 + random.next(2)).map { _ in categories[random.next(categories.count)] }
        page.criteria = (0..<random.next(4)).map { _ in CriterionReference(number: criteria[random.next(criteria.count)], fromFrontMatter: true, fromBody: false) }
        if random.next(3) == 0 { page.frontMatter.order = Double(random.next(50)) }
        return page
    }

    static func linked(_ pages: [Page], last: Site? = nil) -> Site {
        SiteAssembler().assemble(pages: pages, assets: [], config: SiteConfig(), strings: ThemeStrings.english, last: last)
    }

    /// One edit of the kinds a relinked site sees: a title, categories, criteria or order.
    static func edited(_ page: Page, _ random: inout Seeded) -> Page {
        var page = page
        switch random.next(4) {
        case 0: page.title = "Item \(random.next(40))"
        case 1: page.frontMatter.categories = [categories[random.next(categories.count)]]
        case 2: page.criteria = random.next(2) == 0 ? [] : [CriterionReference(number: criteria[random.next(criteria.count)], fromFrontMatter: true, fromBody: false)]
        default: page.frontMatter.order = Double(random.next(50))
        }
        return page
    }

    @Test("linked from the last site, every entry's related entries equal those made anew", arguments: [1, 2, 3, 4, 5, 6])
    func reuseEqualsAnew(seed: UInt64) {
        var random = Seeded(state: seed)
        // 700 entries: each category holds more than the 200 candidates it contributes.
        var pages = (0..<700).map { Self.entry($0, &random) }
        var last = Self.linked(pages)
        for _ in 0..<8 {
            for _ in 0..<1 + random.next(3) {
                let position = random.next(pages.count)
                pages[position] = Self.edited(pages[position], &random)
            }
            let anew = Self.linked(pages), reused = Self.linked(pages, last: last)
            #expect(anew.pages.map(\.route) == last.pages.map(\.route))
            let differing = Set(anew.related.keys).union(reused.related.keys).filter { anew.related[$0] != reused.related[$0] }
            #expect(differing.isEmpty, "seed \(seed): \(differing.count) entries differ")
            last = reused
        }
    }

    @Test("a title edit computes the entries whose candidates hold it, not every entry")
    func titleEditRecomputesFew() {
        var random = Seeded(state: 7)
        // In reading order by `order` alone, as most libraries and the benchmark's corpus are:
        // a title does not move an entry in its lists.
        var pages = (0..<700).map { number in
            var page = Self.entry(number, &random)
            page.frontMatter.order = Double(number)
            return page
        }
        let last = Self.linked(pages)
        // The last entry citing no criterion: in no list's first candidates, so no list reads its title.
        let position = pages.indices.last { pages[$0].criteria.isEmpty }!
        pages[position].title = "Renamed"
        var marked = last
        // A list left as it was is taken from `last`, even when (here, on purpose) it is wrong.
        for key in marked.related.keys { marked.related[key] = [key] }
        let reused = Self.linked(pages, last: marked)
        let differing = reused.related.keys.filter { reused.related[$0] != marked.related[$0] }
        #expect(differing.isEmpty)
        #expect(reused.related.count == marked.related.count)
    }

    @Test("pages not at the same places: every list is made anew")
    func movedPagesComputeAll() {
        var random = Seeded(state: 9)
        var pages = (0..<300).map { Self.entry($0, &random) }
        var marked = Self.linked(pages)
        for key in marked.related.keys { marked.related[key] = [key] }
        pages.append(Self.entry(300, &random))
        #expect(Self.linked(pages, last: marked).related == Self.linked(pages).related)
    }
}
