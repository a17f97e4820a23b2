import Foundation

/// Rendering through the templates with the preview's engine: every page is a query
/// (`RenderedPage`) of the values it shows (`PageContext`), so a page whose values come back the
/// same is not rendered again, whatever was edited.
extension RenderTemplates {
    /// Every page the site writes, each rendered by the engine unless what it shows is as before,
    /// and written; its settings and theme set as the engine's inputs.
    static func rendered(_ site: Site, _ inputs: Inputs, queries: RenderMarkdown.Queries, log: inout StageLog) -> Written {
        let clock = ContinuousClock(), start = clock.now
        let engine = queries.engine, key = queries.site
        var site = site
        engine.set(PageSettings(site: key), to: PageSettings.Value(
            basePath: inputs.spec.basePath, strings: inputs.spec.strings,
            brand: inputs.theme.theme.files["assets/brand.css"] != nil, noindex: inputs.spec.variant.subset?.noindex ?? false,
            today: BuildDate.today))
        engine.set(PageLanguages(site: key), to: PageLanguages.Value(languages: site.languages))
        engine.set(SiteLayouts(site: key), to: Layouts(inputs.theme.renderer, inputs.markdown.settings))
        let templates = SiteTemplates.Value(digests: inputs.theme.theme.layoutDigests, renderer: inputs.theme.renderer)
        engine.set(SiteTemplates(site: key), to: templates)
        // The site laid out as the engine lays out the pages it renders.
        let laid = engine.fetch(LaidOutPages(site: key))
        for (index, layout) in laid.layouts.enumerated() where site.pages[index].layout != layout { site.pages[index].layout = layout }
        var written = Written(site: site, diagnostics: laid.problems)
        let lastPages = lastPages(site, diagnostics: &written.diagnostics)
        let outputs = numberedPages(self.written(site), site: site, numbers: [:], last: lastPages)
        let runsBefore = engine.runs(of: RenderedPage.self), asking = clock.now
        log.parts.append(("of which laying the pages out and setting the engine's inputs", asking - start))
        let pages = engine.fetch(all: outputs.map { RenderedPage(site: key, route: site.pages[$0.0].route, number: $0.1) })
        let writing = clock.now
        log.parts.append(("of which asking the engine for every page", writing - asking))
        for ((index, _, route), rendered) in zip(outputs, pages) {
            let page = site.pages[index]
            guard let html = rendered.html else {
                written.diagnostics.append(noLayout(page))
                continue
            }
            do {
                try inputs.writer.write(html, to: route.file)
                if let feature = rendered.feature { try inputs.writer.write(feature, to: TestPlan.featurePath(of: page.route)) }
            } catch {
                let message = "could not write `\(route.file)`: \(error.localizedDescription)"
                written.diagnostics.append(Diagnostic(.error, page.sourcePath, category: "io", message))
            }
        }
        log.parts.append(("of which writing them", clock.now - writing))
        written.pagesWritten = pagesWritten(site, lastPages: lastPages)
        written.pagesRendered = engine.runs(of: RenderedPage.self) - runsBefore
        log.notes.append("memo: \(outputs.count - written.pagesRendered) pages' files taken again")
        return written
    }

    /// The render keys of the preview's last build when the engine rendered it (it keeps none),
    /// for a patch of it: made from its site and the theme it was rendered with.
    static func lastKeys(_ basis: Basis, _ inputs: Inputs) -> RenderPlan.Keys? {
        guard let theme = basis.last.memory?.theme else { return nil }
        var lastInputs = inputs
        lastInputs.theme = theme
        var keys = RenderPlan.keys(site: basis.last.site, basePath: inputs.spec.basePath, layoutKeys: theme.layoutKeys)
        keys.wide = wideKey(basis.last.site, lastInputs)
        return keys
    }
}
