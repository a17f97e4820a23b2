import Foundation

/// Rendering through the templates with the live output of the last build on disk: a full
/// build (an entry added or removed, a decline) renders the pages whose render key moved since
/// the live output was written, and takes every other page's files from it as they are.
extension RenderTemplates {
    /// The pages to render, with the numbers of their list pages when not all, after taking
    /// every other page's files from the live output; nil (nothing taken) when no last build of
    /// this site stands for the live output with the same settings (`LastBuild.lastOutputs`).
    static func fromLastOutput(_ site: Site, state: LastBuild.Kept, lastPages: [Int: Int], _ inputs: Inputs, log: inout StageLog) -> ([Int], [Int: Set<Int>])? {
        // (Without a body's identity no page's key can be the last one's.)
        guard site.pages.contains(where: { $0.body.identity != nil }),
              let last = state.wholeSite(inputs.spec, assets: site.assets, history: inputs.history) else { return nil }
        let layoutKeys = inputs.theme.layoutKeys, output = inputs.writer
        // Both sites keyed in this process: what a key reads of a body is its identity, which
        // the state keeps (`RenderedBody.identity`).
        let basePath = inputs.spec.basePath
        // (Its pages keyed by the layouts that rendered them: those whose file or partials moved since, another key.)
        let lastLayouts = state.decoded()?.layoutKeys(layoutKeys, digests: inputs.theme.theme.layoutDigests) ?? layoutKeys
        let keys = [(last, lastLayouts), (site, layoutKeys)].concurrentMap { RenderPlan.keys(site: $0.0, basePath: basePath, layoutKeys: $0.1) }
        let settings = site.config.pagination
        let chosen = changedByAddress(site, keys: keys[1], last: last, keys: keys[0], lastPages: lastPages).map { changed in
            let page = site.pages[changed.index]
            var files = (1...changed.count).filter { !changed.render.contains($0) }.map { settings.route(of: page.route, number: $0).file }
            if !changed.render.contains(1), FeatureFile.isWritten(for: page, in: site.config) { files.append(TestPlan.featurePath(of: page.route)) }
            return (index: changed.index, count: changed.count, render: changed.render, files: files)
        }
        // Taking a file costs two system calls or more (20,000 files at 10,000 entries): on
        // every core. A file the live output lacks: the page is rendered whole.
        let missed = chosen.concurrentMap { !$0.files.isEmpty && !output.keepLive($0.files).isEmpty }
        var targets: [Int] = [], numbers: [Int: Set<Int>] = [:], taken = 0
        for (page, missed) in zip(chosen, missed) {
            let render = missed ? Set(1...page.count) : page.render
            guard !render.isEmpty else {
                taken += 1
                continue
            }
            targets.append(page.index)
            if render.count < page.count { numbers[page.index] = render }
        }
        log.notes.append("output: \(taken) pages' files taken from the live output")
        return (targets, numbers)
    }

    /// Each page `site` writes, how many numbered pages it takes, and those whose key moved
    /// since `last` (keyed `before`) wrote the page at its address: none, some of a list's, or
    /// all (a page at an address `last` had not).
    static func changedByAddress(_ site: Site, keys after: RenderPlan.Keys, last: Site, keys before: RenderPlan.Keys,
                                 lastPages: [Int: Int]) -> [(index: Int, count: Int, render: Set<Int>)] {
        var was: [String: (key: Int, numbered: [Int]?)] = [:]
        for (index, page) in last.pages.enumerated() where before.keys.indices.contains(index) {
            was[page.route.file] = (before.keys[index], before.numbered[index])
        }
        return written(site).map { index in
            let count = lastPages[index] ?? 1
            guard let old = was[site.pages[index].route.file] else { return (index, count, Set(1...count)) }
            if old.key == after.keys[index] { return (index, count, []) }
            if let numbered = old.numbered, let new = after.numbered[index], numbered.count == new.count, numbered.count == count {
                return (index, count, Set(new.indices.filter { numbered[$0] != new[$0] }.map { $0 + 1 }))
            }
            return (index, count, Set(1...count))
        }
    }
}

/// Pages compared by address under a patch in memory (`RenderTemplates`, pages came or went).
extension RenderTemplates {
    /// The pages of `chosen` to render, with the numbers of their lists' pages when not all.
    static func byAddress(_ chosen: [(index: Int, count: Int, render: Set<Int>)]) -> ([Int], [Int: Set<Int>]) {
        var numbers: [Int: Set<Int>] = [:]
        for page in chosen where page.render.count < page.count { numbers[page.index] = page.render }
        return (chosen.filter { !$0.render.isEmpty }.map(\.index), numbers)
    }

    /// What `last` (the keys of `lastSite`) knew of each page of `site` by itself (its summary
    /// and content hash), placed at its position: the same page's at the same address. `changed`:
    /// the pages to make them for (edited, added, or not the same). Nil without them.
    static func placedFacts(_ last: RenderPlan.Keys, site: Site, edits: EditSummary, lastSite: Site) -> (facts: RenderPlan.Keys, changed: [Int])? {
        guard last.summaries.count == lastSite.pages.count, last.contents.count == lastSite.pages.count else { return nil }
        let edited = Set(edits.positions + edits.added)
        var facts = last, changed: [Int] = []
        // (The platforms each page names are at the last site's places: made again.)
        facts.pagePlatforms = []
        facts.summaries = Array(repeating: 0, count: site.pages.count)
        facts.contents = facts.summaries
        for index in site.pages.indices {
            guard !edited.contains(index), let before = edits.lastIndex(of: index), site.pages[index] == lastSite.pages[before] else {
                changed.append(index)
                continue
            }
            (facts.summaries[index], facts.contents[index]) = (last.summaries[before], last.contents[before])
        }
        return (facts, changed)
    }
}
