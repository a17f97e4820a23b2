import Foundation

/// Tags written over several lines, as Jekyll and Eleventy libraries write long include and
/// macro calls (`{% include card.html\n  title="…"\n%}`, `{{ button({\n  text: "Save"\n}) }}`):
/// each is joined onto its first line, the lines it spanned left empty so later lines keep
/// their numbers. Fenced code is left alone; a tag still open after `spanLimit` lines is text.
extension LiquidPreprocessor {
    static let spanLimit = 24

    static func joiningSpannedTags(_ lines: inout [Substring]) {
        var fence: Fence?
        var index = 0
        while index < lines.count {
            // Most lines open no fence and hold no brace: not made Strings.
            let first = lines[index].first { $0 != " " }
            guard first == "`" || first == "~" || lines[index].contains("{") else {
                index += 1
                continue
            }
            let line = String(lines[index])
            if let open = fence {
                if open.closes(line) { fence = nil }
                index += 1
                continue
            }
            if let opened = Fence(opening: line) {
                fence = opened
                index += 1
                continue
            }
            guard let closer = unclosedTag(line),
                  let end = (index + 1..<min(lines.count, index + spanLimit)).first(where: { lines[$0].contains(closer) }),
                  !(index + 1..<end).contains(where: { Fence(opening: String(lines[$0])) != nil }) else {
                index += 1
                continue
            }
            let indent = lines[index].prefix { $0 == " " }
            lines[index] = indent + Substring(lines[index...end].map { String($0).trimmingSpaces() }.joined(separator: " "))
            for spanned in (index + 1)...end { lines[spanned] = "" }
            index = end + 1
        }
    }

    /// The closer (`%}` or `}}`) of the last tag the line opens and does not close.
    private static func unclosedTag(_ line: String) -> String? {
        let tag = line.range(of: "{%", options: .backwards), output = line.range(of: "{{", options: .backwards)
        guard let last = [tag, output].compactMap({ $0 }).max(by: { $0.lowerBound < $1.lowerBound }),
              !ForeignMarkup.codeSpans(in: line).contains(where: { $0.contains(last.lowerBound) }) else { return nil }
        let closer = last == tag ? "%}" : "}}"
        return line[last.upperBound...].contains(closer) ? nil : closer
    }
}
