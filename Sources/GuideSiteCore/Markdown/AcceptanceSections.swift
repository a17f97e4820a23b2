extension AcceptanceSection {
    /// The section without the lines under the platforms `filter` drops (a subset's).
    func keeping(_ filter: PlatformFilter) -> AcceptanceSection {
        var kept = self
        kept.lines = lines.filter { line in line.platform.map { !filter.drops($0) } ?? true }
        return kept
    }
}

/// Finds `AcceptanceSection`s in Markdown, line by line (outside fenced code).
public struct AcceptanceSectionReader: Sendable {
    /// Second-level heading texts (lowercased, without a final colon) and the block each feeds.
    let headings: [String: AcceptanceSection.Kind]
    /// Platform names, whose sub-headings mark the lines under them.
    let platforms: [String]

    /// The keys' lowercased bytes, to look a heading up without making it a `String`.
    private let keyBytes: Set<[UInt8]>

    /// Creates a reader for the site's heading names and platforms.
    public init(headings: [String: AcceptanceSection.Kind], platforms: [String]) {
        self.headings = Dictionary(headings.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.platforms = platforms
        keyBytes = Set(self.headings.keys.map { Array($0.utf8) })
    }

    static func key(_ heading: String) -> String {
        heading.trimmingWhitespace().trimming(":").trimmingWhitespace().lowercased()
    }

    /// The acceptance sections of `markdown`, in order; empty for most pages.
    public func sections(in markdown: String) -> [AcceptanceSection] {
        guard !headings.isEmpty, mayHaveSections(markdown) else { return [] }
        var sections: [AcceptanceSection] = []
        var current: AcceptanceSection?
        var platform: (name: String, level: Int)?
        var fence: String?
        func finish() {
            if let section = current, section.lines.contains(where: { !$0.text.isEmpty }) { sections.append(section) }
            current = nil
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingSuffix()
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) { fence = nil; continue }
                current?.lines.append(.init(text: String(line), platform: platform?.name))
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                continue
            }
            if let heading = Self.heading(trimmed), line.count - trimmed.count < 4 {
                if heading.level <= 2 {
                    finish()
                    platform = nil
                    if heading.level == 2, let kind = headings[Self.key(heading.text)] {
                        current = AcceptanceSection(kind: kind, heading: heading.text, lines: [])
                    }
                    continue
                }
                guard current != nil else { continue }
                if let open = platform, heading.level <= open.level { platform = nil }
                if let name = platforms.first(where: { $0.lowercased() == heading.text.lowercased() }) {
                    platform = (name, heading.level)
                }
                current?.lines.append(.init(text: "", platform: platform?.name))
                current?.lines.append(.init(text: Self.plain(heading.text), platform: platform?.name))
                continue
            }
            guard var section = current else { continue }
            section.lines.append(.init(text: Self.copyLine(String(line), kind: section.kind), platform: platform?.name))
            current = section
        }
        finish()
        return sections
    }

    /// Whether a line starts with `## ` and one of the headings, found over the bytes: most
    /// pages have none, and are not split into lines.
    func mayHaveSections(_ markdown: String) -> Bool {
        var text = markdown
        let pattern = Array("## ".utf8)
        return text.withUTF8 { bytes in
            var from = 0
            while let at = pattern.withUnsafeBufferPointer({ byteOffset(of: $0, in: bytes, from: from) }) {
                from = at + pattern.count
                guard at == 0 || bytes[at - 1] == UInt8(ascii: "\n") else { continue }
                var end = from
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                // Trimmed of spaces, `#` and a final `:`, lowercased, over the bytes when ASCII.
                let isTrimmed = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") }
                var start = from, stop = end
                while start < stop, isTrimmed(bytes[start]) { start += 1 }
                while stop > start, isTrimmed(bytes[stop - 1]) { stop -= 1 }
                let heading = bytes[start..<stop]
                if heading.contains(where: { $0 >= 0x80 }) {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: heading), as: UTF8.self)
                    if headings[Self.key(line)] != nil { return true }
                } else if keyBytes.contains(heading.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }) {
                    return true
                }
            }
            return false
        }
    }

    /// An ATX heading's level and text.
    static func heading(_ line: Substring) -> (level: Int, text: String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let text = rest.trimmingWhitespace().trimming("#").trimmingWhitespace()
        return text.isEmpty ? nil : (hashes, plain(text))
    }

    /// A line of a checklist section as a checklist line: list items become `- [ ]` items at
    /// their depth; other text stays.
    static func copyLine(_ line: String, kind: AcceptanceSection.Kind) -> String {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let body = line.dropFirst(indent)
        guard kind == .checklist else { return plain(String(line.trimmingSuffix())) }
        var marker = body.prefix { $0.isNumber }
        if !marker.isEmpty, let next = body.dropFirst(marker.count).first, next == "." || next == ")" {
            marker = body.prefix(marker.count + 1)
        } else if let first = body.first, "-*+".contains(first) {
            marker = body.prefix(1)
        } else {
            return plain(String(body))
        }
        let rest = body.dropFirst(marker.count)
        guard rest.first == " " || rest.first == "\t" else { return plain(String(body)) }
        var item = plain(rest.trimmingWhitespace())
        for box in ["[ ] ", "[x] ", "[X] "] where item.hasPrefix(box) { item = String(item.dropFirst(box.count)) }
        return String(repeating: "  ", count: indent / 2) + "- [ ] " + item
    }

    /// Text without Markdown's emphasis and code marks, links as their text.
    static func plain(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "]"), after[after.index(after: close)...].hasPrefix("("),
               let end = after[close...].firstIndex(of: ")") {
                result += after[..<close]
                rest = after[after.index(after: end)...]
            } else {
                result += "["
                rest = after
            }
        }
        result += rest
        return result.replacingBytes("**", with: "").replacingBytes("__", with: "").replacingBytes("`", with: "")
    }
}
