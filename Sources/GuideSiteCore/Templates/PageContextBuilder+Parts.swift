import Foundation

/// What every page of a site reads (`SitePart.frame`): compared whole, so it holds no entry
/// lists, no translations table and no titles but those the shared values show.
struct SiteFrame: Equatable, Encodable, Sendable {
    struct Group: Equatable, Encodable, Sendable {
        var name: String
        var title: String
        var description: String?
        var page: Int
    }

    var config: SiteConfig
    var routes: [Route]
    /// The home page's index, then the criteria, coverage, basket, categories and search pages'.
    var special: [Int?]
    var sections: [Group]
    var categories: [Group]
    var languages: [Language]
    var language: Int
    var defaultInFolder: Bool
    /// The fingerprints of the values every page shares (`SharedValues`).
    var shared: [Fingerprint?]
}

/// What a part of a site holds, as pages' values read it.
enum SitePartValue: Equatable, Encodable, Sendable {
    /// Where a page stands (`SitePart.page`).
    struct Place: Equatable, Encodable, Sendable {
        var previous: Int?
        var next: Int?
        var related: [Int]?
        var statuses: [String: TranslationTable.Status]?
        var source: Bool
    }

    case frame(SiteFrame)
    case page(Page?, place: Place?)
    case indices([Int]?)
    case count(Int?)
    case criterion(citing: [Int]?, page: Int?)
    case letters(SearchLetters)
    case texts([String])
    case rows(TranslationSlice)
}

extension PageContextBuilder {
    /// What `part` holds now: the pages that read it are the same while it is.
    func value(of part: SitePart) -> SitePartValue {
        switch part {
        case .frame:
            return .frame(frame())
        case .page(let index):
            guard whole.pages.indices.contains(index) else { return .page(nil, place: nil) }
            let sides = neighbours(of: index), table = whole.languages?.table, key = whole.pages[index].translationKey
            let place = SitePartValue.Place(previous: sides?.previous, next: sides?.next, related: whole.related[index],
                                            statuses: table?.translations[key], source: table?.sourceKeys.contains(key) ?? false)
            return .page(whole.pages[index], place: place)
        case .sectionEntries(let name):
            return .indices(whole.sections.first { $0.name == name }?.entries)
        case .sectionSize(let name):
            return .count(whole.sections.first { $0.name == name }?.entries.count)
        case .category(let slug):
            return .indices(categoryBySlug[slug]?.entries)
        case .criterion(let number):
            return .criterion(citing: whole.criterionPages[number], page: whole.criterionPage[number])
        case .list(let index):
            return .indices(listItems(of: index))
        case .searchLetters:
            return .letters(searchLetters())
        case .searchPlatforms:
            return .texts(searchPlatforms())
        case .recent(let limit):
            return .indices(recent(limit: limit))
        case .translationSlice(let index, let number):
            return .rows(translationSlice(index: index, number: number))
        }
    }

    /// A value made once for every page that shows it, from the site whole: a page that shows it
    /// reads `part`, whose value is this one, rather than what making it read.
    func derived<Value>(_ part: SitePart, make: (PageContextBuilder) -> Value) -> Value {
        reads?.read(part)
        var plain = self
        plain.reads = nil
        return shared.memo("\(part)") { make(plain) }
    }

    /// The entries before and after an entry in its section's reading order; nil for a page that
    /// is no entry or the one entry of its section.
    func neighbours(of index: Int) -> (previous: Int?, next: Int?)? {
        reads?.read(.page(index))
        guard whole.pages.indices.contains(index) else { return nil }
        let page = whole.pages[index]
        guard page.kind == .entry, let section = whole.section(of: page), let position = positions[index], section.entries.count > 1
        else { return nil }
        return (position > 0 ? section.entries[position - 1] : nil,
                position + 1 < section.entries.count ? section.entries[position + 1] : nil)
    }

    private func frame() -> SiteFrame {
        let site = whole
        let special = [site.home, site.criteriaIndex, site.coverage, site.basket, site.categoryIndex, site.search]
        let groups = site.sections.map { SiteFrame.Group(name: $0.name, title: $0.title, description: $0.description, page: $0.page) }
        let categories = site.categories.map { SiteFrame.Group(name: $0.slug, title: $0.title, description: $0.description, page: $0.page) }
        let sharedMaps = [shared.site, shared.strings] + shared.criteria.sorted { $0.key < $1.key }.map(\.value)
            + shared.entryNavigation.sorted { $0.key < $1.key }.flatMap(\.value)
        return SiteFrame(config: site.config, routes: site.pages.map(\.route), special: special, sections: groups, categories: categories,
                         languages: site.languages?.all ?? [], language: site.languages?.current ?? 0,
                         defaultInFolder: site.languages?.defaultInFolder ?? false,
                         shared: sharedMaps.map { $0.madeFingerprint ?? $0.fingerprinted().madeFingerprint })
    }
}
