import Foundation

/// The last build's site as the stages after `Link` see a site: every page whole and dated.
extension LastBuild {
    /// The linked site with its pages whole (on disk they were read without what only each
    /// shows: front matter entries, links) and dated, the run's settings, files and languages
    /// given it, and the translations as they stood; nil when a page cannot be read.
    func wholeSite(_ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?) -> Site? {
        // Decoded on every core, from the mapped pages file.
        let state = UncheckedSendable(self)
        let wholes = Array(site.pages.indices).concurrentMap { UncheckedSendable(state.value.wholePage($0)) }
        var pages: [(position: Int, page: Page)] = []
        pages.reserveCapacity(wholes.count)
        for (index, whole) in wholes.enumerated() {
            guard let page = whole.value else { return nil }
            pages.append((index, page))
        }
        return datedSite(spec, assets: assets, history: history, whole: pages)
    }

    /// The linked site as read (each page without what only it shows: `wholePage`), dated, with
    /// the run's settings, files and languages and the translations as they stood; the pages at
    /// `whole` (by position) in their place. Linking, keying and the exports read of other pages
    /// only what such a page holds; a page rendered is made whole first (`RenderTemplates`).
    func datedSite(_ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?, whole: [(position: Int, page: Page)]) -> Site {
        var last = site
        (last.config, last.assets) = (spec.config, assets)
        for (position, page) in whole { last.pages[position] = page }
        last.pages = ReadHistory.dated(last.pages, history?.wait())
        last.languages = spec.languages
        last.languages?.table = translations
        return last
    }

    /// The pages at `positions` of `site` (made with `datedSite`, none of them edited) whole and
    /// dated as the state holds them, but GuideSite's own (made whole by linking); false when
    /// one cannot be read. `lastIndex`: where each is in the state (files added or removed).
    func makeWhole(_ positions: [Int], in site: inout Site, history: HistoryRead?, lastIndex: (Int) -> Int? = { $0 }) -> Bool {
        let read = positions.filter { !site.pages[$0].contentPath.isEmpty }
        var wholes: [Page] = []
        for position in read {
            guard let page = lastIndex(position).flatMap(wholePage) else { return false }
            wholes.append(page)
        }
        for (position, page) in zip(read, ReadHistory.dated(wholes, history?.wait())) { site.pages[position] = page }
        return true
    }

    /// The state of each site of the run that the live output is the output of, when what
    /// every page shows besides the pages themselves is as it was (`BuildRecord.Inputs.shared`:
    /// the settings, the theme, the day, but not which Markdown files there are), by the site's
    /// `Variant.key`; none unless every site of the run has one and no other site had. Read now
    /// (the build removes them before it writes) and decoded when its site is rendered.
    static func lastOutputs(_ context: BuildContext) -> [String: Kept] {
        // Bodies that wait in a scratch file are not kept, so no page has the identity a key
        // would compare (and the last site made whole would cost a gigabyte at 100,000 entries).
        let markdownBytes = context.inputs?.markdownStamps.reduce(0) { $0 + Int($1?.size ?? 0) } ?? 0
        guard markdownBytes <= context.request.bodiesInMemoryUpTo, let shared = context.inputs?.shared,
              let output = context.plan.variants.first?.output, let inode = BuildRecord.inode(of: output) else { return [:] }
        let root = context.layout.root, variants = context.plan.variants
        guard !FileManager.default.fileExists(atPath: location(root: root, output: output, site: variants.count).path) else { return [:] }
        var states: [String: Kept] = [:]
        var first: Kept?
        for (site, variant) in variants.enumerated() {
            let url = location(root: root, output: output, site: site)
            guard let data = try? Data(contentsOf: url), let pages = MappedFile(path: pagesLocation(url)),
                  let prefix = outputPrefix(data), prefix.shared == shared, prefix.outputInode == inode else { return [:] }
            let kept = Kept(data: data, pages: pages, variantKey: variant.key, first: first)
            states[variant.key] = kept
            first = first ?? kept
        }
        return states
    }

    /// A state read but not decoded, with its pages file mapped; or one a declined patch had
    /// decoded (whose file it removed before preparing its output, leaving the live one as it was).
    /// Decoded and made whole once, for the exports' thread and the template stage alike.
    struct Kept: @unchecked Sendable {
        private let read: (data: Data, pages: MappedFile)?
        private let state: LastBuild?
        /// The first site's, which holds what every site of the run shares (`LastBuild+Run`).
        private let first: (() -> LastBuild?)?
        let variantKey: String
        private let whole = Whole()

        private final class Whole: @unchecked Sendable {
            let stateLock = NSLock(), siteLock = NSLock()
            var state: LastBuild??
            var made: Site??
        }

        init(data: Data, pages: MappedFile, variantKey: String, first: Kept?) {
            (read, state, self.variantKey, self.first) = ((data, pages), nil, variantKey, first.map { first in { first.decoded() } })
        }

        init(_ state: LastBuild) {
            (read, self.state, variantKey, first) = (nil, state, state.variantKey, nil)
        }

        /// The state, decoded by the first to ask.
        func decoded() -> LastBuild? {
            if let state { return state }
            return whole.stateLock.withLock {
                if let known = whole.state { return known }
                var made: LastBuild?
                if let read, let state = LastBuild.decode(read.data, pages: read.pages, accepting: { _, _ in true }), state.variantKey == variantKey {
                    made = state.holdsRun ? state : first?().flatMap(state.sharing)
                }
                whole.state = .some(made)
                return made
            }
        }

        /// `LastBuild.wholeSite` of the state, made by the first to ask (the arguments are the
        /// site's, the same for every caller).
        func wholeSite(_ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?) -> Site? {
            let state = decoded()
            return whole.siteLock.withLock {
                if let made = whole.made { return made }
                let made = state?.wholeSite(spec, assets: assets, history: history)
                whole.made = .some(made)
                return made
            }
        }

        /// The parts of the exports in the live output (at `output`, the site's under `prefix`)
        /// that stand for `site`: those of every page the same as the last build's, when what the
        /// parts read besides their page is the same too (`BuildMemo.exportsKey`).
        func exportReuse(for site: Site, _ spec: SiteSpec, history: HistoryRead?, output: URL, prefix: String) -> ExportParts.Reuse? {
            guard site.pages.contains(where: { $0.body.identity != nil }), let layout = decoded()?.exports,
                  let last = wholeSite(spec, assets: site.assets, history: history),
                  BuildMemo.exportsKey(last, basePath: spec.basePath) == BuildMemo.exportsKey(site, basePath: spec.basePath),
                  let parts = layout.parts(reading: { FileBytes.read(path: output.appending(path: prefix + $0).path) }) else { return nil }
            var before: [String: Page] = [:]
            before.reserveCapacity(last.pages.count)
            for page in last.pages { before[page.route.path] = page }
            let edited = site.pages.filter { page in before[page.route.path].map { !page.same(asKept: $0) } ?? true }.map(\.route.path)
            return ExportParts.Reuse(parts: parts, edited: Set(edited))
        }
    }

    /// The shared settings and the output's inode a state starts with.
    private static func outputPrefix(_ data: Data) -> (shared: String, outputInode: UInt64)? {
        data.withUnsafeBytes { raw in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            guard (try? header.string()) != nil, let shared = try? header.string(), (try? header.uint64()) != nil, (try? header.bool()) != nil,
                  let inode = try? header.uint64() else { return nil }
            return (shared, inode)
        }
    }
}
