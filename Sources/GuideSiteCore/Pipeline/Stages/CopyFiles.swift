import Foundation

/// The theme's and the content's files, the sitemap, and the wait for criteria.json and the
/// search index (`SiteExports`). Under a basis those are the last build's: a site linked anew
/// writes the listings again (`relinked`), otherwise only the edited pages' search entries
/// change (`patched`).
enum CopyFiles {
    static let name = "copy files"

    /// What the exports left for the last build: the search index's layout, each page's parts
    /// (kept by the preview) and where they are in the files (kept on disk).
    struct Copied {
        var search: SearchIndex.Layout?
        var exportParts: ExportParts?
        var exportLayout: ExportLayout?
        var diagnostics: [Diagnostic] = []
    }

    /// With the site's `last` build, what `edits` changed of it (`relinked`, `patched`;
    /// `output`: the live output of the run's first site).
    /// `assetWrites`: under a basis, the copied files to copy again and the paths to remove;
    /// Under a basis, the files copied from the theme's files that moved are written again.
    static func run(_ site: Site, _ spec: SiteSpec, theme: Theme, writer: any SiteOutput, exports: SiteExports?, layout: SiteLayout,
                    last: Basis?, edits: EditSummary, output: URL, assetWrites: AssetsMoved.Writes = AssetsMoved.Writes()) throws -> Copied {
        guard let last else { return copied(site, spec, theme: theme, writer: writer, exports: exports, layout: layout) }
        do {
            if !last.themeFiles.isEmpty {
                let taken = Set(site.assets.map(\.relativePath)).union([ThemeStrings.scriptPath])
                let moved = theme.assetWrites(of: last.themeFiles, taken: taken)
                for asset in moved.write { try writer.write(asset.data, to: asset.path) }
                for path in moved.remove { try writer.remove(path) }
            }
            for asset in assetWrites.copy { try writer.copy(asset.url, to: asset.relativePath) }
            for path in assetWrites.remove { try writer.remove(path) }
        } catch {
            _ = try? exports?.wait()
            return Copied(diagnostics: [Diagnostic(.error, layout.displayPath(spec.variant.output), category: "io",
                                                   "could not write the site: \(error.localizedDescription)")])
        }
        guard edits.relinked else { return try patched(site, spec, writer: writer, edits: edits, basis: last, output: output, layout: layout) }
        return try relinked(site, spec, writer: writer, exports: exports, layout: layout, last: edits.lastSite ?? last.last.site)
    }

    private static func copied(_ site: Site, _ spec: SiteSpec, theme: Theme, writer: any SiteOutput, exports: SiteExports?, layout: SiteLayout) -> Copied {
        // Whatever fails below, the files of the other thread are written before the build
        // commits or discards its staging folder.
        defer { _ = try? exports?.wait() }
        do {
            for asset in theme.assets {
                try writer.write(asset.data, to: "assets/" + asset.path)
            }
            try writer.write(Data(spec.strings.script.utf8), to: ThemeStrings.scriptPath)
            for asset in site.assets {
                try writer.copy(asset.url, to: asset.relativePath)
            }
            try writeListings(site, spec, writer: writer)
            return Copied(search: try exports?.wait(), exportParts: exports?.parts, exportLayout: exports?.layout)
        } catch {
            return Copied(diagnostics: [Diagnostic(.error, layout.displayPath(layout.output), category: "io",
                                                   "could not write the site: \(error.localizedDescription)")])
        }
    }

    /// Linked anew from the last build's pages: the copied files stand; the listings show titles,
    /// dates and categories.
    private static func relinked(_ site: Site, _ spec: SiteSpec, writer: any SiteOutput, exports: SiteExports?, layout: SiteLayout,
                                 last: Site) throws -> Copied {
        defer { _ = try? exports?.wait() }
        do {
            try writeListings(site, spec, writer: writer, over: last)
            return Copied(search: try exports?.wait(), exportParts: exports?.parts, exportLayout: exports?.layout)
        } catch let declined as Basis.Declined {
            throw declined
        } catch {
            return Copied(diagnostics: [Diagnostic(.error, layout.displayPath(spec.variant.output), category: "io",
                                                   "could not write the site: \(error.localizedDescription)")])
        }
    }

    /// The edited pages' entries replaced in the last build's search index (`output`: the live
    /// output of the run's first site).
    private static func patched(_ site: Site, _ spec: SiteSpec, writer: any SiteOutput, edits: EditSummary, basis: Basis, output: URL,
                        layout: SiteLayout) throws -> Copied {
        do {
            let search = try SearchIndexPatch.patched(site, edits: edits, state: basis.last, output: output, prefix: spec.variant.prefix)
            if let data = search.data { try writer.write(data, to: SearchIndex.path) }
            for shard in search.shards.files { try writer.write(shard.data, to: shard.path) }
            for path in search.shards.removed { try writer.remove(path) }
            return Copied(search: search.layout, exportParts: basis.last.memory?.exportParts)
        } catch let declined as Basis.Declined {
            throw declined
        } catch {
            return Copied(diagnostics: [Diagnostic(.error, layout.displayPath(spec.variant.output), category: "io",
                                                   "could not write the search index: \(error.localizedDescription)")])
        }
    }

    /// The files listing the site's pages, by path: the sitemap and the Atom feeds, with
    /// site.yml's `url`. Made from the whole site by every build that links it (an edit inside
    /// a body, patched, changes nothing they show).
    static func listings(_ site: Site, _ spec: SiteSpec) -> [(path: String, text: String)] {
        guard let url = spec.config.url else { return [] }
        return [("sitemap.xml", Sitemap.xml(for: site, siteURL: url, basePath: spec.basePath))]
            + AtomFeed.feeds(for: site, siteURL: url, basePath: spec.basePath)
    }

    /// The listings written; `over`: the last build's site, whose listings no longer made are removed.
    private static func writeListings(_ site: Site, _ spec: SiteSpec, writer: any SiteOutput, over last: Site? = nil) throws {
        let made = listings(site, spec)
        for file in made { try writer.write(Data(file.text.utf8), to: file.path) }
        guard let last else { return }
        let kept = Set(made.map(\.path))
        for path in listingPaths(last) where !kept.contains(path) { try writer.remove(path) }
    }

    /// Every path `listings` can write for `site` (removing one not there does nothing).
    private static func listingPaths(_ site: Site) -> [String] {
        ["sitemap.xml", SitePaths.feed] + site.categories.map { SitePaths.feed(of: site.pages[$0.page].route) }
    }
}
