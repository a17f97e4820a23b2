/// The words the renderer writes into a body: a code block's name, callouts' kinds, the mark of
/// a link that leaves a subset. English unless the build passes the theme's strings.
public struct MarkdownLabels: Sendable, Hashable {
    /// `{number}` and the language after it in parentheses.
    public var codeExample = "Code example {number}"
    public var callouts = ["note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution"]
    public var outsideGuide = "In the full guide, outside this one"
    public var fullGuide = "full guide"
    /// The name of a page's own contents (kramdown's `{:toc}`).
    public var contents = "Contents"

    public init() {}

    /// The labels of a theme's strings (`code-example`, `callout-note`, …), by key.
    public init(_ text: (String) -> String) {
        codeExample = text("code-example")
        for kind in callouts.keys { callouts[kind] = text("callout-" + kind) }
        outsideGuide = text("outside-guide")
        fullGuide = text("full-guide")
        contents = text("contents")
    }
}
