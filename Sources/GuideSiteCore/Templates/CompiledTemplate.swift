/// A theme template as swift-mustache would parse it (standalone lines, partial indentation,
/// inheritance), read by `MustacheParser` into a tree that renders without swift-mustache's
/// per-lookup costs: every `{{name}}` there splits the name, copies the context
/// and asks the runtime for up to eight protocol conformances, which made templates the largest
/// stage of a 10,000-entry build.
///
/// `TemplateRenderer` uses it only when every template of the theme converts; anything it does
/// not know (transforms, dynamic partials, lambdas, another content type) leaves the whole theme
/// to swift-mustache. Tests render the same contexts both ways and compare the bytes.
final class CompiledTemplate: Sendable {
    let nodes: [Node]

    init(nodes: [Node]) {
        self.nodes = nodes
    }

    /// Where a tag starts in its template file.
    struct Location: Sendable, Equatable {
        let line: Int
        let column: Int
    }

    /// A variable or section name, split once.
    struct Path: Sendable {
        /// `{{.}}`: the current object.
        let isCurrent: Bool
        /// `{{.name}}`: looked up in the current object only.
        let isAnchored: Bool
        let names: [String]
        /// As the template writes it.
        let name: String

        init(_ name: String) {
            self.name = name
            isCurrent = name == "."
            isAnchored = name.first == "."
            names = name.split(separator: ".").map(String.init)
        }
    }

    /// Indirect: copying a node (the renderer copies each one it renders) retains one box
    /// instead of each field of its payload.
    indirect enum Node: Sendable {
        /// Template text, as the UTF-8 bytes it writes.
        case text([UInt8])
        case variable(Path, escaped: Bool, at: Location)
        case section(Path, CompiledTemplate, inverted: Bool, at: Location)
        case blockExpansion(name: String, fallback: CompiledTemplate, indentation: String?)
        case partial(name: String, indentation: String?, overrides: [String: CompiledTemplate]?, at: Location)
        case contentType(escapes: Bool)
    }
}
