import Mustache

/// Mustache's `{{name}}` escaping, registered under `contentTypeName` and switched on at the top
/// of every theme template. The same five replacements as swift-mustache's own HTML type,
/// done over bytes (swift-mustache's compares `Character`s through a dictionary, and was a
/// tenth of a 10,000-entry build).
struct FastHTMLContentType: MustacheContentType {
    static let contentTypeName = "GUIDESITE_HTML"
    /// The pragma put on a line of its own before each template's text: a standalone tag, so
    /// it leaves no blank line and does not change whether the template's first tag stands alone.
    static let pragma = "{{%CONTENT_TYPE:\(contentTypeName)}}\n"

    /// Registers the type with swift-mustache once per process.
    static let registered: Bool = {
        MustacheContentTypes.register(FastHTMLContentType(), named: contentTypeName)
        return true
    }()

    func escapeText(_ text: String) -> String {
        HTML.escape(text)
    }
}
