import Foundation

/// What the builds of one process derived, each value kept with what it read, so that a build
/// that does not start from the last one (a file added or removed, site.yml, the theme, an
/// include, a build after an error) takes again every value none of whose inputs changed:
/// - queries of `queries` (`Pipeline/Queries/`): a Markdown file's parse, each site's pages
///   finished with their bodies, its pages put together, its links checked;
/// - a page's output files, keyed by its `RenderPlan` key at its address and by what every page
///   shows (the theme's other files, the languages, the texts, the day) (`RenderTemplates`);
/// - a page's parts of criteria.json and the acceptance files, keyed by the page and the
///   site's settings, base path and section titles (`Link`, `SiteExports`).
/// The preview keeps one (`BuildMemory`). A value taken again is the one a fresh build makes, so
/// the output is too (the random-edit oracle compares them).
final class BuildMemo: @unchecked Sendable {
    /// One site as the last successful run left it: its pages, their render keys and export
    /// parts. Kept as made (a patch in the preview pays nothing for it) and indexed by address
    /// when a build asks (`Written`).
    struct Kept {
        var site: Site
        var keys: RenderPlan.Keys?
        var variant: Variant
        var parts: ExportParts?
    }

    /// One site's pages as last written, by output file: each page's key and its numbered pages'
    /// keys, each page with what other pages show of it and the hash of what it holds
    /// (`RenderPlan.Keys.summaries`, `contents`); the key of what every page shows; and by
    /// address, the pages the export parts were made from.
    struct Written {
        var wide: Int?
        var prefix: String
        var keys: [String: Int] = [:]
        var numbered: [String: [Int]] = [:]
        var facts: [String: Fact] = [:]
        var pages: [String: Page] = [:]
        var exportsKey: Int
        var parts: ExportParts?
    }

    struct Fact {
        var page: Page
        var summary: Int
        var content: Int
    }

    /// The process's values derived from its inputs, and what the driver set them from.
    let queries = QueryEngine()
    var parseInputs = ParseInputs()
    /// The content paths of each site's pages set as inputs last time (`SelectedPage`), by `Variant.key`.
    var selectedPaths: [String: Set<String>] = [:]
    /// By the site's `Variant.key`, and the files of the run that wrote them.
    var kept: [String: Kept] = [:]
    var files: [String: Data] = [:]
    private var indexed: [String: Written] = [:]
    private let lock = NSLock()

    /// Each page's summary and content hash as `variant`'s site last had them for the same page,
    /// others made (as `RenderPlan.keys(reusing:)` takes them); nil when none were kept.
    func facts(for site: Site, variant: Variant) -> RenderPlan.Keys? {
        guard let known = written(variant.key)?.facts, !known.isEmpty else { return nil }
        var summaries: [Int] = [], contents: [Int] = []
        summaries.reserveCapacity(site.pages.count)
        contents.reserveCapacity(site.pages.count)
        for page in site.pages {
            if let fact = known[page.route.file], fact.page == page {
                summaries.append(fact.summary)
                contents.append(fact.content)
            } else {
                summaries.append(RenderPlan.summary(page))
                contents.append(RenderPlan.content(page))
            }
        }
        return RenderPlan.Keys(keys: [], searchShown: 0, platformCounts: [], pagePlatforms: [], summaries: summaries, contents: contents)
    }

    /// What a site's export parts read besides their page.
    static func exportsKey(_ site: Site, basePath: String) -> Int {
        var hasher = Hasher()
        hasher.combine(site.config)
        hasher.combine(basePath)
        for section in site.sections {
            hasher.combine(section.name)
            hasher.combine(section.title)
        }
        return hasher.finalize()
    }

    /// The parts of the exports of `variant`'s site that stand for `site`: those of every page
    /// the same as then, when what parts read besides is too.
    func reuse(for site: Site, variant: Variant) -> ExportParts.Reuse? {
        guard let last = written(variant.key), let parts = last.parts, last.exportsKey == Self.exportsKey(site, basePath: variant.basePath) else {
            return nil
        }
        let edited = site.pages.filter { last.pages[$0.route.path] != $0 }.map(\.route.path)
        return ExportParts.Reuse(parts: parts, edited: Set(edited))
    }

    /// The pages `variant.key`'s site last wrote, indexed on first use.
    func written(_ key: String) -> Written? {
        lock.withLock {
            if let made = indexed[key] { return made }
            guard let kept = kept[key] else { return nil }
            let site = kept.site
            var made = Written(wide: kept.keys?.wide, prefix: kept.variant.prefix,
                               exportsKey: Self.exportsKey(site, basePath: kept.variant.basePath), parts: kept.parts)
            for page in site.pages { made.pages[page.route.path] = page }
            if let keys = kept.keys, keys.keys.count == site.pages.count {
                let withFacts = keys.summaries.count == site.pages.count && keys.contents.count == site.pages.count
                for (index, page) in site.pages.enumerated() {
                    made.keys[page.route.file] = keys.keys[index]
                    if let list = keys.numbered[index] { made.numbered[page.route.file] = list }
                    if withFacts { made.facts[page.route.file] = Fact(page: page, summary: keys.summaries[index], content: keys.contents[index]) }
                }
            } else {
                made.wide = nil
            }
            indexed[key] = made
            return made
        }
    }

    /// Keeps the sites of a successful run as written, for the next build's `RenderTemplates`
    /// and export parts.
    func keep(_ sites: [BuiltSite], files: [String: Data]) {
        lock.withLock {
            kept = [:]
            indexed = [:]
            for built in sites {
                guard let site = built.site else { continue }
                kept[built.variant.key] = Kept(site: site, keys: built.renderKeys, variant: built.variant, parts: built.exportParts)
            }
            self.files = kept.isEmpty ? [:] : files
        }
    }
}
