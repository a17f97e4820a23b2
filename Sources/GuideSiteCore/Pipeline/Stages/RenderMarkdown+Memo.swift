import Foundation

/// Rendering Markdown with the bodies rendered before: in the preview, queries of the process's
/// engine (`PageBody`, `FinishedPage`); in `build`, those of the last full build and of the sites
/// of this run before this one (`BodyMemo`), a body taken again when its key (the site's
/// renderer, its Markdown, path, first line and title) and the answer to every link it asked
/// about are the same.
extension RenderMarkdown {
    /// One site's view of the bodies for this build.
    struct Memo {
        var bodies: BodyMemo
        /// What every body of the site reads besides its page (`BodyMemo.renderer`).
        var renderer: BodyMemo.Key
        /// Each file's Markdown digest, made when it was parsed, by content path.
        var digests: [String: BodyMemo.Key]

        /// Keeps a body the site rendered or took, for the sites after it and the next build.
        func keep(_ key: BodyMemo.Key, _ taken: BodyMemo.Taken) {
            bodies.keep(key, taken)
        }

        /// The page's body key and its Markdown's digest.
        func key(for page: Page) -> (key: BodyMemo.Key, digest: BodyMemo.Key) {
            let digest = digests[page.contentPath] ?? BodyMemo.digest(page.markdown)
            return (BodyMemo.key(renderer: renderer, page: page, markdown: digest), digest)
        }
    }

    /// A site's pages, each body a query of the preview's engine (`parses`, whose parse stage
    /// fetched every file's), or taken from `bodies` where its key stands, or kept in `scratch`;
    /// with the site's `last` build, the edited pages (`patched`).
    static func run(_ pages: [Page], _ inputs: Inputs, last: Basis?, bodies: BodyMemo?, parses: BuildMemo?, scratch: ScratchFile?,
                    log: inout StageLog) -> Rendered {
        guard last == nil else { return patched(pages, inputs, bodies: bodies, log: &log) }
        // (Pages are told apart by their files: those of no file or of one file twice render as below.)
        if let parses, Set(pages.map(\.contentPath)).count == pages.count, !pages.contains(where: \.contentPath.isEmpty) {
            let clock = ContinuousClock(), start = clock.now
            let queries = Queries(parses, inputs, pages: pages)
            log.parts.append(("of which setting the pages as the engine's inputs", clock.now - start))
            return run(pages, inputs, scratch: nil, memo: nil, queries: queries, log: &log)
        }
        let memo = bodies.map { Self.memo($0, inputs) }
        return run(pages, inputs, scratch: scratch, memo: memo, log: &log)
    }

    /// One site's pages as the preview's engine finishes them (`FinishedPage`), its inputs set
    /// from the site's pages, settings, routes and copied files.
    struct Queries {
        let engine: QueryEngine
        let site: String
        private let runsBefore: Int

        init(_ memo: BuildMemo, _ inputs: Inputs, pages: [Page]) {
            (engine, site) = (memo.queries, inputs.site.variant.key)
            engine.set(BodySettings(site: site), to: BodySettings.Value(settings: inputs.settings, config: inputs.site.config,
                                                                      strings: inputs.site.strings, subset: inputs.site.variant.subset))
            let excluded = inputs.excluded.map { SiteLinks.Excluded(contentPath: $0.contentPath, route: $0.route) }
            let links = SiteLinks.Value(routes: inputs.routes.whole, assets: inputs.assets.sorted(), excluded: excluded)
            engine.set(SiteLinks(site: site), to: links)
            let key = site, paths = Set(pages.map(\.contentPath))
            engine.set(all: pages.map { (SelectedPage(site: key, path: $0.contentPath), $0) })
            // A page gone is set absent: the engine holds its Markdown no longer.
            for gone in memo.selectedPaths[site, default: []].subtracting(paths) {
                engine.set(SelectedPage(site: site, path: gone), to: nil)
            }
            memo.selectedPaths[site] = paths
            runsBefore = engine.runs(of: PageBody.self)
        }

        /// How many bodies were rendered since it was made.
        func runs() -> Int { engine.runs(of: PageBody.self) - runsBefore }

        /// Each of `pages` (those it was made with) finished.
        func made(_ pages: [Page]) -> [Made] {
            engine.fetch(all: pages.map { FinishedPage(site: site, path: $0.contentPath) }).map { Made(page: $0, kept: nil, taken: true) }
        }
    }

    /// A patch's edited pages, rendered as a build of every page would: on disk
    /// (`bodies`) kept for the next such build, in a file of their own; in memory with the
    /// identity it would give them.
    private static func patched(_ pages: [Page], _ inputs: Inputs, bodies: BodyMemo?, log: inout StageLog) -> Rendered {
        bodies?.patching = true
        let kept = bodies.map { Self.memo($0, inputs) }
        let identifying = BodyMemo.renderer(inputs.site, settings: inputs.settings)
        return run(pages, inputs, scratch: nil, memo: kept, identifying: identifying, log: &log)
    }

    /// The site's view of the run's bodies (`bodies`, which `build` kept).
    static func memo(_ bodies: BodyMemo, _ inputs: Inputs) -> Memo {
        Memo(bodies: bodies, renderer: BodyMemo.renderer(inputs.site, settings: inputs.settings), digests: bodies.digests)
    }
}
