import Foundation

/// The languages front matter is written in: Jekyll's and Eleventy's YAML between `---` lines,
/// and Hugo's TOML between `+++` lines and JSON object.
public enum FrontMatterFormat: String, Sendable, Hashable {
    case yaml, toml, json
}

/// A source file cut into its front matter block and its Markdown body.
public struct SplitSource: Sendable, Hashable {
    /// The front matter between the markers (a JSON object's braces included), or nil when the
    /// file has none.
    public var frontMatter: String?
    /// 1-based line in the file of the front matter's first line.
    public var frontMatterFirstLine: Int
    /// What the front matter is written in.
    public var format = FrontMatterFormat.yaml
    /// The Markdown after the closing marker (the whole file when there is no front matter).
    public var body: String
    /// 1-based line in the file of the body's first line.
    public var bodyFirstLine: Int
}

/// Finds the front matter: a first line `---`, up to the next `---` or `...` line (YAML); a first
/// line `+++`, up to the next `+++` (TOML); a first line `{`, up to a line `}` (JSON), as Hugo
/// reads them. Trailing spaces after the markers are allowed; the caller has removed any BOM and
/// CRLFs.
public struct FrontMatterSplitter: Sendable {
    /// Creates a splitter.
    public init() {}

    /// Splits `text`, or reports front matter that is opened but never closed.
    public func split(_ text: String, path: String) -> Diagnosed<SplitSource> {
        // Most files without front matter are recognised from their first bytes, without
        // cutting a large file into lines.
        let format: FrontMatterFormat
        if text.utf8.starts(with: "---".utf8) { format = .yaml }
        else if text.utf8.starts(with: "+++".utf8) { format = .toml }
        else if text.utf8.starts(with: "{".utf8) { format = .json }
        else { return Diagnosed(SplitSource(frontMatter: nil, frontMatterFirstLine: 1, body: text, bodyFirstLine: 1)) }
        let (opening, closing): (Marker, Marker) = switch format {
        case .yaml: (.dashes, .dashesOrDots)
        case .toml: (.pluses, .pluses)
        case .json: (.openBrace, .closeBrace)
        }
        // Walks line starts over the UTF-8 bytes (memchr) and stops at the closing marker, so
        // the body is never cut into lines and joined again.
        enum Found { case none, split(yaml: Range<Int>, body: Int?, bodyFirstLine: Int), unclosed(lines: Int) }
        var source = text
        let found: Found = source.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return .none }
            var lineStart = 0, lineNumber = 1
            var yamlStart: Int?
            while true {
                let lineEnd = lineStart < bytes.count
                    ? memchr(base + lineStart, 10, bytes.count - lineStart).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                    : bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                let next = lineEnd == bytes.count ? nil : lineEnd + 1
                if let opened = yamlStart {
                    if closing.matches(line) {
                        // YAML and TOML end before the line break that precedes the marker; a
                        // JSON object keeps its braces.
                        if format == .json { return .split(yaml: 0..<lineEnd, body: next, bodyFirstLine: lineNumber + 1) }
                        let yamlEnd = lineNumber == 2 ? opened : lineStart - 1
                        return .split(yaml: opened..<yamlEnd, body: next, bodyFirstLine: lineNumber + 1)
                    }
                } else {
                    guard opening.matches(line) else { return .none }
                    yamlStart = next ?? bytes.count
                }
                guard let next else { return .unclosed(lines: lineNumber) }
                lineStart = next
                lineNumber += 1
            }
        }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let lineNumber: Int
        switch found {
        case .none:
            return Diagnosed(SplitSource(frontMatter: nil, frontMatterFirstLine: 1, body: text, bodyFirstLine: 1))
        case .split(let yaml, let body, let bodyFirstLine):
            return Diagnosed(SplitSource(frontMatter: String(text[index(yaml.lowerBound)..<index(yaml.upperBound)]),
                                         frontMatterFirstLine: format == .json ? 1 : 2,
                                         format: format, body: body.map { String(text[index($0)...]) } ?? "", bodyFirstLine: bodyFirstLine))
        case .unclosed(let lines):
            // A lone `{` never closed by a lone `}` is text, not Hugo's JSON front matter.
            if format == .json { return Diagnosed(SplitSource(frontMatter: nil, frontMatterFirstLine: 1, body: text, bodyFirstLine: 1)) }
            lineNumber = lines
        }
        let (open, close) = format == .json ? ("{", "}") : format == .toml ? ("+++", "+++") : ("---", "---")
        let problem = Diagnostic(
            .error, path, line: 1, column: 1, category: "front-matter",
            "front matter opened with `\(open)` on line 1 is never closed; add a line `\(close)` after its last key"
                + " (or remove the first line if the file has no front matter)"
        )
        return Diagnosed(SplitSource(frontMatter: nil, frontMatterFirstLine: 2, format: format, body: "", bodyFirstLine: lineNumber + 1), [problem])
    }

    /// A marker line: over the line's bytes, the marker and then only spaces and tabs. A space or
    /// tab followed by a combining mark ends in a byte other than those, as its character is
    /// other than a space, so bytes and characters agree.
    private enum Marker {
        case dashes, dashesOrDots, pluses, openBrace, closeBrace

        func matches(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            var count = line.count
            while count > 0, line[count - 1] == UInt8(ascii: " ") || line[count - 1] == UInt8(ascii: "\t") { count -= 1 }
            switch self {
            case .openBrace: return count == 1 && line[0] == UInt8(ascii: "{")
            case .closeBrace: return count == 1 && line[0] == UInt8(ascii: "}")
            case .dashes, .dashesOrDots, .pluses:
                guard count == 3 else { return false }
                let first = line[0]
                let allowed: [UInt8] = self == .pluses ? [UInt8(ascii: "+")]
                    : self == .dashes ? [UInt8(ascii: "-")] : [UInt8(ascii: "-"), UInt8(ascii: ".")]
                return allowed.contains(first) && line[1] == first && line[2] == first
            }
        }
    }
}
