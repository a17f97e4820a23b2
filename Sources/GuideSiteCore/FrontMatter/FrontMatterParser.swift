import Foundation

/// Reads a YAML front matter block into a `FrontMatter`: the typed fields GuideSite understands
/// and every key in the author's order, each problem reported with its line in the source file.
public struct FrontMatterParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses `yaml`, whose first line is line `firstLine` of the file at `path`.
    public func parse(_ yaml: String, firstLine: Int, path: String) -> Diagnosed<FrontMatter> {
        var matter = FrontMatter()
        matter.isPresent = true
        let read = YAMLReader().read(yaml, firstLine: firstLine, path: path)
        var diagnostics = read.diagnostics
        switch read.value {
        case .null:
            break
        case .map(let entries):
            matter.entries = entries
            var fields = TypedFields(path: path)
            for entry in entries { fields.read(entry, into: &matter) }
            diagnostics += fields.diagnostics
        case let other:
            diagnostics.append(Diagnostic(
                .error, path, line: firstLine, column: 1, category: "front-matter",
                "front matter must be a map of `key: value` lines, but it is \(other.kindName);"
                    + " write for example `title: \"Wheel Picker\"`"
            ))
        }
        return Diagnosed(matter, diagnostics)
    }
}

/// Checks and copies the typed fields out of the front matter's entries.
private struct TypedFields {
    let path: String
    var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    mutating func report(_ entry: FrontEntry, _ message: String) {
        diagnostics.append(Diagnostic(.error, path, line: entry.line, column: entry.column, category: "front-matter", message))
    }

    mutating func read(_ entry: FrontEntry, into matter: inout FrontMatter) {
        switch entry.key {
        case "layout":
            matter.layout = text(entry, example: "layout: entry")
        case "title":
            matter.title = text(entry, example: "title: \"Wheel Picker\"")
        case "description":
            matter.description = text(entry, example: "description: \"One sentence.\"")
        case "permalink":
            matter.permalink = text(entry, example: "permalink: /native/picker/")
        case "categories":
            matter.categories = categories(entry)
        case "order":
            if case .null = entry.value { return }
            if let text = entry.value.text, let number = Double(text.trimmingSpaces()), number.isFinite {
                matter.order = number
            } else {
                report(entry, "`order` must be a number such as `order: 10`, but it is \(describe(entry.value))")
            }
        case "draft":
            switch entry.value {
            case .bool(let flag): matter.draft = flag
            case .null: matter.draft = false
            default: report(entry, "`draft` must be `true` or `false`, but it is \(describe(entry.value))")
            }
        case "wcag":
            matter.wcag = criteria(entry)
        default:
            break
        }
    }

    private mutating func text(_ entry: FrontEntry, example: String) -> String? {
        switch entry.value {
        case .text(let text):
            let trimmed = text.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null:
            return nil
        case .list, .map:
            report(entry, "`\(entry.key)` must be text, but it is \(entry.value.kindName); write it on one line, e.g. `\(example)`"
                + " (quote text that contains `: ` or starts with `[`)")
            return nil
        }
    }

    private mutating func categories(_ entry: FrontEntry) -> [String] {
        var names: [String] = []
        switch entry.value {
        case .text(let text):
            names = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        case .list(let items):
            for item in items {
                if let text = item.text {
                    names.append(text.trimmingSpaces())
                } else {
                    report(entry, "every category must be a word or phrase, but one is \(item.kindName)")
                }
            }
        case .null:
            break
        case .bool, .map:
            report(entry, "`categories` must be a list (`[controls, pickers]`) or words separated by spaces or commas, but it is \(entry.value.kindName)")
        }
        var seen = Set<String>()
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private mutating func criteria(_ entry: FrontEntry) -> [String] {
        func reference(_ item: FrontValue) -> String? {
            switch item {
            case .text(let text): return text.trimmingSpaces()
            case .map(let entries): return (entries["sc"] ?? entries["criterion"])?.value.text
            default: return nil
            }
        }
        switch entry.value {
        case .null:
            return []
        case .list(let items):
            var found: [String] = []
            for item in items {
                if let text = reference(item) {
                    found.append(text)
                } else {
                    report(entry, "each `wcag` item must be a criterion number (`1.4.3`), a name (`\"1.4.3 Contrast (Minimum)\"`) or a map with `sc:`; one is \(item.kindName)")
                }
            }
            return found
        default:
            if let text = reference(entry.value) { return [text] }
            report(entry, "`wcag` must be a list of criteria such as `[1.4.3, 2.4.7]`, but it is \(entry.value.kindName)")
            return []
        }
    }

    private func describe(_ value: FrontValue) -> String {
        if let text = value.text { return "`\(text)`" }
        return value.kindName
    }
}
