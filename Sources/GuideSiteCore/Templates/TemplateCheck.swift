import Foundation

/// Finds the names a theme's layouts and partials use that no value they receive has
/// (`{{page.titel}}` renders nothing, silently), by walking each layout with the schema of what
/// it receives (`ThemeValues`) as Mustache would look names up: from the innermost section out,
/// into each partial with the sections around its tag.
struct TemplateCheck {
    /// A name used where nothing declares it.
    struct Finding: Equatable {
        let path: String
        let location: CompiledTemplate.Location
        let name: String
        let suggestion: String?
    }

    /// What a section pushes: a map of the schema, values nobody declared (front matter), the
    /// theme's strings, or a text, number or flag (which has no names below it).
    private enum Frame {
        case object(ValueObject)
        case written
        case strings
        case scalar

        init(_ type: ValueType) {
            switch type {
            case .object(let object), .list(let object): self = .object(object)
            case .written: self = .written
            case .strings: self = .strings
            case .text, .html, .flag, .number: self = .scalar
            }
        }
    }

    let templates: [String: CompiledTemplate]
    let strings: Set<String>
    private(set) var findings: [Finding] = []
    /// The top-level values each template uses (the theme values page lists them).
    private(set) var used: [String: Set<String>] = [:]
    /// Every field of the schema the walked templates may read, as `Object.field` (`Criterion.count`),
    /// `Object.*` where a template writes a whole object (`{{.}}`): what a page's key reads.
    private(set) var reads = Set<String>()
    private var walked = Set<String>()

    /// `templates`: by the name a tag includes them with (`layouts/entry`, `footer`), read
    /// from `path` of each.
    init(templates: [String: CompiledTemplate], strings: Set<String>) {
        self.templates = templates
        self.strings = strings
    }

    /// Walks every layout, then each partial no layout reached with the top-level values.
    mutating func run() -> [Finding] {
        for name in templates.keys.sorted() where name.hasPrefix("layouts/") { walk(name, [.object(ThemeValues.root)]) }
        for name in templates.keys.sorted() where !walked.contains(where: { $0.hasPrefix(name + "|") }) {
            walk(name, [.object(ThemeValues.root)])
        }
        var seen = Set<String>()
        return findings.filter { seen.insert("\($0.path):\($0.location.line):\($0.location.column)").inserted }
            .sorted { ($0.path, $0.location.line, $0.location.column) < ($1.path, $1.location.line, $1.location.column) }
    }

    private mutating func walk(_ name: String, _ stack: [Frame]) {
        // A partial is walked once per set of sections around it; a partial including itself stops.
        let key = name + "|" + stack.map(Self.signature).joined(separator: ",")
        guard let template = templates[name], walked.insert(key).inserted, stack.count < 32 else { return }
        walk(template, stack, in: name)
    }

    private mutating func walk(_ template: CompiledTemplate, _ stack: [Frame], in file: String) {
        for node in template.nodes {
            switch node {
            case .text, .contentType:
                break
            case .variable(let path, _, let at):
                record(path, stack, writes: true)
                _ = resolve(path, stack, file: file, at: at)
            case .section(let path, let inner, let inverted, let at):
                record(path, stack, writes: false)
                let type = resolve(path, stack, file: file, at: at)
                walk(inner, inverted ? stack : stack + [type.map(Frame.init) ?? .written], in: file)
            case .blockExpansion(_, let fallback, _):
                walk(fallback, stack, in: file)
            case .partial(let name, _, let overrides, _):
                for block in (overrides ?? [:]).keys.sorted() { walk(overrides![block]!, stack, in: file) }
                walk(name, stack)
            }
        }
    }

    /// The fields `path` may read: from every frame that declares its first name, not only the
    /// innermost, as a value missing when the page is rendered lets Mustache look further out.
    /// A variable naming a whole object (`{{.}}` in its section) writes every field of it.
    private mutating func record(_ path: CompiledTemplate.Path, _ stack: [Frame], writes: Bool) {
        let frames = path.isAnchored || path.isCurrent ? Array(stack.suffix(1)) : stack
        guard let first = path.names.first, !path.isCurrent else {
            if writes, case .object(let object)? = frames.last { reads.insert(object.name + ".*") }
            return
        }
        for case .object(let object) in frames {
            guard var type = object.field(first)?.type else { continue }
            reads.insert(object.name + "." + first)
            for name in path.names.dropFirst() {
                guard case .object(let inner) = Frame(type), let next = inner.field(name)?.type else { break }
                reads.insert(inner.name + "." + name)
                type = next
            }
            if writes, case .object(let whole) = Frame(type) { reads.insert(whole.name + ".*") }
        }
    }

