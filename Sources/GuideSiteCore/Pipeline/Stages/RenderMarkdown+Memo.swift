import Foundation

/// Rendering Markdown with the bodies rendered before (`BodyMemo`): in the preview by earlier
/// builds of the process, in `build` by the last full build, and by the sites of this run before
/// this one. A body is taken again when its key (the site's renderer, its Markdown, path, first
/// line and title) and the answer to every link it asked about are the same.
extension RenderMarkdown {
    /// One site's view of the bodies for this build.
    struct Memo {
        var bodies: BodyMemo
        /// What every body of the site reads besides its page (`BodyMemo.renderer`).
        var renderer: BodyMemo.Key
        /// Each file's Markdown digest, made when it was parsed (the preview's parses taken
        /// again hold no Markdown), by content path.
        var digests: [String: BodyMemo.Key]
        /// Files whose parse was taken again, their Markdown left out, and where to read it.
        var taken: Set<String>
        var files: [String: ContentFile]
        var reader: PageReader

        /// Keeps a body the site rendered or took, for the sites after it and the next build.
        func keep(_ key: BodyMemo.Key, _ taken: BodyMemo.Taken) {
            bodies.keep(key, taken)
        }

        /// The page's body key and its Markdown's digest.
        func key(for page: Page) -> (key: BodyMemo.Key, digest: BodyMemo.Key) {
            let digest = digests[page.contentPath] ?? BodyMemo.digest(page.markdown)
            return (BodyMemo.key(renderer: renderer, page: page, markdown: digest), digest)
        }

        /// `input` with its Markdown read again, when its parse was taken without it.
        func withMarkdown(_ input: Page) -> Page? {
            guard taken.contains(input.contentPath), let file = files[input.contentPath], let read = reader.read(file).value else { return nil }
            var page = input
            page.markdown = read.markdown
            page.bodyFirstLine = read.bodyFirstLine
            return page
        }
    }

    /// The site's view of the run's bodies (`bodies`): with the parses the preview's memo took
    /// (`parses`), or those `build` kept.
    static func memo(_ bodies: BodyMemo, parses: BuildMemo?, _ inputs: Inputs, walk: Walk, layout: SiteLayout) -> Memo {
        let taken = parses?.taken ?? []
        return Memo(bodies: bodies, renderer: BodyMemo.renderer(inputs.site, settings: inputs.settings, lint: inputs.lint),
                    digests: parses?.markdownDigests ?? bodies.digests, taken: taken,
                    files: taken.isEmpty ? [:] : walk.markdownByPath, reader: PageReader(layout: layout, config: inputs.settings))
    }
}
