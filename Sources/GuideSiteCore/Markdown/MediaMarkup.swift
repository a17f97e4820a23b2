/// Raw HTML `<video>`, `<audio>`, `<source>`, `<track>`, `<img>`, `<iframe>` and `<a>` markup:
/// its addresses, which get the base path and are checked like links (an include's
/// `<a href="/components/button/">` works wherever the site is copied), and videos without
/// captions (WCAG 1.2.2).
enum MediaMarkup {
    private static let tags = ["video", "audio", "source", "track", "img", "iframe", "a"]
    private static let attributes = ["src", "poster", "href"]

    /// Whether `html` may hold a media element (most raw HTML holds none).
    static func mayHoldMedia(_ html: String) -> Bool {
        let lowered = html.lowercased()
        return tags.contains { lowered.contains("<" + $0 + " ") || lowered.contains("<" + $0 + ">") }
    }

    /// `html` with each media file address replaced by what `rewrite` returns (nil keeps it).
    static func rewritingSources(_ html: String, _ rewrite: (String) -> String?) -> String {
        var result = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            rest = rest[rest.index(after: close)...]
            let name = tag.dropFirst().prefix { $0.isLetter }.lowercased()
            result += tags.contains(name) ? rewritingAttributes(of: tag, rewrite) : String(tag)
        }
        return result + rest
    }

    /// One tag with its `src` and `poster` values rewritten; quoted values only.
    private static func rewritingAttributes(of tag: Substring, _ rewrite: (String) -> String?) -> String {
        var result = ""
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let before = rest[..<equals]
            let name = before.reversed().drop { $0 == " " }.prefix { $0.isLetter || $0 == "-" }
            let afterEquals = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard let quote = afterEquals.first, quote == "\"" || quote == "'",
                  let end = afterEquals.dropFirst().firstIndex(of: quote) else {
                result += rest[...equals]
                rest = rest[rest.index(after: equals)...]
                continue
            }
            let value = String(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<end])
            result += rest[..<afterEquals.startIndex]
            let written = attributes.contains(String(name.reversed()).lowercased()) ? rewrite(value) ?? value : value
            result += String(quote) + written + String(quote)
            rest = afterEquals[afterEquals.index(after: end)...]
        }
        return result + rest
    }

    /// Each `<video>` element of `html` that has no `<track kind="captions">` (or subtitles),
    /// by its position among the videos.
    static func videosWithoutCaptions(in html: String) -> Int {
        let lowered = html.lowercased()
        var missing = 0
        var rest = Substring(lowered)
        while let start = rest.range(of: "<video") {
            let end = rest[start.upperBound...].range(of: "</video")?.lowerBound ?? rest.endIndex
            let element = rest[start.lowerBound..<end]
            let captioned = element.contains("<track") && (element.contains("captions") || element.contains("subtitles"))
            if !captioned { missing += 1 }
            rest = rest[end...]
        }
        return missing
    }

    /// The file addresses of the media markup in `html`.
    static func sources(in html: String) -> [String] {
        var found: [String] = []
        _ = rewritingSources(html) { found.append($0); return nil }
        return found
    }
}
