import Foundation

/// Loads and compiles the theme (Templates/ over the built-in one), with the theme's strings in
/// each language of the site; warns of names no value has (`TemplateCheck`). `fast`: the
/// compiled renderer, not swift-mustache alone.
enum LoadTheme {
    static let name = "theme"

    /// The languages whose strings `run` loads.
    static func languages(_ config: SiteConfig) -> [String] {
        config.languages.isEmpty ? [config.language] : config.languages.map(\.code)
    }

    /// `run` on another core: the theme reads none of the content, so it is loaded while the
    /// last build's state is read (what the build takes of it, `SiteBuilder.loadTheme`, holds
    /// when the content names the same languages).
    static func early(_ layout: SiteLayout, settings config: SiteConfig, fast: Bool) -> (languages: [String], theme: Pending<Diagnosed<CompiledTheme>>) {
        (languages(config), Pending { run(layout, settings: config, fast: fast) })
    }

    static func run(_ layout: SiteLayout, settings config: SiteConfig, fast: Bool) -> Diagnosed<CompiledTheme> {
        let theme = Theme.load(from: layout.templates, layout: layout)
        var diagnostics = theme.diagnostics
        for unused in theme.value.unusedPartials {
            diagnostics.append(Diagnostic(.warning, theme.value.origins[unused.path] ?? unused.path, line: 1, column: 1, category: "theme",
                "the built-in theme has no `\(unused.path)` and no layout or partial includes it, so it changes nothing; name it as the file it replaces"
                + " (`guidesite theme list` lists them, `guidesite theme eject PATH` copies one to start from).\(unused.closest)"))
        }
        let compiled = TemplateRenderer.compile(theme.value, fast: fast)
        diagnostics += compiled.diagnostics
        let strings = ThemeStrings.load(files: theme.value.files, origins: theme.value.origins, languages: languages(config))
        diagnostics += strings.diagnostics
        diagnostics += TemplateCheck.diagnostics(theme.value, strings: Set(strings.value.values.flatMap(\.values.keys)))
        var loaded = CompiledTheme(theme: theme.value, renderer: compiled.value, strings: strings.value)
        loaded.diagnostics = diagnostics
        return Diagnosed(loaded, diagnostics)
    }
}
