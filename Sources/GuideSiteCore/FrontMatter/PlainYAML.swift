/// A reader for the plain YAML most front matter is written in: block mappings and sequences,
/// plain and quoted scalars on one line, flow sequences of plain scalars (`[a, b]`) and literal
/// blocks (`|`, `|-`). It gives exactly what `YAMLReader` gives through Yams, or nil for
/// anything outside that subset (anchors, tags, folded or multi-line scalars, flow mappings,
/// escapes, tabs, duplicate keys, anything malformed), which Yams then reads and reports on.
/// Yams builds a node tree for every document and was most of the time spent on front matter.
enum PlainYAML {
    /// The document as `FrontValue`s, its first line being line `firstLine` of the file.
    static func read(_ yaml: String, firstLine: Int) -> FrontValue? {
        var yaml = yaml
        return yaml.withUTF8 { bytes -> FrontValue? in
            // Tabs, carriage returns, other control characters (C0 and C1, NEL among them), DEL,
            // U+2028/2029, byte order marks and non-characters all have rules of their own in
            // YAML: left to Yams.
            for (offset, byte) in bytes.enumerated() {
                if byte < 0x20, byte != 0x0A { return nil }
                if byte == 0x7F { return nil }
                if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) { return nil }
                if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE { return nil }
                if byte == 0xE2, offset + 2 < bytes.count, bytes[offset + 1] == 0x80, bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 { return nil }
                if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBB, bytes[offset + 2] == 0xBF { return nil }
            }
            var lines: [Line] = []
            var start = 0
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == 0x0A {
                var indent = start
                while indent < offset, bytes[indent] == 0x20 { indent += 1 }
                lines.append(Line(start: start, end: offset, content: indent))
                start = offset + 1
            }
            var reader = Reader(bytes: bytes, lines: lines, firstLine: firstLine)
            reader.skipEmpty()
            guard reader.position < lines.count else { return .null }
            guard reader.indent == 0, let entries = reader.mapping(indent: 0) else { return nil }
            reader.skipEmpty()
            return reader.position == lines.count ? .map(entries) : nil
        }
    }

    struct Line {
        /// Byte offsets of the line (without its line break) and of its first non-space byte.
        var start: Int
        var end: Int
        var content: Int
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var lines: [Line]
        let firstLine: Int
        var position = 0
        /// Maps and lists open around the current line; deeper documents go to Yams, so that
        /// recursion stays far from the end of a worker thread's stack.
        var depth = 0
        static let maximumDepth = 64

        static let space = UInt8(ascii: " "), colon = UInt8(ascii: ":"), hash = UInt8(ascii: "#"), dash = UInt8(ascii: "-")

        var line: Line { lines[position] }
        var indent: Int { line.content - line.start }

        func isBlank(_ line: Line) -> Bool { line.content == line.end }
        func isComment(_ line: Line) -> Bool { line.content < line.end && bytes[line.content] == Self.hash }

        /// Past blank and comment lines.
        mutating func skipEmpty() {
            while position < lines.count, isBlank(line) || isComment(line) { position += 1 }
        }

        func text(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }

        /// Bytes that cannot start a plain scalar, or start one only under rules left to Yams.
        static func isIndicator(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
                 UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
                 UInt8(ascii: "`"):
                return true
            default:
                return false
            }
        }

        /// The entries of a block mapping whose keys start at column `indent`.
        mutating func mapping(indent: Int) -> [FrontEntry]? {
            var entries: [FrontEntry] = []
            var keys = Set<String>()
            while true {
                skipEmpty()
                guard position < lines.count, self.indent >= indent else { return entries }
                guard self.indent == indent else { return nil }
                let current = line
                let keyLine = position
                // The key runs to the first `:` followed by a space or the end of the line.
                var colon = current.content
                while colon < current.end, !(bytes[colon] == Self.colon && (colon + 1 == current.end || bytes[colon + 1] == Self.space)) {
                    colon += 1
                }
                guard colon < current.end, colon > current.content, !Self.isIndicator(bytes[current.content]),
                      bytes[colon - 1] != Self.space else { return nil }
                for offset in current.content..<colon where bytes[offset] == Self.hash && bytes[offset - 1] == Self.space { return nil }
                let key = text(current.content, colon)
                guard keys.insert(key).inserted else { return nil }
                var valueStart = colon + 1
                while valueStart < current.end, bytes[valueStart] == Self.space { valueStart += 1 }
                position += 1
                let value: FrontValue
                if valueStart == current.end || bytes[valueStart] == Self.hash {
                    guard let nested = nestedValue(parentIndent: indent) else { return nil }
                    value = nested
                } else if bytes[valueStart] == UInt8(ascii: "|") {
                    guard let block = literal(from: valueStart, to: current.end, parentIndent: indent) else { return nil }
                    value = block
                } else {
                    guard let scalar = inlineValue(from: valueStart, to: current.end), !continues(beyond: indent) else { return nil }
                    value = scalar
                }
                entries.append(FrontEntry(key: key, value: value, line: firstLine + keyLine, column: indent + 1))
            }
        }

        /// Whether the next content line is indented past `indent`: a plain scalar would run on
        /// into it (folded), which is left to Yams.
        func continues(beyond indent: Int) -> Bool {
            var next = position
            while next < lines.count, isBlank(lines[next]) || isComment(lines[next]) { next += 1 }
            return next < lines.count && lines[next].content - lines[next].start > indent
        }

        /// What follows `key:` with nothing after it: a mapping or sequence indented further, or null.
        mutating func nestedValue(parentIndent: Int) -> FrontValue? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { return nil }
            skipEmpty()
            guard position < lines.count else { return .null }
            let childIndent = indent
            let startsItem = bytes[line.content] == Self.dash && (line.content + 1 == line.end || bytes[line.content + 1] == Self.space)
            if childIndent <= parentIndent {
                // A sequence at the key's own indentation is valid YAML, but left to Yams.
                return startsItem && childIndent == parentIndent ? nil : .null
            }
            if startsItem { return sequence(indent: childIndent).map(FrontValue.list) }
            return mapping(indent: childIndent).map(FrontValue.map)
        }

        /// The items of a block sequence whose dashes are at column `indent`: scalars, or
        /// mappings whose first key is on the dash's line (`- when: ...` then `  then: ...`).
        mutating func sequence(indent: Int) -> [FrontValue]? {
            var items: [FrontValue] = []
            while true {
                skipEmpty()
                guard position < lines.count, self.indent >= indent else { return items }
                let current = line
                guard self.indent == indent, bytes[current.content] == Self.dash, current.content + 1 < current.end,
                      bytes[current.content + 1] == Self.space else { return nil }
                var valueStart = current.content + 2
                while valueStart < current.end, bytes[valueStart] == Self.space { valueStart += 1 }
                guard valueStart < current.end, bytes[valueStart] != Self.hash, bytes[valueStart] != UInt8(ascii: "|") else { return nil }
                if !Self.isIndicator(bytes[valueStart]), hasMappingIndicator(from: valueStart, to: current.end) {
                    // The mapping's keys line up with the first one, after the dash.
                    lines[position].content = valueStart
                    guard let entries = mapping(indent: valueStart - current.start) else { return nil }
                    items.append(.map(entries))
                    continue
                }
                position += 1
                guard let item = inlineValue(from: valueStart, to: current.end), !continues(beyond: indent) else { return nil }
                items.append(item)
            }
        }

        func hasMappingIndicator(from: Int, to: Int) -> Bool {
            var offset = from
            while offset < to {
                if bytes[offset] == Self.colon, offset + 1 == to || bytes[offset + 1] == Self.space { return true }
                offset += 1
            }
            return false
        }
    }
}
