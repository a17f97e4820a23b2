import Foundation

/// Where a build that starts from the last one writes on disk: the spare site beside the output,
/// made the live one again by the files known to differ (then swapped in like any build), or,
/// without a spare, the live output itself, a few files replaced at commit.
enum PatchOutput {
    static func open(_ basis: Basis, variant: Variant, layout: SiteLayout, request: BuildRequest) throws -> any CommittedOutput {
        guard let spareInode = SiteWriter.sparePath(for: variant.output).flatMap(BuildRecord.inode(of:)),
              let differing = basis.last.differing else {
            // No spare (the build after a first one): a few files are renamed over the live ones
            // (their pages held until then); more go into a new site of the live files linked,
            // swapped in whole, so a kill never leaves thousands of files half replaced.
            guard basis.edited.count > request.patchesInPlaceUpTo else { return InPlaceOutput(output: variant.output) }
            var writer = try prepare(variant, layout: layout, request: request)
            guard !writer.reusing else {
                writer.discard()
                throw Basis.Declined("a spare folder the last build did not leave")
            }
            let live = FileWriting.files(below: variant.output.path).filter { $0 != SiteWriter.markerName }
            return try take(live, into: &writer)
        }
        var writer = try prepare(variant, layout: layout, request: request)
        // The live site's subsets/ goes into the new one at commit; the spare never holds one.
        guard writer.reusing, BuildRecord.inode(of: writer.staging) == spareInode,
              request.allSubsets || !FileManager.default.fileExists(atPath: writer.staging.appending(path: "subsets").path) else {
            writer.discard()
            throw Basis.Declined("the spare folder is not the one the last build left")
        }
        return try take(differing, into: &writer)
    }

    private static func prepare(_ variant: Variant, layout: SiteLayout, request: BuildRequest) throws -> SiteWriter {
        var layout = layout
        layout.output = variant.output
        guard case .success(let writer) = SiteWriter.prepare(layout: layout, force: request.force,
                                                             preserving: PlanSites.keptFolders(variant, request: request)) else {
            throw Basis.Declined("the output folder cannot be prepared")
        }
        return writer
    }

    /// `writer`'s staging folder made the live output's in `paths`, which the patch then
    /// writes over.
    private static func take(_ paths: [String], into writer: inout SiteWriter) throws -> SiteWriter {
        writer.holdsOnlyWrittenFiles = true
        writer.listsFiles = true
        do {
            // The marker too, so that a patch leaves every unchanged file as it was (deploy tools
            // compare modification times).
            try writer.takeLive(paths + [SiteWriter.markerName])
        } catch {
            // Nothing was put in place: the folder is kept as the spare (its files are checked
            // before reuse) and the build goes the usual way.
            writer.discard()
            throw Basis.Declined("could not prepare the spare site: \(error.localizedDescription)")
        }
        return writer
    }
}
