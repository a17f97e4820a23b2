import Foundation

/// The last build's site as the stages after `Link` see a site: every page whole and dated.
extension LastBuild {
    /// The linked site with its pages whole (on disk they were read without what only each
    /// shows: front matter entries, links) and dated, the run's settings, files and languages
    /// given it, and the translations as they stood; nil when a page cannot be read.
    func wholeSite(_ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?) -> Site? {
        var last = site
        (last.config, last.assets) = (spec.config, assets)
        // Decoded on every core, from the mapped pages file.
        let state = UncheckedSendable(self)
        let wholes = Array(last.pages.indices).concurrentMap { UncheckedSendable(state.value.wholePage($0)) }
        for (index, whole) in wholes.enumerated() {
            guard let page = whole.value else { return nil }
            last.pages[index] = page
        }
        last.pages = ReadHistory.dated(last.pages, history?.wait())
        last.languages = spec.languages
        last.languages?.table = translations
        return last
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
        for (site, variant) in variants.enumerated() {
            let url = location(root: root, output: output, site: site)
            guard let data = try? Data(contentsOf: url), let pages = MappedFile(path: pagesLocation(url)),
                  let prefix = outputPrefix(data), prefix.shared == shared, prefix.outputInode == inode else { return [:] }
            states[variant.key] = Kept(data: data, pages: pages, variantKey: variant.key)
        }
        return states
    }

    /// A state read but not decoded, with its pages file mapped; or one a declined patch had
    /// decoded (whose file it removed before preparing its output, leaving the live one as it was).
    struct Kept {
        private let read: (data: Data, pages: MappedFile)?
        private let state: LastBuild?
        let variantKey: String

        init(data: Data, pages: MappedFile, variantKey: String) {
            (read, state, self.variantKey) = ((data, pages), nil, variantKey)
        }

        init(_ state: LastBuild) {
            (read, self.state, variantKey) = (nil, state, state.variantKey)
        }

        func decoded() -> LastBuild? {
            if let state { return state }
            guard let read, let state = LastBuild.decode(read.data, pages: read.pages, accepting: { _, _ in true }),
                  state.variantKey == variantKey else { return nil }
            return state
        }
    }

    /// The shared settings and the output's inode a state starts with.
    private static func outputPrefix(_ data: Data) -> (shared: String, outputInode: UInt64)? {
        data.withUnsafeBytes { raw in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            guard (try? header.string()) != nil, let shared = try? header.string(), let inode = try? header.uint64() else { return nil }
            return (shared, inode)
        }
    }
}
