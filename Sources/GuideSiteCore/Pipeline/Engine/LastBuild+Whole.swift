import Foundation

/// The last build's site as the stages after `Link` see a site: every page whole and dated.
extension LastBuild {
    /// The linked site with its pages whole (on disk they were read without what only each
    /// shows: front matter entries, links) and dated, the run's settings, files and languages
    /// given it, and the translations as they stood; nil when a page cannot be read.
    func wholeSite(_ context: BuildContext) -> Site? {
        var last = site
        (last.config, last.assets) = (context.config, context.assets)
        // Decoded on every core, from the mapped pages file.
        let state = UncheckedSendable(self)
        let wholes = Array(last.pages.indices).concurrentMap { UncheckedSendable(state.value.wholePage($0)) }
        for (index, whole) in wholes.enumerated() {
            guard let page = whole.value else { return nil }
            last.pages[index] = page
        }
        last.pages = ReadHistory.dated(last.pages, context.history?.wait())
        last.languages = context.languages
        last.languages?.table = translations
        return last
    }

    /// The state of each site of the run that the live output is the output of, when what
    /// every page shows besides the pages themselves is as it was (`BuildRecord.Inputs.shared`:
    /// the settings, the theme, the day, but not which Markdown files there are), by the site's
    /// `Variant.key`; none unless every site of the run has one and no other site had.
    static func lastOutputs(_ context: BuildContext) -> [String: LastBuild] {
        guard let shared = context.inputs?.shared, let output = context.plan.variants.first?.output,
              let inode = BuildRecord.inode(of: output) else { return [:] }
        let root = context.layout.root, variants = context.plan.variants
        guard !FileManager.default.fileExists(atPath: location(root: root, output: output, site: variants.count).path) else { return [:] }
        let read = Array(variants.indices).concurrentMap { site in
            UncheckedSendable(LastBuild.read(from: location(root: root, output: output, site: site)) { _, kept in kept == shared })
        }
        var states: [String: LastBuild] = [:]
        for (variant, state) in zip(variants, read) {
            guard let state = state.value, state.variantKey == variant.key, state.outputInode == inode else { return [:] }
            states[variant.key] = state
        }
        return states
    }
}
