import Foundation

/// How a page finds its title in its body.
public enum TitleRule: Sendable, Hashable, Codable {
    /// The front matter gave the title; a body opening with `# Heading` has that as its title.
    case given(String)
    /// No title yet: the first `#` heading becomes the title and leaves the body.
    case fromFirstHeading
}

/// What the Markdown stage produced for one page.
public struct RenderedBody: Sendable, Hashable, Encodable {
    /// The body as HTML, headings placed under the page's `h1`.
    public var html: String
    /// Headings in document order.
    public var headings: [Heading]
    /// The title found in the body: its first `#` heading under `.fromFirstHeading`, its
    /// opening one under `.given`.
    public var title: String?
    /// Every link and image destination as the author wrote it, with its line.
    public var links: [SourceLink] = []
    /// Every stretch of text the annotator turned into a link, by its key.
    public var annotations: [SourceLink] = []
    /// Links rewritten to leave the guide or turned into text, as `target` and what became of them.
    public var rewritten: [SourceLink] = []
    /// Where `html` went when the site is too large to hold every body's (`RenderMarkdown`):
    /// `html` is then empty.
    var stored: ScratchText?
    /// What the body was made from and its links' answers (`BodyMemo.identity`): equal for
    /// equal bodies in every process, so a page's output can be compared with the last
    /// build's on disk, which keeps no HTML. Nil when not known (a patch renders without it).
    var identity: Digest128?

    /// The body's HTML, wherever it is held.
    var htmlText: String { stored?.text ?? html }
}

/// A link destination (or annotation key) and where it was written.
public struct SourceLink: Sendable, Hashable, Codable {
    /// The destination as written, or the annotation's key.
    public var target: String
    /// 1-based line in the source file.
    public var line: Int
    /// 1-based column.
    public var column: Int
}

/// What to do with a link destination.
public enum LinkTarget: Sendable, Hashable, Codable {
    /// Leave it as written.
    case keep
    /// Write this destination instead.
    case url(String)
    /// Point to this address outside the guide being built, and say so in the link.
    case leavingGuide(String)
    /// Remove the link, keeping its text.
    case plainText
    /// Remove a link to a file that is not part of the site (source code next to the content),
    /// keeping its text, with a warning.
    case unpublished
}

/// A stretch of running text to turn into a link (a criterion mentioned by number, say).
public struct TextAnnotation: Sendable {
    /// The stretch, in the text node given to the annotator.
    public var range: Range<String.Index>
    /// Where the link goes.
    public var url: String
    /// A key reported back in `RenderedBody.annotations` ("1.4.3").
    public var key: String

    /// Creates an annotation.
    public init(range: Range<String.Index>, url: String, key: String) {
        self.range = range
        self.url = url
        self.key = key
    }
}

/// Which platform sections a subset keeps: a heading whose text is one of `platforms` opens a
/// section that runs to the next heading of the same or a higher level.
public struct PlatformFilter: Sendable, Hashable, Codable {
    /// Every platform name of the site (site.yml `platforms:`), compared case-insensitively.
    public var platforms: [String]
    /// The ones to keep.
    public var keep: [String]
    /// The site's frameworks: one of a platform the filter drops is dropped too.
    public var frameworks: [Framework]

    /// Creates a filter.
    public init(platforms: [String], keep: [String], frameworks: [Framework] = []) {
        self.platforms = platforms
        self.keep = keep
        self.frameworks = frameworks
    }

    /// Whether a heading (or a code block's tab label) names a platform the filter drops, or a
    /// framework of one.
    func drops(_ heading: String) -> Bool {
        let name = heading.trimmingSpaces().lowercased()
        let platform = frameworks.first { $0.name.lowercased() == name }?.platform?.lowercased() ?? name
        return platforms.contains { $0.lowercased() == platform } && !keep.contains { $0.lowercased() == platform }
    }
}

/// Finds annotations in text nodes.
public struct TextAnnotator: Sendable {
    /// Whether a text node's UTF-8 bytes may hold anything to annotate. Most text holds nothing,
    /// and is skipped without being made a `String` (a tenth of the Markdown stage).
    public var mayMatch: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool
    /// The annotations of a text node; the flag is true for the first text of a heading or list item.
    public var annotate: @Sendable (_ text: String, _ atBlockStart: Bool) -> [TextAnnotation]

    /// Creates an annotator; `annotate` must find nothing in text `mayMatch` rejects.
    public init(mayMatch: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Bool,
                annotate: @escaping @Sendable (_ text: String, _ atBlockStart: Bool) -> [TextAnnotation]) {
        self.mayMatch = mayMatch
        self.annotate = annotate
    }
}
