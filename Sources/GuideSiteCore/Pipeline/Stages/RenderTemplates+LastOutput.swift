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
        let keys = [last, site].concurrentMap { RenderPlan.keys(site: $0, basePath: basePath, layoutKeys: layoutKeys) }
        var before: [String: (key: Int, numbered: [Int]?)] = [:]
        for (index, page) in last.pages.enumerated() where keys[0].keys.indices.contains(index) {
            before[page.route.file] = (keys[0].keys[index], keys[0].numbered[index])
        }
        let after = keys[1], settings = site.config.pagination
        var chosen: [(index: Int, count: Int, render: Set<Int>, files: [String])] = []
        for index in written(site) {
            let page = site.pages[index]
            let count = lastPages[index] ?? 1
            var render = Set<Int>()
            if let was = before[page.route.file], was.key == after.keys[index] {
                render = []
            } else if let was = before[page.route.file], let old = was.numbered, let new = after.numbered[index], old.count == new.count, old.count == count {
                render = Set(new.indices.filter { old[$0] != new[$0] }.map { $0 + 1 })
            } else {
                render = Set(1...count)
            }
            var files = (1...count).filter { !render.contains($0) }.map { settings.route(of: page.route, number: $0).file }
            if !render.contains(1), FeatureFile.isWritten(for: page, in: site.config) { files.append(TestPlan.featurePath(of: page.route)) }
            chosen.append((index, count, render, files))
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
}
