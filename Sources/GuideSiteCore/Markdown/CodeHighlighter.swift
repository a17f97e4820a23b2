import CSyntaxHighlighting
import Foundation

/// Highlights code blocks at build time with KDE's KSyntaxHighlighting (the engine of Kate and
/// KWrite, 300 languages): tokens become `<span class="hl-…">`, which the theme's CSS colours.
/// The only file that uses CSyntaxHighlighting.
enum CodeHighlighter {
    /// Fence languages whose definition KSyntaxHighlighting names otherwise; other words are
    /// tried as a definition name, then as a file extension (`kt`, `ts`, `yml`).
    static let definitionNames: [String: String] = [
        "swift": "Swift", "kotlin": "Kotlin", "java": "Java", "objc": "Objective-C", "objective-c": "Objective-C",
        "objectivec": "Objective-C", "obj-c": "Objective-C", "objc++": "Objective-C++", "html": "HTML", "xhtml": "HTML",
        "css": "CSS", "scss": "SCSS", "javascript": "JavaScript", "js": "JavaScript", "mjs": "JavaScript",
        "typescript": "TypeScript", "ts": "TypeScript", "jsx": "JavaScript React (JSX)", "tsx": "TypeScript React (TSX)",
        "xml": "XML", "svg": "XML", "json": "JSON", "yaml": "YAML", "yml": "YAML", "sh": "Bash", "bash": "Bash",
        "shell": "Bash", "zsh": "Zsh", "c": "C", "cpp": "C++", "c++": "C++", "python": "Python", "py": "Python",
        "ruby": "Ruby", "rb": "Ruby", "go": "Go", "rust": "Rust", "dart": "Dart", "groovy": "Groovy",
        "gradle": "Groovy", "sql": "SQL", "diff": "Diff", "markdown": "Markdown", "md": "Markdown",
    ]

    /// Fence words that mean plain text; KSyntaxHighlighting would find a definition for some.
    static let plain: Set<String> = ["text", "txt", "plain", "plaintext", "output", "console", "none", "nohighlight"]

    /// The class of each KSyntaxHighlighting::Theme::TextStyle, in its order. Normal text,
    /// operators and punctuation (two thirds of all tokens) and Error have none: Error marks
    /// what a definition does not know, such as Swift's `"\(interpolation)"`, not wrong code.
    static let classes: [String?] = [
        nil, "hl-keyword", "hl-function", "hl-variable", "hl-control", nil, "hl-builtin", "hl-extension",
        "hl-preprocessor", "hl-attribute", "hl-char", "hl-special-char", "hl-string", "hl-verbatim", "hl-special-string",
        "hl-import", "hl-type", "hl-number", "hl-number", "hl-number", "hl-constant", "hl-comment", "hl-doc",
        "hl-annotation", "hl-comment-var", "hl-region", "hl-information", "hl-warning", "hl-alert", nil, "hl-others",
    ]

    /// How many styles KSyntaxHighlighting has; `classes` names each.
    static let styleCount = Int(gs_highlighter_style_count())

    /// Blocks with a longer line (minified code, data) stay plain: KSyntaxHighlighting's time grows
    /// with the square of a line's length (16 KB in 60 ms, 96 KB in 2.5 s, 426 KB in 50 s).
    static let longestLine = 5_000

    private static let pool = HighlighterPool()

    /// The time spent highlighting since the process started, summed over threads (`--timings`).
    static var timeSpent: Duration { pool.timeSpent }

    /// Appends `code` as escaped HTML with its tokens in spans (written by CSyntaxHighlighting in
    /// one pass: Swift writing it from a callback per token cost a third more), and returns
    /// true; returns false, appending nothing, when no definition knows `language`.
    static func append(_ code: String, language: String, into html: inout [UInt8]) -> Bool {
        let word = language.lowercased()
        guard !word.isEmpty, !plain.contains(word) else { return false }
        let name = definitionNames[word] ?? language
        var code = code
        return code.withUTF8 { bytes in
            var lineStart = 0
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                if offset - lineStart > longestLine { return false }
                lineStart = offset + 1
            }
            guard bytes.count - lineStart <= longestLine else { return false }
            return pool.with { highlighter in
                guard gs_highlighter_select(highlighter, name) == 1 else { return false }
                var written: UnsafePointer<CChar>?
                let count = bytes.withMemoryRebound(to: CChar.self) {
                    gs_highlighter_html(highlighter, $0.baseAddress, $0.count, classNames, Int32(classNames.count), &written)
                }
                if let written { html.append(contentsOf: UnsafeRawBufferPointer(start: written, count: count)) }
                return true
            }
        }
    }

    /// `classes` as C strings for CSyntaxHighlighting, made once and kept.
    nonisolated(unsafe) private static let classNames: [UnsafePointer<CChar>?] = classes.map { name in
        name.map { UnsafePointer(strdup($0)!) }
    }
}

/// KSyntaxHighlighting loads definitions lazily and is not for two threads at once: each
/// thread borrows a highlighter of its own, made the first time one is short.
private final class HighlighterPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []
    private var spent = Duration.zero

    var timeSpent: Duration { lock.withLock { spent } }

    func with<T>(_ body: (OpaquePointer) -> T) -> T {
        let clock = ContinuousClock(), start = clock.now
        let highlighter = lock.withLock { idle.popLast() } ?? gs_highlighter_create()!
        defer {
            let elapsed = clock.now - start
            lock.withLock {
                idle.append(highlighter)
                spent += elapsed
            }
        }
        return body(highlighter)
    }
}
