import Foundation
import Mustache

/// Renders pages through the theme's Mustache layouts. Values are HTML-escaped by Mustache's
/// `{{name}}`; the theme inserts only the rendered Markdown body with `{{{page.content}}}`.
public struct TemplateRenderer: Sendable {
    private let library: MustacheLibrary
    /// The same templates for the fast renderer; nil when one of them uses something only
    /// swift-mustache renders.
    let compiled: CompiledRenderer?
    /// Layout names the theme has.
    public let layouts: Set<String>
    /// Layouts whose template does not parse (already reported as errors).
    public var brokenLayouts: Set<String> = []

    private init(library: MustacheLibrary, compiled: CompiledRenderer?, layouts: Set<String>) {
        self.library = library
        self.compiled = compiled
        self.layouts = layouts
    }

    /// Compiles every layout and partial of `theme`, reporting templates that do not parse.
    /// `fast: false` leaves every page to swift-mustache.
    public static func compile(_ theme: Theme, fast: Bool = true) -> Diagnosed<TemplateRenderer> {
        _ = FastHTMLContentType.registered
        var library = MustacheLibrary()
        var layouts = Set<String>()
        var diagnostics: [Diagnostic] = []
        var compiled: [String: CompiledTemplate]? = fast ? [:] : nil
        var broken = Set<String>()
        for (path, data) in theme.files.sorted(by: { $0.key < $1.key }) {
            guard let name = Theme.templateName(of: path) else { continue }
            let origin = theme.origins[path] ?? path
            // Until it parses, a layout counts as broken: its error is reported once, pages
            // using it are not reported again as having an unknown layout.
            if name.hasPrefix("layouts/") { broken.insert(String(name.dropFirst("layouts/".count))) }
            guard let text = String(data: data, encoding: .utf8) else {
                diagnostics.append(Diagnostic(.error, origin, line: 1, column: 1, category: "template", "template is not valid UTF-8"))
                continue
            }
            do {
                let template = try MustacheTemplate(string: FastHTMLContentType.pragma + text)
                library.register(template, named: name)
                if compiled != nil { compiled![name] = MustacheParser.parse(FastHTMLContentType.pragma + text, lineOffset: 1) }
                if compiled?[name] == nil { compiled = nil }
                if name.hasPrefix("layouts/") {
                    layouts.insert(String(name.dropFirst("layouts/".count)))
                    broken.remove(String(name.dropFirst("layouts/".count)))
                }
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(Diagnostic(
                    .error, origin, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber, category: "template",
                    "template does not parse: \(error.error); check that every {{#section}} has a matching {{/section}}"
                ))
            } catch {
                diagnostics.append(Diagnostic(.error, origin, line: 1, column: 1, category: "template", "template does not parse: \(error)"))
            }
        }
        var renderer = TemplateRenderer(library: library, compiled: compiled.map(CompiledRenderer.init), layouts: layouts)
        renderer.brokenLayouts = broken
        return Diagnosed(renderer, diagnostics)
    }

    /// Renders `context` with the layout `name`; nil when the theme has no such layout.
    public func render(_ context: [String: Any], layout name: String) -> String? {
        if let compiled { return compiled.render(context, template: "layouts/" + name) }
        return library.render(context, withTemplate: "layouts/" + name)
    }

    /// Renders typed values (what `PageContextBuilder` makes) with the layout `name`.
    func render(_ context: ContextMap, layout name: String) -> String? {
        if let compiled { return compiled.render(.map(context), template: "layouts/" + name) }
        return library.render(context.dictionary, withTemplate: "layouts/" + name)
    }

    /// `render(_:layout:)` as UTF-8 bytes, which the fast renderer writes without making a `String`.
    func renderBytes(_ context: ContextMap, layout name: String) -> [UInt8]? {
        // Debug builds (the tests, the audit) hold every page to the documented values.
        assert(ThemeValues.violations(of: context).isEmpty, "not in ThemeValues: \(ThemeValues.violations(of: context).prefix(5))")
        if let compiled { return compiled.renderBytes(.map(context), template: "layouts/" + name) }
        return library.render(context.dictionary, withTemplate: "layouts/" + name).map { Array($0.utf8) }
    }

    /// Rendered by swift-mustache itself, whatever the theme: what the fast renderer must equal.
    func renderWithSwiftMustache(_ context: [String: Any], layout name: String) -> String? {
        library.render(context, withTemplate: "layouts/" + name)
    }
}
