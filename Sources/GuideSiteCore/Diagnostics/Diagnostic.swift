/// A problem found in a user's files, printed as `path:line:column: severity: [category] message`.
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is: errors fail the build, warnings do not (unless `--strict`).
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Information, such as a link a subset rewrote; never fails a build.
        case note
        case warning
        case error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }
    }

    /// Whether the problem fails the build.
    public var severity: Severity
    /// The file, relative to the site root (`Content/native/picker.md`).
    public var path: String
    /// 1-based line in the source file, front matter included; 0 when the whole file is meant.
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int
    /// A short, stable name for the kind of problem (`yaml`, `duplicate-url`, ...).
    public var category: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ path: String, line: Int = 0, column: Int = 0,
        category: String, _ message: String
    ) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.category = category
        self.message = message
    }

    /// The compiler-style one-line form.
    public var description: String {
        var location = path
        if line > 0 {
            location += ":\(line)"
            location += ":\(max(column, 1))"
        }
        return "\(location): \(severity.rawValue): [\(category)] \(message)"
    }
}

extension Diagnostic {
    /// Orders diagnostics by file, then position, so reports read top to bottom.
    static func sortedForReport(_ list: [Diagnostic]) -> [Diagnostic] {
        list.sorted {
            ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message)
        }
    }
}

extension Diagnostic {
    /// `list` without one occurrence of each of `removed` (a problem reported twice stays once
    /// when one report is taken back).
    static func removing(_ removed: [Diagnostic], from list: [Diagnostic]) -> [Diagnostic] {
        var counts: [Diagnostic: Int] = [:]
        for diagnostic in removed { counts[diagnostic, default: 0] += 1 }
        return list.filter { diagnostic in
            guard let count = counts[diagnostic], count > 0 else { return true }
            counts[diagnostic] = count - 1
            return false
        }
    }
}