    /// The type a name resolves to, nil (recorded) when nothing declares it, or `.written`
    /// when nothing is known of it.
    private mutating func resolve(_ path: CompiledTemplate.Path, _ stack: [Frame], file: String, at: CompiledTemplate.Location) -> ValueType? {
        if path.isCurrent || path.names.isEmpty { return .written }
        let frames = path.isAnchored ? Array(stack.suffix(1)) : stack
        guard let first = path.names.first else { return .written }
        var type: ValueType?
        for (position, frame) in frames.enumerated().reversed() {
            guard let found = Self.child(first, of: frame, strings: strings) else { continue }
            type = found
            if position == 0, !path.isAnchored { used[file, default: []].insert(first) }
            break
        }
        guard var current = type else {
            // The innermost section's names first: `{{tilte}}` in a list of links means the link's title.
            let strings = strings
            let closest = frames.reversed().lazy.compactMap { Suggestion.closest(to: first, in: Self.names(of: $0, strings: strings)) }.first
            report(path.name, file: file, at: at, closest: closest.map { ([$0] + path.names.dropFirst()).joined(separator: ".") })
            return nil
        }
        for (position, name) in path.names.enumerated().dropFirst() {
            let frame = Frame(current)
            guard let next = Self.child(name, of: frame, strings: strings) else {
                let closest = Suggestion.closest(to: name, in: Self.names(of: frame, strings: strings))
                report(path.name, file: file, at: at, closest: closest.map { (path.names.prefix(position) + [$0]).joined(separator: ".") })
                return nil
            }
            current = next
        }
        return current
    }

    private mutating func report(_ name: String, file: String, at: CompiledTemplate.Location, closest: String?) {
        findings.append(Finding(path: file, location: at, name: name, suggestion: closest))
    }

    private static func child(_ name: String, of frame: Frame, strings: Set<String>) -> ValueType? {
        switch frame {
        case .object(let object): object.field(name)?.type
        case .written: .written
        case .strings: strings.contains(name) ? .text : nil
        case .scalar: nil
        }
    }

    private static func names(of frame: Frame, strings: Set<String>) -> [String] {
        switch frame {
        case .object(let object): object.fields.map(\.name.rawValue)
        case .strings: strings.sorted()
        case .written, .scalar: []
        }
    }

    private static func signature(_ frame: Frame) -> String {
        switch frame {
        case .object(let object): object.name
        case .written: "*"
        case .strings: "strings"
        case .scalar: "."
        }
    }
}

extension TemplateCheck {
    /// A warning for each name the theme's templates use that no value they receive has.
    /// `strings`: the keys of the theme's strings.
    static func diagnostics(_ theme: Theme, strings: Set<String>) -> [Diagnostic] {
        let parsed = theme.parsedTemplates
        var check = TemplateCheck(templates: parsed.mapValues(\.template), strings: strings)
        return check.run().map { finding in
            Diagnostic(.warning, parsed[finding.path].map { theme.origins[$0.path] ?? $0.path } ?? finding.path, line: finding.location.line, column: finding.location.column, category: "theme",
                       "`\(finding.name)` is no value this template receives, so it renders nothing."
                       + (finding.suggestion.map { " Did you mean `\($0)`?" } ?? "")
                       + " `guidesite theme values` lists every value (docs/Content/theme/values.md).")
        }
    }
}

extension TemplateCheck {
    /// The schema fields each layout may read, with the partials it includes (`reads`), by
    /// layout name (`entry`); nil when a template is one `MustacheParser` cannot read, which
    /// leaves the theme to swift-mustache and what it reads unknown.
    static func layoutReads(_ theme: Theme) -> [String: Set<String>]? {
        let parsed = theme.parsedTemplates
        guard parsed.count == theme.files.keys.count(where: { Theme.templateName(of: $0) != nil }) else { return nil }
        let templates = parsed.mapValues(\.template)
        var reads: [String: Set<String>] = [:]
        for name in theme.layoutNames {
            var check = TemplateCheck(templates: templates, strings: [])
            check.walk("layouts/" + name, [.object(ThemeValues.root)])
            reads[name] = check.reads
        }
        return reads
    }
}
