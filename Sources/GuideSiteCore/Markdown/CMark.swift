import Foundation
import CCmarkGFM

/// A document parsed by Debian's libcmark-gfm (GFM tables, strikethrough, autolinks, tag
/// filter, task lists, footnotes). With `MarkdownNode`, the only code that talks to the C
/// library: every allocation is freed when the document goes.
final class MarkdownDocument {
    static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
    private let parser: OpaquePointer
    private let document: OpaquePointer
    private let extensions: UnsafeMutablePointer<cmark_llist>?

    /// Registers cmark-gfm's extensions exactly once per process, whatever the thread.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Parses `markdown`; nil when cmark-gfm runs out of memory. `tagFilter`: GFM's filter that
    /// escapes `<iframe>`, `<style>` and the like; off where the site keeps raw HTML, as the
    /// generators that keep it (kramdown, Python-Markdown, markdown-it with `html`) do.
    init?(_ markdown: String, tagFilter: Bool = true) {
        _ = Self.extensionsRegistered
        guard let parser = cmark_parser_new(Self.options) else { return nil }
        for name in ["table", "strikethrough", "autolink", "tasklist"] + (tagFilter ? ["tagfilter"] : []) {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        markdown.utf8CString.withUnsafeBufferPointer { buffer in cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1) }
        guard let document = cmark_parser_finish(parser) else {
            cmark_parser_free(parser)
            return nil
        }
        self.parser = parser
        self.document = document
        extensions = cmark_parser_get_syntax_extensions(parser)
    }

    deinit {
        cmark_node_free(document)
        cmark_parser_free(parser)
    }

    var root: MarkdownNode { MarkdownNode(document) }

    /// The HTML of the whole document, handed to `body` as bytes without a copy.
    func withHTML<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        html(of: root, body)
    }

    /// The HTML of `node` and what it holds.
    func html(of node: MarkdownNode) -> String? {
        html(of: node) { String(decoding: $0, as: UTF8.self) }
    }

    private func html<T>(of node: MarkdownNode, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let rendered = cmark_render_html(node.pointer, Self.options, extensions) else { return nil }
        defer { free(rendered) }
        return body(UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered)))
    }
}

/// One node of a `MarkdownDocument`, valid while the document is and until it is removed.
struct MarkdownNode: Hashable {
    fileprivate let pointer: OpaquePointer

    fileprivate init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    enum Kind {
        case document, heading, paragraph, blockQuote, item, codeBlock, htmlBlock, htmlInline, text, code, softBreak, lineBreak, link, image
        /// A table, a task-list item, or any other node of an extension or of plain Markdown.
        case other
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        default: .other
        }
    }

    /// Whether an extension made this node a table, or a list item a task.
    var isTable: Bool { hasTypeName("table") }
    var isTaskItem: Bool { kind == .item && hasTypeName("tasklist") }

    private func hasTypeName(_ name: String) -> Bool {
        guard let type = cmark_node_get_type_string(pointer) else { return false }
        return strcmp(type, name) == 0
    }

    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }
    var lastChild: MarkdownNode? { cmark_node_last_child(pointer).map(MarkdownNode.init) }
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }
    var previous: MarkdownNode? { cmark_node_previous(pointer).map(MarkdownNode.init) }

    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    /// 1-based line and column in the Markdown parsed (0 for nodes made here).
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }

    var url: String {
        get { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
        nonmutating set { cmark_node_set_url(pointer, newValue) }
    }

    func setTitle(_ title: String) {
        cmark_node_set_title(pointer, title)
    }

    var literal: String? {
        get { cmark_node_get_literal(pointer).map { String(cString: $0) } }
        nonmutating set { cmark_node_set_literal(pointer, newValue) }
    }

    /// The literal's bytes, handed to `body` without a copy; nil for a node without one.
    func withLiteralBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let literal = cmark_node_get_literal(pointer) else { return nil }
        return body(UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal)))
    }

    /// A new node, not yet in any document (cmark-gfm frees it with the tree it joins).
    static func make(_ kind: Kind, literal: String? = nil, url: String? = nil) -> MarkdownNode? {
        let type: cmark_node_type
        switch kind {
        case .text: type = CMARK_NODE_TEXT
        case .link: type = CMARK_NODE_LINK
        case .htmlBlock: type = CMARK_NODE_HTML_BLOCK
        case .paragraph: type = CMARK_NODE_PARAGRAPH
        default: return nil
        }
        guard let pointer = cmark_node_new(type) else { return nil }
        if let literal { cmark_node_set_literal(pointer, literal) }
        if let url { cmark_node_set_url(pointer, url) }
        return MarkdownNode(pointer)
    }

    func insertBefore(_ node: MarkdownNode) {
        cmark_node_insert_before(pointer, node.pointer)
    }

    func insertAfter(_ node: MarkdownNode) {
        cmark_node_insert_after(pointer, node.pointer)
    }

    func appendChild(_ node: MarkdownNode) {
        cmark_node_append_child(pointer, node.pointer)
    }

    /// Puts an HTML block holding `html` before the node (wrappers opened around its blocks).
    func insertBefore(html: String) {
        if let block = MarkdownNode.make(.htmlBlock, literal: html) { insertBefore(block) }
    }

    /// Puts an HTML block holding `html` after the node.
    func insertAfter(html: String) {
        if let block = MarkdownNode.make(.htmlBlock, literal: html) { insertAfter(block) }
    }

    /// Takes the node and everything under it out of the document, and frees it.
    func remove() {
        cmark_node_unlink(pointer)
        cmark_node_free(pointer)
    }

    /// Puts the children where the node was, and removes the node.
    func unwrap() {
        while let child = cmark_node_first_child(pointer) { cmark_node_insert_before(pointer, child) }
        remove()
    }

    /// Puts an HTML block holding `html` (UTF-8, a 0 appended here) in place of the node.
    func replace(withHTML html: inout [UInt8]) {
        html.append(0)
        defer { html.removeLast() }
        guard let block = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { return }
        html.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_node_set_literal(block, $0.baseAddress) }
        }
        cmark_node_replace(pointer, block)
        cmark_node_free(pointer)
    }

    /// Every node under this one and itself, in document order, collected before any is edited
    /// (cmark's iterator must not see a tree that changes under it).
    func descendants() -> [MarkdownNode] {
        guard let iterator = cmark_iter_new(pointer) else { return [] }
        defer { cmark_iter_free(iterator) }
        var nodes: [MarkdownNode] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { nodes.append(MarkdownNode(node)) }
        }
        return nodes
    }
}
