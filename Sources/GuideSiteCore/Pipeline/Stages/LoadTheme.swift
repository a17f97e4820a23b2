import Foundation

/// Loads and compiles the theme (Templates/ over the built-in one). Under a basis held in memory
/// the templates are those of the last build (a changed one means no basis), compiled then.
/// Reads: `layout.templates`, `siteConfig`, `basis`. Makes: `CompiledTheme` (`theme`), with the
/// theme's strings in each language of the site; warns of names no value has (`TemplateCheck`).
enum LoadTheme: BuildStage {
    static let name = "theme"

    static func run(_ context: inout BuildContext) {
        if let kept = context.basis?.last.memory?.theme {
            context.theme = kept
            return
        }
        let theme = Theme.load(from: context.layout.templates, layout: context.layout)
        context.diagnostics += theme.diagnostics
        for unused in theme.value.unusedPartials {
            context.diagnostics.append(Diagnostic(.warning, theme.value.origins[unused.path] ?? unused.path, line: 1, column: 1, category: "theme",
                "the built-in theme has no `\(unused.path)` and no layout or partial includes it, so it changes nothing; name it as the file it replaces"
                + " (`guidesite theme list` lists them, `guidesite theme eject PATH` copies one to start from).\(unused.closest)"))
        }
        let compiled = TemplateRenderer.compile(theme.value, fast: !context.request.swiftMustacheOnly)
        context.diagnostics += compiled.diagnostics
        let config = context.siteConfig
        let strings = ThemeStrings.load(files: theme.value.files, origins: theme.value.origins, languages: config.languages.isEmpty ? [config.language] : config.languages.map(\.code))
        context.diagnostics += strings.diagnostics
        context.diagnostics += TemplateCheck.diagnostics(theme.value, strings: Set(strings.value.values.flatMap(\.values.keys)))
        context.theme = CompiledTheme(theme: theme.value, renderer: compiled.value, strings: strings.value)
    }
}
