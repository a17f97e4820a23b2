import Foundation
import PackagePlugin

/// Carries the repository's `Templates/` folder inside the `guidesite` binary, so an installed
/// binary builds sites that have no `Templates/` of their own.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme from Templates/",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: themeFiles(in: templates),
                outputFiles: [output]
            )
        ]
    }

    /// Every file of the theme, so that editing any of them re-runs the embedder.
    private func themeFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}
