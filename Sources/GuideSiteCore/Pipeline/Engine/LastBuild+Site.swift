import Foundation

/// The site's structure (sections, categories, lists) in the last build's state.
extension ByteWriter {
    mutating func listing(_ listing: (name: String, title: String, description: String?, page: Int, entries: [Int])) {
        string(listing.name)
        string(listing.title)
        optional(listing.description) { $0.string($1) }
        int(listing.page)
        ints(listing.entries)
    }

    /// Everything of a site but its pages (which are stored one by one) and what is read again
    /// anyway (settings, copied files).
    mutating func siteStructure(_ site: Site) {
        array(site.sections) { $0.listing(($1.name, $1.title, $1.description, $1.page, $1.entries)) }
        int(site.home)
        array(site.categories) { $0.listing(($1.slug, $1.title, $1.description, $1.page, $1.entries)) }
        array(site.criterionPages.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.ints(item.value)
        }
        array(site.criterionPage.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.int(item.value)
        }
        array(site.related.sorted { $0.key < $1.key }) { writer, item in
            writer.int(item.key)
            writer.ints(item.value)
        }
        for index in [site.criteriaIndex, site.coverage, site.categoryIndex, site.search, site.basket] {
            optional(index) { $0.int($1) }
        }
    }

    /// A multilingual site's table of translations: each source, and each key's translations.
    mutating func translations(_ table: TranslationTable) {
        array(table.sources) { writer, source in
            writer.string(source.key)
            writer.string(source.title)
            writer.string(source.route.path)
            writer.string(source.route.file)
        }
        array(table.translations.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.array(item.value.sorted { $0.key < $1.key }) { writer, status in
                writer.string(status.key)
                writer.string(status.value.rawValue)
            }
        }
    }
}

extension ByteReader {
    mutating func siteStructure(pages: [Page]) throws -> Site {
        func valid(_ index: Int) throws -> Int {
            guard index >= 0, index < pages.count else { throw Damaged() }
            return index
        }
        func listing(_ reader: inout ByteReader) throws -> (name: String, title: String, description: String?, page: Int, entries: [Int]) {
            (try reader.string(), try reader.string(), try reader.optional { try $0.string() }, try valid(try reader.int()), try reader.ints().map(valid))
        }
        let sections = try array(minimumSize: 3) { reader in
            let read = try listing(&reader)
            return SiteSection(name: read.name, title: read.title, description: read.description, page: read.page, entries: read.entries)
        }
        let home = try valid(try int())
        var site = Site(config: SiteConfig(), pages: pages, sections: sections, home: home, assets: [])
        site.categories = try array(minimumSize: 3) { reader in
            let read = try listing(&reader)
            return SiteCategory(slug: read.name, title: read.title, description: read.description, page: read.page, entries: read.entries)
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try reader.string(), try reader.ints().map(valid)) }) {
            site.criterionPages[key] = value
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try reader.string(), try valid(try reader.int())) }) {
            site.criterionPage[key] = value
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try valid(try reader.int()), try reader.ints().map(valid)) }) {
            site.related[key] = value
        }
        site.criteriaIndex = try optional { try valid(try $0.int()) }
        site.coverage = try optional { try valid(try $0.int()) }
        site.categoryIndex = try optional { try valid(try $0.int()) }
        site.search = try optional { try valid(try $0.int()) }
        site.basket = try optional { try valid(try $0.int()) }
        // `pageIndex` stays empty: the patch renders a few pages, whose lists make their links as
        // they go (`PageContextBuilder` without `precomputeLinks`), and looks pages up no other way.
        return site
    }

    mutating func translations() throws -> TranslationTable {
        var table = TranslationTable()
        table.sources = try array(minimumSize: 4) { reader in
            let key = try reader.string(), title = try reader.string()
            var route = Route(segments: [])
            route.path = try reader.string()
            route.file = try reader.string()
            return TranslationTable.Source(key: key, title: title, route: route)
        }
        for (key, statuses) in try array(minimumSize: 1, { reader in
            (try reader.string(), try reader.array(minimumSize: 2) { reader -> (String, TranslationTable.Status) in
                let code = try reader.string()
                guard let status = TranslationTable.Status(rawValue: try reader.string()) else { throw Damaged() }
                return (code, status)
            })
        }) {
            table.translations[key] = Dictionary(statuses, uniquingKeysWith: { first, _ in first })
        }
        return table
    }
}
