import Foundation

/// Loads and compiles the theme (Templates/ over the built-in one).
/// Reads: `layout.templates`. Writes: `theme`, `renderer`.
enum LoadTheme: BuildStage {
    static let name = "theme"

    static func run(_ context: inout BuildContext) {
        // Loaded already by a patch of the last build that was then not made.
        guard context.renderer == nil else { return }
        let theme = Theme.load(from: context.layout.templates, layout: context.layout)
        context.diagnostics += theme.diagnostics
        let compiled = TemplateRenderer.compile(theme.value, fast: !context.request.swiftMustacheOnly)
        context.diagnostics += compiled.diagnostics
        context.theme = theme.value
        context.renderer = compiled.value
    }
}
