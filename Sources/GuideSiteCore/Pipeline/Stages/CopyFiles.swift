import Foundation

/// The theme's and the content's files, the sitemap, and the wait for criteria.json and the
/// search index. Under a basis those are the last build's, but for the edited pages' entries in
/// the search index.
/// Reads: `Site`, `CompiledTheme`, `SiteExports`, `Basis`, `EditSummary`. Writes: the output,
/// `recording.search`.
enum CopyFiles: BuildStage {
    static let name = "copy files"

    static func run(_ context: inout BuildContext) {
        let exports = context.exports
        context.exports = nil
        // Whatever fails below, the files of the other thread are written before the build
        // commits or discards its staging folder.
        defer { _ = try? exports?.wait() }
        guard let site = context.site, let writer = context.output, let theme = context.theme?.theme else { return }
        if let basis = context.basis, !context.edits.relinked {
            do {
                let search = try SearchIndexPatch.patched(site, edits: context.edits, state: basis.last, output: context.plan.variants[0].output,
                                                             prefix: context.variant.prefix)
                if let data = search.data { try writer.write(data, to: SearchIndex.path) }
                for shard in search.shards.files { try writer.write(shard.data, to: shard.path) }
                for path in search.shards.removed { try writer.remove(path) }
                context.recording.search = search.layout
                context.recording.exportParts = basis.last.memory?.exportParts
            } catch let declined as Basis.Declined {
                context.declined = declined.reason
            } catch {
                context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.variant.output), category: "io",
                                                      "could not write the search index: \(error.localizedDescription)"))
            }
            return
        }
        // Linked anew from the last build's pages: the copied files stand; the feed and the
        // sitemap show titles and dates.
        if context.basis != nil {
            do {
                try writeListings(site, writer: writer, context: context)
                context.recording.search = try exports?.wait()
                context.recording.exportParts = exports?.parts
                context.recording.exportLayout = exports?.layout
            } catch let declined as Basis.Declined {
                context.declined = declined.reason
            } catch {
                context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.variant.output), category: "io",
                                                      "could not write the site: \(error.localizedDescription)"))
            }
            return
        }
        do {
            for asset in theme.assets {
                try writer.write(asset.data, to: "assets/" + asset.path)
            }
            try writer.write(Data(context.strings.script.utf8), to: ThemeStrings.scriptPath)
            for asset in site.assets {
                try writer.copy(asset.url, to: asset.relativePath)
            }
            try writeListings(site, writer: writer, context: context)
            context.recording.search = try exports?.wait()
            context.recording.exportParts = exports?.parts
            context.recording.exportLayout = exports?.layout
        } catch {
            context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.layout.output), category: "io",
                                                  "could not write the site: \(error.localizedDescription)"))
        }
    }

    /// The sitemap and the Atom feed, with site.yml's `url`.
    private static func writeListings(_ site: Site, writer: any SiteOutput, context: BuildContext) throws {
        guard let url = context.config.url else { return }
        try writer.write(Data(Sitemap.xml(for: site, siteURL: url, basePath: context.basePath).utf8), to: "sitemap.xml")
        if let feed = AtomFeed.xml(for: site, siteURL: url, basePath: context.basePath) {
            try writer.write(Data(feed.utf8), to: SitePaths.feed)
        }
    }
}
