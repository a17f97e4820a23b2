import Mustache

/// Renders compiled templates with swift-mustache's semantics: names looked up from the top of
/// the context stack down, lists repeat a section, `false`, nil and empty lists skip it (an empty
/// string does not), partials reset escaping to HTML and indent their lines. Values are typed
/// (`ContextValue`); anything else is handled as swift-mustache handles `Any`.
struct CompiledRenderer: Sendable {
    let templates: [String: CompiledTemplate]

    func render(_ object: Any, template name: String) -> String? {
        render(ContextValue(object), template: name)
    }

    func render(_ object: ContextValue, template name: String) -> String? {
        renderBytes(object, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The page as UTF-8 bytes, written into a byte array: appending to a `String` checks its
    /// uniqueness, capacity and ASCII flag at every piece (a page has hundreds), which cost
    /// more than twice as much as appending bytes.
    func renderBytes(_ object: ContextValue, template name: String) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var output: [UInt8] = []
        // Most pages are 10 to 30 kB: one allocation instead of a copy at every doubling.
        output.reserveCapacity(32 * 1024)
        var stack: [Frame] = [Frame(object)]
        stack.reserveCapacity(16)
        render(template, stack: &stack, indentation: nil, inherited: nil, escapes: true, into: &output)
        return output
    }

    private func render(
        _ template: CompiledTemplate, stack: inout [Frame], indentation: String?, inherited: [String: CompiledTemplate]?,
        escapes: Bool, into output: inout [UInt8]
    ) {
        var escapes = escapes
        guard let indentation, !indentation.isEmpty else {
            for step in template.steps {
                render(step, of: template, stack: &stack, indentation: indentation, inherited: inherited, escapes: &escapes, into: &output)
            }
            return
        }
        // As swift-mustache does: a non-empty piece that starts a line of this template's own
        // output gets the indentation (its first line does not). It asks whether the output's
        // last Character is "\n", which a CR LF pair, one Character, is not.
        let start = output.count
        for step in template.steps {
            if output.count > start, output.last == UInt8(ascii: "\n"),
               output.count - start < 2 || output[output.count - 2] != UInt8(ascii: "\r") {
                var piece: [UInt8] = []
                render(step, of: template, stack: &stack, indentation: indentation, inherited: inherited, escapes: &escapes, into: &piece)
                if !piece.isEmpty {
                    output.appendUTF8(of: indentation)
                    output.append(contentsOf: piece)
                }
            } else {
                render(step, of: template, stack: &stack, indentation: indentation, inherited: inherited, escapes: &escapes, into: &output)
            }
        }
    }

    /// A step: text, a variable and a section from the step itself (borrowing what it points
    /// to), any other node from the template's nodes.
    private func render(
        _ step: CompiledTemplate.Step, of template: CompiledTemplate, stack: inout [Frame], indentation: String?,
        inherited: [String: CompiledTemplate]?, escapes: inout Bool, into output: inout [UInt8]
    ) {
        switch step {
        case .text(let bytes):
            output.append(contentsOf: bytes)
        case .variable(let path, let escaped):
            guard let value = path._withUnsafeGuaranteedRef({ Self.lookup($0.path, in: stack) }) else { return }
            write(value, escaped: escaped && escapes, into: &output)
        case .section(let path, let inner, let inverted):
            let value = path._withUnsafeGuaranteedRef { Self.lookup($0.path, in: stack) }
            inner._withUnsafeGuaranteedRef { inner in
                section(value, inner, inverted: inverted, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
            }
        case .node(let position):
            render(template.nodes[position], stack: &stack, indentation: indentation, inherited: inherited, escapes: &escapes, into: &output)
        }
    }

    private func write(_ value: ContextValue, escaped: Bool, into output: inout [UInt8]) {
        let text = Self.text(of: value)
        if escaped { HTML.escape(text, into: &output) } else { output.appendUTF8(of: text) }
    }

    private func render(
        _ node: CompiledTemplate.Node, stack: inout [Frame], indentation: String?, inherited: [String: CompiledTemplate]?,
        escapes: inout Bool, into output: inout [UInt8]
    ) {
        switch node {
        case .text(let text):
            output.append(contentsOf: text)
        case .variable(let path, let escaped, _):
            guard let value = Self.lookup(path, in: stack) else { return }
            write(value, escaped: escaped && escapes, into: &output)
        case .section(let path, let inner, let inverted, _):
            section(Self.lookup(path, in: stack), inner, inverted: inverted, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
        case .blockExpansion(let name, let fallback, let indented):
            let combined = indented.map { (indentation ?? "") + $0 } ?? indentation
            render(inherited?[name] ?? fallback, stack: &stack, indentation: combined, inherited: inherited, escapes: escapes, into: &output)
        case .partial(let name, let indented, let overrides, _):
            guard let partial = templates[name] else { return }
            let combined = indented.map { (indentation ?? "") + $0 } ?? indentation
            var merged = inherited
            if let overrides {
                merged = inherited.map { $0.merging(overrides) { original, _ in original } } ?? overrides
            }
            render(partial, stack: &stack, indentation: combined, inherited: merged, escapes: true, into: &output)
        case .contentType(let escaping):
            escapes = escaping
        }
    }

    /// A section: skipped, rendered once, or once per item of a list.
    private func section(
        _ value: ContextValue?, _ inner: CompiledTemplate, inverted: Bool, stack: inout [Frame], indentation: String?,
        inherited: [String: CompiledTemplate]?, escapes: Bool, into output: inout [UInt8]
    ) {
        if inverted {
            if Self.isFalsey(value) {
                let pushed = value.map { Self.isList($0) } ?? false
                if pushed { stack.append(Frame(value!)) }
                render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
                if pushed { stack.removeLast() }
            }
            return
        }
        guard let value else { return }
        switch value {
        case .flag(let flag):
            if flag { render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output) }
        case .map(let map):
            stack.append(.map(map))
            render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
            stack.removeLast()
        case .list(let list):
            for item in list {
                stack.append(.map(item))
                render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
                stack.removeLast()
            }
        case .text:
            stack.append(.value(value))
            render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
            stack.removeLast()
        case .number, .other:
            let any = value.any
            if let items = Self.items(of: any) {
                for item in items {
                    stack.append(Frame(ContextValue(item)))
                    render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
                    stack.removeLast()
                }
            } else if let renderable = any as? MustacheCustomRenderable, renderable.isNull {
                return
            } else {
                stack.append(Frame(value))
                render(inner, stack: &stack, indentation: indentation, inherited: inherited, escapes: escapes, into: &output)
                stack.removeLast()
            }
        }
    }
}
