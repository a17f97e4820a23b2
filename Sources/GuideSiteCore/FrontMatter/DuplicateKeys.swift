import Foundation

/// Jekyll (Ruby's Psych) and Eleventy (js-yaml's `json: true` mode, as gray-matter uses it)
/// accept a key written twice in one block map and keep the last value; libyaml, through Yams,
/// refuses the document. This removes the earlier occurrence of such a key, its value included,
/// keeping every line where it was so later diagnostics still point at the source.
enum DuplicateKeys {
    /// `yaml` without the occurrence of `key` whose first character is at 1-based `line` and
    /// `column`, and the line of the occurrence kept; nil when that occurrence is not a key of a
    /// block map (a flow map `{a: 1, a: 2}` stays an error).
    static func dropOccurrence(of key: String, line: Int, column: Int, in yaml: String) -> (yaml: String, kept: Int?)? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count, column >= 1 else { return nil }
        let text = Array(lines[line - 1])
        guard column - 1 <= text.count else { return nil }
        // Before the key: only spaces, or the `- ` of the list item the map opens.
        let prefix = text[..<(column - 1)]
        guard prefix.allSatisfy({ $0 == " " || $0 == "-" }) else { return nil }
        let rest = String(text[(column - 1)...])
        guard startsWithKey(rest, key) else { return nil }
        lines[line - 1] = String(prefix).trimmingSuffix().isEmpty ? "" : String(prefix)
        // The value goes too: the lines after it that are blank or indented deeper than the key.
        var next = line
        while next < lines.count {
            let candidate = lines[next]
            let indent = candidate.prefix { $0 == " " }.count
            let blank = candidate.allSatisfy { $0 == " " }
            if !blank, indent <= column - 1 { break }
            lines[next] = ""
            next += 1
        }
        // The occurrence that stays, at the same column further down.
        let kept = (next..<lines.count).first { index in
            let candidate = lines[index]
            return candidate.prefix { $0 == " " }.count == column - 1 && startsWithKey(String(candidate.dropFirst(column - 1)), key)
        }.map { $0 + 1 }
        return (lines.joined(separator: "\n"), kept)
    }

    /// Whether `text` starts with `key` (plain or quoted) followed by a colon.
    private static func startsWithKey(_ text: String, _ key: String) -> Bool {
        for written in [key, "\"\(key)\"", "'\(key)'"] where text.hasPrefix(written) {
            let after = text.dropFirst(written.count).drop { $0 == " " }
            if after.first == ":" { return true }
        }
        return false
    }
}
