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
        // Walks line starts over UTF-8 and stops at the closing marker, so the body is never
        // cut into lines and joined again.
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var lineNumber = 1
        var yamlStart: String.Index?
        while lineStart <= utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = text[lineStart..<lineEnd]
            let next = lineEnd == utf8.endIndex ? nil : utf8.index(after: lineEnd)
            if let opened = yamlStart {
                if isMarker(line, allowDots: true) {
                    // The YAML ends before the line break that precedes the marker.
                    let yamlEnd = lineNumber == 2 ? opened : utf8.index(before: lineStart)
                    let body = next.map { String(text[$0...]) } ?? ""
                    return Diagnosed(SplitSource(yaml: String(text[opened..<yamlEnd]), yamlFirstLine: 2, body: body, bodyFirstLine: lineNumber + 1))
                }
            } else {
                guard isMarker(line, allowDots: false) else {
                    return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
                }
                yamlStart = next ?? utf8.endIndex
            }
            guard let next else { break }
            lineStart = next
            lineNumber += 1
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
    private func isMarker(_ line: Substring, allowDots: Bool) -> Bool {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes = bytes.dropLast() }
        guard bytes.count == 3 else { return false }
        return bytes.elementsEqual("---".utf8) || (allowDots && bytes.elementsEqual("...".utf8))
    }
}
