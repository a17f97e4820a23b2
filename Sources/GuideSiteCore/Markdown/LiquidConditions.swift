/// `{% if %}`, `{% elsif %}` (Nunjucks' `elif`), `{% else %}`, `{% unless %}` and their ends,
/// evaluated from what `LiquidOutput` reads: a value alone (Liquid's truth: all but nil and
/// false), `not`, `==`, `!=` and `contains`, joined by `and` and `or`. A condition it cannot read
/// keeps every branch, as before it was evaluated, and says so.
struct LiquidConditions {
    private struct Frame {
        /// The enclosing text is shown.
        var parentShown: Bool
        /// This branch is shown.
        var shown: Bool
        /// A branch was taken already, so later ones are not.
        var taken: Bool
        /// The condition could be read; otherwise every branch is kept.
        var evaluated: Bool
    }

    private var frames: [Frame] = []

    /// The tags this handles.
    static let names: Set<String> = ["if", "unless", "elsif", "elif", "else", "endif", "endunless"]

    /// Whether text here is shown.
    var shown: Bool { frames.last.map { $0.shown } ?? true }

    /// Handles a tag; false when it is not one of the conditionals, or when its condition could
    /// not be read (the caller warns and leaves the tag out, keeping the text).
    mutating func handle(_ name: String, arguments: Substring, output: LiquidOutput) -> Bool {
        switch name {
        case "if", "unless":
            let value = Self.truth(of: arguments, output: output).map { name == "unless" ? !$0 : $0 }
            frames.append(Frame(parentShown: shown, shown: shown && (value ?? true), taken: value ?? false, evaluated: value != nil))
            return value != nil
        case "elsif", "elif":
            guard var frame = frames.popLast() else { return false }
            guard frame.evaluated, let value = Self.truth(of: arguments, output: output) else {
                frame.evaluated = false
                frame.shown = frame.parentShown
                frames.append(frame)
                return false
            }
            frame.shown = frame.parentShown && !frame.taken && value
            frame.taken = frame.taken || value
            frames.append(frame)
            return true
        case "else":
            guard var frame = frames.popLast() else { return false }
            frame.shown = frame.parentShown && (!frame.evaluated || !frame.taken)
            frames.append(frame)
            return frame.evaluated
        case "endif", "endunless":
            guard let frame = frames.popLast() else { return false }
            return frame.evaluated
        default:
            return false
        }
    }

    /// The condition's truth, or nil when it holds something this build does not read.
    static func truth(of condition: Substring, output: LiquidOutput) -> Bool? {
        truth(of: tokens(condition)[...], output: output)
    }

    /// The words of a condition, each parenthesis one of its own.
    private static func tokens(_ condition: Substring) -> [Substring] {
        var words: [Substring] = []
        for word in condition.split(separator: " ", omittingEmptySubsequences: true) {
            var rest = word
            while rest.first == "(" {
                words.append("(")
                rest = rest.dropFirst()
            }
            var closing = 0
            while rest.last == ")" {
                closing += 1
                rest = rest.dropLast()
            }
            if !rest.isEmpty { words.append(rest) }
            words += Array(repeating: ")", count: closing)
        }
        return words
    }

    private static func truth(of condition: ArraySlice<Substring>, output: LiquidOutput) -> Bool? {
        var words = condition
        // Parentheses around the whole condition group it, as the author means (`(a or b) and c`).
        while words.first == "(", closing(of: words) == words.index(before: words.endIndex) {
            words = words.dropFirst().dropLast()
        }
        // Liquid reads `and` and `or` from the right, outside parentheses.
        var depth = 0, split: Int?
        for index in words.indices.reversed() {
            switch words[index] {
            case ")": depth += 1
            case "(": depth -= 1
            case "or" where depth == 0, "and" where depth == 0: split = index
            default: break
            }
            if split != nil { break }
        }
        if let index = split {
            guard let left = truth(of: words[..<index], output: output),
                  let right = truth(of: words[(index + 1)...], output: output) else { return nil }
            return words[index] == "or" ? left || right : left && right
        }
        if words.first == "not" { return truth(of: words.dropFirst(), output: output).map { !$0 } }
        guard !words.contains("(") else { return nil }
        let at = words.startIndex
        if words.count == 1 {
            guard let value = output.operand(String(words[at])) else { return nil }
            return value.isTrue
        }
        guard words.count == 3, let left = output.operand(String(words[at])),
              let right = output.operand(String(words[at + 2])) else { return nil }
        switch words[at + 1] {
        case "==", "===": return left.text == right.text
        case "!=", "!==": return left.text != right.text
        case "contains":
            if case .list(let items) = left { return items.contains { $0.text == right.text } }
            return right.text.map { left.text?.contains($0) ?? false }
        default: return nil
        }
    }

    /// The position of the parenthesis that closes the one `words` opens with.
    private static func closing(of words: ArraySlice<Substring>) -> Int? {
        var depth = 0
        for index in words.indices {
            if words[index] == "(" { depth += 1 }
            if words[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

extension LiquidOutput {
    /// An operand of a condition: a literal (`"text"`, a number, `true`, `false`, `nil`), or a
    /// value the page, site.yml, the include or an assignment gives; `.null` when none does.
    func operand(_ text: String) -> FrontValue? {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "nil", "null", "none", "undefined", "empty", "blank": return .null
        default:
            if let first = text.first, first == "\"" || first == "'" {
                return text.count >= 2 && text.last == first ? .text(String(text.dropFirst().dropLast())) : nil
            }
            if Double(text) != nil { return .text(text) }
            guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else { return nil }
            return value(at: text) ?? .null
        }
    }
}

extension FrontValue {
    /// Liquid's truth: everything but nil and false.
    var isTrue: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        default: true
        }
    }
}
