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
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isMarker(first, allowDots: false) else {
            return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
        }
        for index in 1..<lines.count where isMarker(lines[index], allowDots: true) {
            let yaml = lines[1..<index].joined(separator: "\n")
            let body = lines[(index + 1)...].joined(separator: "\n")
            return Diagnosed(SplitSource(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: index + 2))
        }
        let problem = Diagnostic(
            .error, path, line: 1, column: 1, category: "front-matter",
            "front matter opened with `---` on line 1 is never closed; add a line `---` after its last key"
                + " (or remove the first line if the file has no front matter)"
        )
        return Diagnosed(SplitSource(yaml: nil, yamlFirstLine: 2, body: "", bodyFirstLine: lines.count + 1), [problem])
    }

    private func isMarker(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line[...]
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }
}
