import Foundation
import Yams

/// Reads a YAML document into `FrontValue`s, keeping key order and source lines, and turns
/// libyaml's errors into diagnostics with the line in the file.
public struct YAMLReader: Sendable {
    /// Values larger than this many nodes (after alias expansion) are refused.
    public static let nodeBudget = 200_000

    /// Creates a reader.
    public init() {}

    /// Reads `yaml`, whose first line is line `firstLine` of `path`. An empty document is `.null`.
    public func read(_ yaml: String, firstLine: Int, path: String) -> Diagnosed<FrontValue> {
        if let plain = PlainYAML.read(yaml, firstLine: firstLine) { return Diagnosed(plain) }
        return readWithYams(yaml, firstLine: firstLine, path: path)
    }

    /// `read` through Yams alone (the tests compare it with `PlainYAML`).
    func readWithYams(_ yaml: String, firstLine: Int, path: String) -> Diagnosed<FrontValue> {
        var root: Node?
        var yaml = yaml
        var warnings: [Diagnostic] = []
        while true {
            do {
                // No tag resolution: the converter below types plain scalars itself, and Yams's
                // default resolver runs a regular expression over every scalar.
                // The encoding is given because Yams's default reads an environment variable on
                // every call.
                root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
                break
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context)
                        where warnings.count < 100 && duplicates.count >= 1 {
                // As Jekyll and Eleventy read it: the last value wins, with a warning.
                guard let dropped = DuplicateKeys.dropOccurrence(of: duplicates[0], line: context.mark.line,
                                                                 column: context.mark.column, in: yaml) else {
                    return Diagnosed(.null, warnings + [diagnostic(for: YamlError.duplicatedKeysInMapping(duplicates: duplicates, context: context),
                                                                   yaml: yaml, firstLine: firstLine, path: path)])
                }
                yaml = dropped.yaml
                let kept = dropped.kept.map { " (line \(firstLine + $0 - 1))" } ?? ""
                warnings.append(Diagnostic(
                    .warning, path, line: firstLine + context.mark.line - 1, column: context.mark.column, category: "yaml",
                    "the key `\(duplicates[0])` appears more than once in the same map; the last value\(kept) is used, as Jekyll and Eleventy do: remove this one"
                ))
            } catch {
                return Diagnosed(.null, warnings + [diagnostic(for: error, yaml: yaml, firstLine: firstLine, path: path)])
            }
        }
        warnings.sort { $0.line < $1.line }
        guard let root else { return Diagnosed(.null, warnings) }
        var converter = Converter(path: path, firstLine: firstLine)
        let value = converter.convert(root)
        return Diagnosed(value, warnings + converter.diagnostics)
    }

    private func diagnostic(for error: Error, yaml: String, firstLine: Int, path: String) -> Diagnostic {
        let hint = " Quote values that contain `: ` or ` #`, or that start with `[`, `{`, `*`, `&`, `!`, `%`, `@` or a backtick, and indent with spaces, not tabs."
        guard let yamlError = error as? YamlError else {
            return Diagnostic(.error, path, line: firstLine, column: 1, category: "yaml", "YAML could not be read: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // libyaml often notices a problem only where the broken construct ends (even on the
            // closing `---`); the construct's start, when known, is where the author must look.
            let lineCount = yaml.split(separator: "\n", omittingEmptySubsequences: false).count
            let atEnd = mark.line > lineCount || (mark.line == lineCount && yaml.hasSuffix("\n")) || problem.contains("end of stream")
            if problem.contains("Maximum nesting level") {
                return Diagnostic(.error, path, line: firstLine + mark.line - 1, column: mark.column, category: "yaml",
                                  "maps and lists are nested more than 1,000 levels deep here; flatten the front matter")
            }
            let at = atEnd ? (context?.mark ?? mark) : mark
            let around = context.map { atEnd ? " (\($0.text) that starts here)" : " (\($0.text) on line \(firstLine + $0.mark.line - 1))" } ?? ""
            return Diagnostic(
                .error, path, line: firstLine + at.line - 1, column: at.column, category: "yaml",
                "not valid YAML: \(problem)\(around).\(hint)"
            )
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return Diagnostic(
                .error, path, line: firstLine + context.mark.line - 1, column: context.mark.column, category: "yaml",
                "the key \(names) appears more than once in the same map; keep one of them"
            )
        case .reader(let problem, _, _, _):
            return Diagnostic(.error, path, line: firstLine, column: 1, category: "yaml", "YAML could not be read: \(problem)")
        default:
            return Diagnostic(.error, path, line: firstLine, column: 1, category: "yaml", "YAML could not be read: \(yamlError)")
        }
    }
}

/// Walks a node tree once, counting nodes so alias bombs stop early.
private struct Converter {
    let path: String
    let firstLine: Int
    var diagnostics: [Diagnostic] = []
    var visited = 0
    var exhausted = false

    init(path: String, firstLine: Int) {
        self.path = path
        self.firstLine = firstLine
    }

    func position(of node: Node) -> (line: Int, column: Int) {
        guard let mark = node.mark else { return (firstLine, 1) }
        return (firstLine + mark.line - 1, mark.column)
    }

    mutating func convert(_ node: Node) -> FrontValue {
        visited += 1
        if visited > YAMLReader.nodeBudget {
            if !exhausted {
                exhausted = true
                let at = position(of: node)
                diagnostics.append(Diagnostic(
                    .error, path, line: at.line, column: at.column, category: "yaml",
                    "more than \(YAMLReader.nodeBudget) values once aliases are expanded; remove aliases (`*name`) or split the data"
                ))
            }
            return .null
        }
        switch node {
        case .scalar(let scalar):
            // YAML 1.2 core schema: only plain `true`/`false` are booleans ("yes" stays text).
            guard scalar.style == .plain else { return .text(scalar.string) }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .text(scalar.string)
            }
        case .sequence(let sequence):
            var items: [FrontValue] = []
            for item in sequence where !exhausted {
                items.append(convert(item))
            }
            return .list(items)
        case .mapping(let mapping):
            var entries: [FrontEntry] = []
            for (key, value) in mapping where !exhausted {
                let at = position(of: key)
                let name = key.string ?? keyText(convert(key))
                entries.append(FrontEntry(key: name, value: convert(value), line: at.line, column: at.column))
            }
            return .map(entries)
        case .alias:
            return .null
        }
    }

    private func keyText(_ value: FrontValue) -> String {
        value.text ?? value.kindName
    }
}
