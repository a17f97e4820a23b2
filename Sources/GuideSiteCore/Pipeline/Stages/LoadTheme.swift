import Foundation

/// Loads and compiles the theme (Templates/ over the built-in one). Under a basis held in memory
/// the templates are those of the last build (a changed one means no basis), compiled then.
/// Reads: `layout.templates`, `siteConfig`, `basis`. Makes: `CompiledTheme` (`theme`), with the
/// theme's strings in each language of the site.
enum LoadTheme: BuildStage {
    static let name = "theme"

    static func run(_ context: inout BuildContext) {
        if let kept = context.basis?.last.memory?.theme {
            context.theme = kept
            return
        }
        let theme = Theme.load(from: context.layout.templates, layout: context.layout)
        context.diagnostics += theme.diagnostics
        let compiled = TemplateRenderer.compile(theme.value, fast: !context.request.swiftMustacheOnly)
        context.diagnostics += compiled.diagnostics
        let config = context.siteConfig
        let strings = ThemeStrings.load(files: theme.value.files, origins: theme.value.origins, languages: config.languages.isEmpty ? [config.language] : config.languages.map(\.code))
        context.diagnostics += strings.diagnostics
        context.theme = CompiledTheme(theme: theme.value, renderer: compiled.value, strings: strings.value)
    }
}
