import Foundation
import Synchronization

/// How tags and attribute lists are told apart from text.
extension LiquidPreprocessor {
    /// A Kramdown attribute line such as `{: .note}` or `{:toc}`.
    static func isKramdownAttributeLine(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return trimmed.hasPrefix("{:") && trimmed.hasSuffix("}") && !trimmed.dropFirst(2).contains("{")
    }

    /// A trailing Kramdown attribute list (`Text {: .class}`) removed.
    static func stripTrailingAttributes(_ line: String) -> String {
        guard line.hasSuffix("}"), let open = line.range(of: "{:", options: .backwards),
              !line[open.upperBound...].contains("{") else { return line }
        return String(line[..<open.lowerBound].trimmingSuffix())
    }

    static func tagName(_ tag: Substring) -> String {
        let inner = tag.dropFirst(2).dropLast(2).drop { $0 == "-" || $0 == " " || $0 == "\t" }
        return String(inner.prefix { !$0.isWhitespace && $0 != "-" && $0 != "%" })
    }

    static func longestBacktickRun(_ line: String) -> Int {
        var longest = 0, current = 0
        for byte in line.utf8 {
            current = byte == UInt8(ascii: "`") ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

/// Include files read once per build, however many pages insert them.
final class IncludeFiles: Sendable {
    private let read = Mutex<[String: String?]>([:])

    /// The file `name` of the includes folder `folder`, by its name: a URL for every include of
    /// every page was a tenth of the preprocessing.
    func text(named name: String, in folder: URL) -> String? {
        let key = "\u{0}" + name
        if let known = read.withLock({ $0[key] }) { return known }
        let text = try? String(contentsOf: folder.appending(path: name), encoding: .utf8)
        read.withLock { $0[key] = text }
        return text
    }

    func text(at url: URL) -> String? {
        if let known = read.withLock({ $0[url.path] }) { return known }
        let text = try? String(contentsOf: url, encoding: .utf8)
        read.withLock { $0[url.path] = text }
        return text
    }
}

/// The include files one page's text read, named as its tags name them in the includes folder
/// (found or not): a build after one of them came, went or changed reads that page again.
public final class IncludeReads: Sendable {
    private let names = Mutex<Set<String>>([])

    public init() {}

    func note(_ name: String) { names.withLock { _ = $0.insert(name) } }

    public var sorted: [String] { names.withLock { $0.sorted() } }
}

/// A `{% highlight lang %}` line (the tag alone on its line, possibly indented).
struct HighlightTag {
    var indent: String
    var language: String
    var column: Int

    init?(_ line: String) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let trimmed = line.dropFirst(indent.count).trimmingSuffix()
        guard trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}"),
              LiquidPreprocessor.tagName(trimmed) == "highlight" else { return nil }
        let words = trimmed.dropFirst(2).dropLast(2).split(whereSeparator: \.isWhitespace)
        guard words.count >= 1 else { return nil }
        self.indent = String(indent)
        self.language = words.count > 1 ? String(words[1].filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }) : ""
        self.column = indent.count + 1
    }

    /// `{% endhighlight %}`, with or without kramdown's attribute list after it (`{: .demo}`).
    static func isEnd(_ line: String) -> Bool {
        let trimmed = LiquidPreprocessor.stripTrailingAttributes(line).drop { $0 == " " || $0 == "\t" }.trimmingSuffix()
        return trimmed.hasPrefix("{%") && trimmed.hasSuffix("%}") && LiquidPreprocessor.tagName(trimmed) == "endhighlight"
    }
}

/// An open CommonMark code fence, to tell code from prose.
struct Fence {
    var character: Character
    var length: Int

    init?(opening line: String) {
        let indent = line.prefix { $0 == " " }
        guard indent.count < 4 else { return nil }
        let rest = line.dropFirst(indent.count)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let run = rest.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", rest.dropFirst(run.count).contains("`") { return nil }
        character = first
        length = run.count
    }

    func closes(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " }
        guard indent.count < 4 else { return false }
        let rest = line.dropFirst(indent.count).trimmingSuffix()
        return rest.count >= length && rest.allSatisfy { $0 == character }
    }
}

extension StringProtocol {
    /// The text without trailing spaces and tabs.
    func trimmingSuffix() -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
