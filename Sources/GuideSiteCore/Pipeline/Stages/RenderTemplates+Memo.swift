import Foundation

/// Rendering through the templates with the pages an earlier build of the process wrote
/// (`BuildMemo.Written`): a build that did not start from the last one renders the pages whose
/// key at their address moved, and writes every other page's files as that build wrote them.
extension RenderTemplates {
    /// What every page of the site being built shows besides what its key reads: the theme's
    /// files but its layouts and partials (each layout's key reads those; of its style sheets
    /// and scripts, which there are), its texts, the
    /// languages, the day (support results age), and where it is written.
    static func wideKey(_ site: Site, _ inputs: Inputs) -> Int {
        var hasher = Hasher()
        let files = inputs.theme.theme.files
        for path in files.keys.sorted() where path.hasPrefix("strings/") {
            hasher.combine(path)
            hasher.combine(contentsOf: files[path])
        }
        // No page holds a style sheet's, script's or archetype's bytes, nor reads which there are
        // but for a brand style sheet, which every page links (`SiteLayout.themeFile`).
        hasher.combine(files["assets/brand.css"] != nil)
        hasher.combine(inputs.spec.strings)
        // (Which languages have each page and how its translation stands are in its key.)
        hasher.combine(site.languages?.all)
        hasher.combine(site.languages?.current)
        hasher.combine(site.languages?.defaultInFolder)
        hasher.combine(inputs.spec.variant.key)
        hasher.combine(inputs.spec.variant.subset?.noindex)
        hasher.combine(BuildDate.today)
        return hasher.finalize()
    }

    /// The pages to render, with the numbers of their list pages when not all, after writing
    /// every other file of the site's pages from the memo; nil (nothing written) when the memo
    /// has no pages of this site written with the same wide key.
    static func fromMemo(_ site: Site, memo: BuildMemo, keys: RenderPlan.Keys, lastPages: [Int: Int], _ inputs: Inputs) -> ([Int], [Int: Set<Int>])? {
        let variant = inputs.spec.variant, writer = inputs.writer
        guard let before = memo.written(variant.key), before.wide != nil, before.wide == keys.wide, before.prefix == variant.prefix else { return nil }
        let settings = site.config.pagination
        var targets: [Int] = [], numbers: [Int: Set<Int>] = [:]
        for index in written(site) {
            let page = site.pages[index]
            let count = lastPages[index] ?? 1
            var render = Set<Int>()
            if before.keys[page.route.file] != keys.keys[index] {
                if let old = before.numbered[page.route.file], let new = keys.numbered[index], old.count == new.count, old.count == count {
                    render = Set(new.indices.filter { old[$0] != new[$0] }.map { $0 + 1 })
                } else {
                    render = Set(1...count)
                }
            }
            var files = (1...count).filter { !render.contains($0) }.map { settings.route(of: page.route, number: $0).file }
            if !render.contains(1), FeatureFile.isWritten(for: page, in: site.config) { files.append(TestPlan.featurePath(of: page.route)) }
            do {
                for file in files {
                    // A file the memo lacks, or one not written: the page is rendered whole.
                    guard let data = memo.files[before.prefix + file] else { throw CocoaError(.fileNoSuchFile) }
                    try writer.write(data, to: file)
                }
            } catch {
                render = Set(1...count)
            }
            guard !render.isEmpty else { continue }
            targets.append(index)
            if render.count < count { numbers[index] = render }
        }
        return (targets, numbers)
    }
}
