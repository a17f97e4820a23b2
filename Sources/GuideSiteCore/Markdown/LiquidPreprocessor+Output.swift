import Foundation

/// Output tags, and what stands for an example a macro renders.
extension LiquidPreprocessor {
    /// `{{ site.baseurl }}` and `{{ "/path" | relative_url }}` become root-relative paths (the
    /// link stage adds the base path); other output tags are evaluated, or left out with a
    /// warning; Nunjucks comments `{# … #}` go.
    func rewriteOutputTags(_ line: String, output: LiquidOutput, lineNumber: Int, columnOffset: Int, path: String,
                                   alone: Bool) -> Diagnosed<String> {
        var result = ""
        var diagnostics: [Diagnostic] = []
        var rest = line[...]
        while let open = rest.byteRange(of: "{{") ?? rest.byteRange(of: "{#") {
            let opener = rest[open]
            result += rest[..<open.lowerBound]
            guard let close = (opener == "{#" ? rest[open.upperBound...].byteRange(of: "#}") : rest[open.upperBound...].byteRange(of: "}}")) else {
                rest = rest[open.lowerBound...]
                break
            }
            let tag = rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
            if opener == "{#" { continue }
            let column = columnOffset + line.distance(from: line.startIndex, to: open.lowerBound) + 1
            let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
            if inner == "site.baseurl" || inner == "site.url" || inner == "site.url | append: site.baseurl" { continue }
            switch output.evaluate(inner[...]) {
            case .text(let value):
                result += value
            case .example(let macro, let note):
                if let rendered = renderMacro(macro, expression: Substring(inner), caller: nil, note: note, output: output, alone: alone,
                                              line: lineNumber, column: column, path: path) {
                    result += rendered.value
                    diagnostics += rendered.diagnostics
                } else {
                    result += Self.exampleNote(note, alone: alone)
                    diagnostics.append(Self.exampleWarning(macro: macro, path: path, line: lineNumber, column: column))
                }
            case .leftOut(let reason):
                diagnostics.append(Diagnostic(
                    .warning, path, line: lineNumber, column: column, category: "liquid",
                    "the output tag `\(tag)` cannot be evaluated: \(reason); it is left out of the page (write the value, or remove the tag)"
                ))
            }
        }
        return Diagnosed(result + rest, diagnostics)
    }

    /// What stands for an example a macro renders from outside the library.
    static func exampleNote(_ note: String, alone: Bool) -> String {
        alone ? "> **Example not shown:** \(note)" : "*(Example not shown: \(note))*"
    }

    static func exampleWarning(macro: String, path: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(.warning, path, line: line, column: column, category: "liquid",
                   "the Nunjucks macro `\(macro)` renders an example this build does not have; a note \"Example not shown\" stands in its place")
    }
}
