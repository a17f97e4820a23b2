import Mustache

/// A theme template exactly as swift-mustache parsed it (standalone lines, partial indentation,
/// inheritance), read back once through reflection into a tree that renders without
/// swift-mustache's per-lookup costs: every `{{name}}` there splits the name, copies the context
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

    /// A variable or section name, split once.
    struct Path: Sendable {
        /// `{{.}}`: the current object.
        let isCurrent: Bool
        /// `{{.name}}`: looked up in the current object only.
        let isAnchored: Bool
        let names: [String]

        init(_ name: String) {
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
        case variable(Path, escaped: Bool)
        case section(Path, CompiledTemplate, inverted: Bool)
        case blockExpansion(name: String, fallback: CompiledTemplate, indentation: String?)
        case partial(name: String, indentation: String?, overrides: [String: CompiledTemplate]?)
        case contentType(escapes: Bool)
    }

    /// Converts a parsed template; nil when it uses something the fast renderer does not do.
    static func convert(_ template: MustacheTemplate) -> CompiledTemplate? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else {
            return nil
        }
        var nodes: [Node] = []
        nodes.reserveCapacity(tokens.count)
        for token in tokens {
            guard let node = convertToken(token) else { return nil }
            nodes.append(node)
        }
        return CompiledTemplate(nodes: nodes)
    }

    private static func convertToken(_ token: Any) -> Node? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let label = payload.label else { return nil }
        let fields = Array(Mirror(reflecting: payload.value).children).map(\.value)
        func noTransforms(_ index: Int) -> Bool {
            (fields.count > index ? fields[index] as? [String] : nil)?.isEmpty == true
        }
        switch label {
        case "text":
            return (payload.value as? String).map { Node.text(Array($0.utf8)) }
        case "variable", "unescapedVariable":
            guard fields.count == 2, let name = fields[0] as? String, noTransforms(1) else { return nil }
            return .variable(Path(name), escaped: label == "variable")
        case "section", "invertedSection":
            guard fields.count == 3, let name = fields[0] as? String, noTransforms(1),
                  let inner = fields[2] as? MustacheTemplate, let compiled = convert(inner) else { return nil }
            return .section(Path(name), compiled, inverted: label == "invertedSection")
        case "blockExpansion":
            guard fields.count == 3, let name = fields[0] as? String, let fallback = fields[1] as? MustacheTemplate,
                  let compiled = convert(fallback) else { return nil }
            return .blockExpansion(name: name, fallback: compiled, indentation: fields[2] as? String)
        case "partial":
            guard fields.count == 3, let name = fields[0] as? String else { return nil }
            var overrides: [String: CompiledTemplate]?
            if let templates = fields[2] as? [String: MustacheTemplate] {
                var converted: [String: CompiledTemplate] = [:]
                for (block, template) in templates {
                    guard let compiled = convert(template) else { return nil }
                    converted[block] = compiled
                }
                overrides = converted
            }
            return .partial(name: name, indentation: fields[1] as? String, overrides: overrides)
        case "contentType":
            switch String(describing: type(of: payload.value)) {
            case "HTMLContentType", "FastHTMLContentType": return .contentType(escapes: true)
            case "TextContentType": return .contentType(escapes: false)
            default: return nil
            }
        default:
            return nil
        }
    }
}
