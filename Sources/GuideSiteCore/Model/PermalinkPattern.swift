/// Hugo's `permalinks:` patterns: `/web-criteria/:sections[1:]/:slug/` with the tokens
/// `:section`, `:sections` (and slices `[1:]`, `[:2]`, `[1]`), `:slug`, `:filename`, `:title`.
enum PermalinkPattern {
    static let tokens = ["sections", "section", "slug", "filename", "title"]

    /// What a page gives the tokens.
    struct Values {
        /// The folders from the content root, as written (`web`, `component`).
        var folders: [String]
        /// File name without extension (a bundle's `index.md`: its folder's name).
        var filename: String
        /// Front matter `slug`, if any.
        var slug: String?
        /// The title: front matter `title`, else the first `#` heading, else nil.
        var title: String?
    }

    /// Why a pattern cannot be used, or nil.
    static func problem(in pattern: String) -> String? {
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let name = rest[rest.index(after: colon)...].prefix { $0.isLetter }
            guard tokens.contains(String(name)) else {
                return "`:\(name)` is not a token GuideSite knows; use \(tokens.map { "`:\($0)`" }.joined(separator: ", "))"
            }
            rest = rest[rest.index(after: colon)...].dropFirst(name.count)
            if name == "sections", rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), slice(String(rest[rest.index(after: rest.startIndex)..<close])) != nil else {
                    return "`:sections` takes a slice such as `[1:]`, `[:2]` or `[1]`"
                }
                rest = rest[rest.index(after: close)...]
            }
        }
        if pattern.split(separator: "/").contains("..") { return "a pattern may not climb out of the site with `..`" }
        return nil
    }

    /// The pattern with every token replaced by the page's values (slugged).
    static func expand(_ pattern: String, _ values: Values) -> String {
        let sections = values.folders.map { Slug.make($0.hasPrefix("_") ? String($0.dropFirst()) : $0) }
        let stem = Slug.make(values.filename)
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let name = String(rest[rest.index(after: colon)...].prefix { $0.isLetter })
            rest = rest[rest.index(after: colon)...].dropFirst(name.count)
            switch name {
            case "section":
                result += sections.first ?? ""
            case "sections":
                var chosen = sections[...]
                if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                   let range = slice(String(rest[rest.index(after: rest.startIndex)..<close])) {
                    let lower = min(range.lowerBound, sections.count), upper = min(range.upperBound ?? sections.count, sections.count)
                    chosen = lower < upper ? sections[lower..<upper] : []
                    rest = rest[rest.index(after: close)...]
                }
                result += chosen.joined(separator: "/")
            case "slug":
                result += values.slug.map(Slug.make) ?? values.title.map(HeadingIDGenerator.slug) ?? stem
            case "filename":
                result += stem
            case "title":
                result += values.title.map(HeadingIDGenerator.slug) ?? stem
            default:
                result += ":" + name
            }
        }
        result += rest
        // Empty tokens (`:sections[1:]` of a file at the section's top) leave `//` behind.
        var collapsed = result.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        if result.hasSuffix("/") || collapsed.isEmpty { collapsed += "/" }
        return "/" + (collapsed == "/" ? "" : collapsed)
    }

    /// `1:` → 1..<nil, `:2` → 0..<2, `1` → 1..<2; nil for anything else.
    static func slice(_ text: String) -> (lowerBound: Int, upperBound: Int?)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        switch parts.count {
        case 1:
            // Folders are never thousands deep; a huge number is refused, not added to.
            guard let index = Int(parts[0]), index >= 0, index < 1000 else { return nil }
            return (index, index + 1)
        case 2:
            let lower = parts[0].isEmpty ? 0 : Int(parts[0])
            let upper = parts[1].isEmpty ? nil : Int(parts[1])
            guard let lower, lower >= 0, parts[1].isEmpty || (upper.map { $0 >= lower } ?? false) else { return nil }
            return (lower, upper)
        default:
            return nil
        }
    }
}
