import Foundation

/// The theme of a run: compiled whole, or under a basis the last build's with the files that
/// moved since (in memory: read again over it, or compiled again when a layout or partial moved;
/// on disk: compiled again, its problems in place of those at its files).
extension SiteBuilder {
    func theme(_ c: inout BuildContext, basis: Basis?, _ stages: StageClock) throws {
        if let basis, basis.templatesMoved, let last = basis.last.memory?.theme {
            // Its layouts or partials changed: compiled again, its problems in place of the last ones.
            loadTheme(&c, stages)
            guard let theme = c.theme, theme.renderer.layouts == last.renderer.layouts, theme.renderer.brokenLayouts == last.renderer.brokenLayouts else {
                throw Basis.Declined("a layout came, went or broke")
            }
            c.diagnostics = Diagnostic.removing(last.diagnostics, from: c.diagnostics)
        } else if let basis, !basis.themeFiles.isEmpty, var theme = basis.last.memory?.theme {
            // Style sheets or scripts changed: read again over the last theme, its problems as they were.
            let origins = Set(basis.themeFiles.map { c.layout.displayPath(c.layout.templates.appending(path: $0)) })
            guard !theme.diagnostics.contains(where: { origins.contains($0.path) }),
                  let files = stages.time(LoadTheme.name, { _ in theme.theme.reading(basis.themeFiles, from: c.layout.templates, layout: c.layout) }) else {
                throw Basis.Declined("a file of the theme cannot be read, or could not be")
            }
            theme.theme = files
            c.theme = theme
        } else if let basis, basis.templatesMoved {
            // On disk: compiled whole, its problems in place of the last build's (all at its files).
            let folder = c.layout.displayPath(c.layout.templates) + "/"
            c.diagnostics.removeAll { $0.path.hasPrefix(folder) || $0.path.hasPrefix("(built-in theme)/") }
            loadTheme(&c, stages)
            guard let theme = c.theme, theme.renderer.brokenLayouts.isEmpty else { throw Basis.Declined("a layout broke") }
            // A patch reads each page it renders whole from the state and renders its body again;
            // a full build takes the bodies (Benchmarks/NOTES.md, session 72).
            let digests = theme.theme.layoutDigests
            for basis in c.bases {
                let moved = Set(digests.keys.filter { basis.last.layoutDigests[$0] != digests[$0] })
                guard basis.last.site.pages.count(where: { moved.contains($0.layout) }) * 2 <= basis.last.site.pages.count else {
                    throw Basis.Declined("a layout or partial of most pages changed: built whole, taking every body")
                }
            }
        } else {
            loadTheme(&c, stages, kept: basis?.last.memory?.theme)
        }
    }

    /// The theme; `kept`: the one the last build in memory compiled, which stands when its
    /// basis does and no layout or partial changed.
    private func loadTheme(_ c: inout BuildContext, _ stages: StageClock, kept: CompiledTheme? = nil) {
        let early = c.themeLoading.flatMap { $0.languages == LoadTheme.languages(c.siteConfig) ? $0.theme : nil }
        let theme = stages.time(LoadTheme.name) { _ in
            kept.map { Diagnosed($0) } ?? early?.wait() ?? LoadTheme.run(c.layout, settings: c.siteConfig, fast: !c.request.swiftMustacheOnly)
        }
        c.diagnostics += theme.diagnostics
        c.theme = theme.value
    }
}
