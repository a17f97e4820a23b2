/// A theme template as swift-mustache would parse it (standalone lines, partial indentation,
/// inheritance), read by `MustacheParser` into a tree that renders without swift-mustache's
/// per-lookup costs: every `{{name}}` there splits the name, copies the context
/// and asks the runtime for up to eight protocol conformances, which made templates the largest
/// stage of a 10,000-entry build.
///
/// `TemplateRenderer` uses it only when every template of the theme converts; anything it does
/// not know (transforms, dynamic partials, lambdas, another content type) leaves the whole theme
/// to swift-mustache. Tests render the same contexts both ways and compare the bytes.
final class CompiledTemplate: @unchecked Sendable {
    let nodes: [Node]
    /// The nodes as the renderer walks them (`Step`), and what the steps point into: its
    /// text's bytes and the paths, held here for the template's life.
    let steps: UnsafeBufferPointer<Step>
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let paths: [PathRef]

    init(nodes: [Node]) {
        self.nodes = nodes
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: nodes.reduce(0) { total, node in
            if case .text(let text) = node { total + text.count } else { total }
        })
        var used = 0, paths: [PathRef] = []
        let steps = UnsafeMutableBufferPointer<Step>.allocate(capacity: nodes.count)
        for (position, node) in nodes.enumerated() {
            let step: Step
            switch node {
            case .text(let text):
                _ = UnsafeMutableBufferPointer(rebasing: bytes[used..<(used + text.count)]).initialize(from: text)
                step = .text(UnsafeBufferPointer(rebasing: bytes[used..<(used + text.count)]))
                used += text.count
            case .variable(let path, let escaped, _):
                paths.append(PathRef(path))
                step = .variable(Unmanaged.passUnretained(paths[paths.count - 1]), escaped: escaped)
            case .section(let path, let inner, let inverted, _):
                paths.append(PathRef(path))
                step = .section(Unmanaged.passUnretained(paths[paths.count - 1]), Unmanaged.passUnretained(inner), inverted: inverted)
            case .blockExpansion, .partial, .contentType:
                step = .node(position)
            }
            steps.initializeElement(at: position, to: step)
        }
        self.text = bytes
        self.paths = paths
        self.steps = UnsafeBufferPointer(steps)
    }

    deinit {
        text.deallocate()
        steps.deallocate()
    }

    /// A node as the renderer reads it: nothing in it is reference counted. Rendering retained
    /// and released each node it passed, the same nodes on both cores (a third of rendering's
    /// samples). The templates a step names are the nodes' (`nodes`).
    enum Step {
        case text(UnsafeBufferPointer<UInt8>)
        case variable(Unmanaged<PathRef>, escaped: Bool)
        case section(Unmanaged<PathRef>, Unmanaged<CompiledTemplate>, inverted: Bool)
        /// Any other node, rendered from `nodes[position]`.
        case node(Int)
    }

    /// A path the steps point to.
    final class PathRef {
        let path: Path
        init(_ path: Path) { self.path = path }
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
