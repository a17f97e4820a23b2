import Foundation
import Mustache

/// Renders pages through the theme's Mustache layouts. Values are HTML-escaped by Mustache's
/// `{{name}}`; the theme inserts only the rendered Markdown body with `{{{page.content}}}`.
public struct TemplateRenderer: Sendable {
    private let library: MustacheLibrary
    /// Layout names the theme has.
    public let layouts: Set<String>

    private init(library: MustacheLibrary, layouts: Set<String>) {
        self.library = library
        self.layouts = layouts
    }

    /// Compiles every layout and partial of `theme`, reporting templates that do not parse.
    public static func compile(_ theme: Theme) -> Diagnosed<TemplateRenderer> {
        _ = FastHTMLContentType.registered
        var library = MustacheLibrary()
        var layouts = Set<String>()
        var diagnostics: [Diagnostic] = []
        for (path, data) in theme.files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            let name: String
            if path.hasPrefix("layouts/") {
                name = "layouts/" + String(path.dropFirst("layouts/".count).dropLast(".mustache".count))
            } else if path.hasPrefix("partials/") {
                name = String(path.dropFirst("partials/".count).dropLast(".mustache".count))
            } else {
                continue
            }
            let origin = theme.origins[path] ?? path
            guard let text = String(data: data, encoding: .utf8) else {
                diagnostics.append(Diagnostic(.error, origin, line: 1, column: 1, category: "template", "template is not valid UTF-8"))
                continue
            }
            do {
                library.register(try MustacheTemplate(string: FastHTMLContentType.pragma + text), named: name)
                if name.hasPrefix("layouts/") { layouts.insert(String(name.dropFirst("layouts/".count))) }
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(Diagnostic(
                    .error, origin, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber, category: "template",
                    "template does not parse: \(error.error); check that every {{#section}} has a matching {{/section}}"
                ))
            } catch {
                diagnostics.append(Diagnostic(.error, origin, line: 1, column: 1, category: "template", "template does not parse: \(error)"))
            }
        }
        return Diagnosed(TemplateRenderer(library: library, layouts: layouts), diagnostics)
    }

    /// Renders `context` with the layout `name`; nil when the theme has no such layout.
    public func render(_ context: [String: Any], layout name: String) -> String? {
        library.render(context, withTemplate: "layouts/" + name)
    }
}
