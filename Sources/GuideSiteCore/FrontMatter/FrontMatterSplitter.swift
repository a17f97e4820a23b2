import Foundation

/// A source file cut into its front matter block and its Markdown body.
public struct SplitSource: Sendable, Hashable {
    /// The YAML between the markers, or nil when the file has no front matter.
    public var yaml: String?
    /// 1-based line in the file of the YAML's first line.
    public var yamlFirstLine: Int
    /// The Markdown after the closing marker (the whole file when there is no front matter).
    public var body: String
    /// 1-based line in the file of the body's first line.
    public var bodyFirstLine: Int
}

/// Finds the front matter: a first line `---`, up to the next `---` or `...` line.
/// Trailing spaces after the markers are allowed; the caller has removed any BOM and CRLFs.
public struct FrontMatterSplitter: Sendable {
    /// Creates a splitter.
    public init() {}

    /// Splits `text`, or reports front matter that is opened but never closed.
    public func split(_ text: String, path: String) -> Diagnosed<SplitSource> {
        // Most files without front matter are recognised from their first bytes, without
        // cutting a large file into lines.
        guard text.utf8.starts(with: "---".utf8) else {
            return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
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
                    if isMarker(line, allowDots: true) {
                        // The YAML ends before the line break that precedes the marker.
                        let yamlEnd = lineNumber == 2 ? opened : lineStart - 1
                        return .split(yaml: opened..<yamlEnd, body: next, bodyFirstLine: lineNumber + 1)
                    }
                } else {
                    guard isMarker(line, allowDots: false) else { return .none }
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
            return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
        case .split(let yaml, let body, let bodyFirstLine):
            return Diagnosed(SplitSource(yaml: String(text[index(yaml.lowerBound)..<index(yaml.upperBound)]), yamlFirstLine: 2,
                                         body: body.map { String(text[index($0)...]) } ?? "", bodyFirstLine: bodyFirstLine))
        case .unclosed(let lines):
            lineNumber = lines
        }
        let problem = Diagnostic(
            .error, path, line: 1, column: 1, category: "front-matter",
            "front matter opened with `---` on line 1 is never closed; add a line `---` after its last key"
                + " (or remove the first line if the file has no front matter)"
        )
        return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 2, body: "", bodyFirstLine: lineNumber + 1), [problem])
    }

    /// Over the line's bytes: trailing spaces and tabs, then exactly `---` (or `...`). A space or
    /// tab followed by a combining mark ends in a byte other than those, as its character is
    /// other than a space, so bytes and characters agree.
    private func isMarker(_ line: UnsafeBufferPointer<UInt8>, allowDots: Bool) -> Bool {
        var count = line.count
        while count > 0, line[count - 1] == UInt8(ascii: " ") || line[count - 1] == UInt8(ascii: "\t") { count -= 1 }
        guard count == 3 else { return false }
        let first = line[0]
        guard first == UInt8(ascii: "-") || (allowDots && first == UInt8(ascii: ".")) else { return false }
        return line[1] == first && line[2] == first
    }
}
