import Foundation

/// Rendering Markdown with the bodies earlier builds of the process rendered (`BuildMemo`): a
/// page's is taken again when its page, its Markdown, the site's renderer and the answer to every
/// link it asked about are as they were.
extension RenderMarkdown {
    /// One site's view of the memo for this build.
    struct Memo {
        /// The bodies the site's last build rendered, by content path.
        var known: [String: BuildMemo.Rendered]
        /// What every body of the site reads besides its page (`rendererKey`).
        var renderer: Int
        var hashes: [String: Int]
        /// Files whose parse was taken again, their Markdown left out, and where to read it.
        var taken: Set<String>
        var files: [String: ContentFile]
        var reader: PageReader

        /// The body rendered for `input` before, when nothing it read changed.
        func take(_ input: Page, resolver: LinkResolver) -> Diagnosed<Page>? {
            guard !input.contentPath.isEmpty, let known = known[input.contentPath], known.renderer == renderer,
                  known.markdownHash == markdownHash(of: input), known.input == stripped(input),
                  known.links.allSatisfy({ resolver.target($0.url, from: input.translationKey) == $0.target }) else { return nil }
            return known.result
        }

        /// `input` with its Markdown read again, when its parse was taken without it.
        func withMarkdown(_ input: Page) -> Page? {
            guard taken.contains(input.contentPath), let file = files[input.contentPath], let read = reader.read(file).value else { return nil }
            var page = input
            page.markdown = read.markdown
            page.bodyFirstLine = read.bodyFirstLine
            return page
        }

        /// What a page rendered now leaves for the next build.
        func record(_ input: Page, links: [BuildMemo.AskedLink], result: Diagnosed<Page>) -> BuildMemo.Rendered? {
            guard !input.contentPath.isEmpty else { return nil }
            return BuildMemo.Rendered(input: stripped(input), markdownHash: markdownHash(of: input), renderer: renderer, links: links, result: result)
        }

        private func markdownHash(of page: Page) -> Int {
            hashes[page.contentPath] ?? BuildMemo.hash(page.markdown)
        }

        private func stripped(_ page: Page) -> Page {
            guard !page.markdown.isEmpty else { return page }
            var bare = page
            bare.markdown = ""
            return bare
        }
    }

    /// What every body of the site being built reads besides its page and its links' answers:
    /// the renderer's settings and texts, the platforms a subset keeps, and the titles a page
    /// without one takes (`TitleFinder`); not the rest of site.yml (a description, a footer).
    static func rendererKey(_ context: BuildContext) -> Int {
        var hasher = Hasher()
        let config = context.config
        hasher.combine(config.unsafeHTML)
        hasher.combine(config.highlightCode)
        hasher.combine(config.tabs)
        hasher.combine(config.platforms)
        hasher.combine(config.frameworks)
        hasher.combine(context.siteConfig.platforms)
        hasher.combine(context.siteConfig.frameworks)
        hasher.combine(context.variant.subset)
        hasher.combine(config.title)
        for section in config.sections {
            hasher.combine(section.name)
            hasher.combine(section.title)
        }
        hasher.combine(context.variant.key)
        hasher.combine(context.strings)
        hasher.combine(context.makesContentChecks)
        hasher.combine(context.siteConfig.url)
        hasher.combine(context.siteConfig.basePath)
        return hasher.finalize()
    }

    /// Every page rendered or taken from `memo`, which then holds this build's bodies of the site.
    static func memoized(_ pages: [Page], context: BuildContext, excluded: [(contentPath: String, route: Route)], routes: [String: Route],
                         memo: BuildMemo) -> (pages: [Diagnosed<Page>], taken: Int) {
        let key = context.variant.key
        let files = context.walk.markdownByPath
        let view = Memo(known: memo.rendered[key] ?? [:], renderer: rendererKey(context), hashes: memo.markdownHashes, taken: memo.taken,
                        files: files, reader: PageReader(layout: context.layout, config: context.siteConfig))
        let made = render(pages, context: context, excluded: excluded, routes: routes, scratch: nil, memo: view)
        var kept: [String: BuildMemo.Rendered] = [:]
        for (page, (_, rendered)) in zip(pages, made) where !page.contentPath.isEmpty {
            if let rendered { kept[page.contentPath] = rendered } else if let known = view.known[page.contentPath] { kept[page.contentPath] = known }
        }
        memo.rendered[key] = kept
        return (made.map(\.0), made.count { $0.1 == nil })
    }
}
