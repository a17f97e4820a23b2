import ArgumentParser
import Foundation

/// Flags every command that reads a site shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder, holding site.yml, Content/ and Templates/.", valueName: "DIR"))
    var root: String = "."

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
