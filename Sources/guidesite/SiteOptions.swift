import ArgumentParser
import Foundation
import GuideSiteCore

/// Flags every command that reads a site shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder, holding site.yml, Content/ and Templates/.", valueName: "DIR"))
    var root: String = "."

    @Option(name: .long, help: ArgumentHelp("The content folder, relative to the root (default: site.yml's `content:`, else Content). Use . for a Jekyll repository.", valueName: "DIR"))
    var content: String?

    var rootURL: URL {
        URL(fileURLWithPath: (root as NSString).expandingTildeInPath, isDirectory: true)
    }

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root \(root): no such folder")
        }
    }
}

/// Ad-hoc subset flags shared by `build` and `serve`.
struct SubsetOptions: ParsableArguments {
    @Option(name: .customLong("only-section"), help: ArgumentHelp("Only entries of this section (repeatable).", valueName: "NAME"))
    var onlySections: [String] = []

    @Option(name: .customLong("only-category"), help: ArgumentHelp("Only entries in this category (repeatable).", valueName: "NAME"))
    var onlyCategories: [String] = []

    @Option(name: .customLong("platform"), help: ArgumentHelp("Keep only this platform's sections, e.g. iOS (repeatable).", valueName: "NAME"))
    var platforms: [String] = []

    /// The ad-hoc subset, if any flag was given.
    var adHoc: Subset? {
        guard !onlySections.isEmpty || !onlyCategories.isEmpty || !platforms.isEmpty else { return nil }
        var subset = Subset(name: "custom")
        subset.title = nil
        subset.label = (onlySections + onlyCategories + platforms).joined(separator: ", ")
        subset.sections = onlySections
        subset.categories = onlyCategories
        subset.platforms = platforms
        return subset
    }
}
