import Foundation

/// `guidesite new` and `guidesite init`: files that start an entry or a whole site.
public struct Scaffolder: Sendable {
    /// Creates a scaffolder.
    public init() {}

    /// What went wrong, as a message for the author.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Writes a new entry in `section` from the archetype (`Templates/archetypes/entry.md`, else
    /// the built-in one). Refuses to overwrite. Returns the file written.
    public func newEntry(title: String, section: String, categories: [String], root: URL) throws -> URL {
        let layout = SiteLayout(root: root)
        let trimmed = title.trimmingSpaces()
        guard !trimmed.isEmpty else { throw Failure(description: "give the entry a title, e.g. guidesite new entry \"Wheel Picker\" --section native") }
        let slug = Slug.make(trimmed).filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let sectionSlug = section.trimming("/ ")
        guard !sectionSlug.isEmpty, !sectionSlug.contains("/"), !sectionSlug.contains(".."), !sectionSlug.hasPrefix(".") else {
            throw Failure(description: "--section must be a folder name such as `native`")
        }
        let file = layout.content.appending(path: "\(sectionSlug)/\(slug).md")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            throw Failure(description: "\(layout.displayPath(file)) already exists; edit it, or choose another title")
        }
        let archetype = Archetype.text(of: layout) ?? "---\ntitle: \"{{title}}\"\ncategories: [{{categories}}]\n---\n"
        let text = Archetype.render(archetype, title: trimmed, categories: categories)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        return file
    }

    /// Creates a new site in `folder` (which must be missing or empty).
    public func initSite(at folder: URL, title: String) throws -> [URL] {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) {
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard contents.filter({ !$0.hasPrefix(".") }).isEmpty else {
                throw Failure(description: "\(folder.path) is not empty; choose a new folder for the site")
            }
        }
        let files: [(String, String)] = [
            ("site.yml", """
                # GuideSite settings. Every key is optional; GuideSite's user guide lists them all (site.yml reference).

                # Shown in every page title and in the header.
                title: \(title)
                # The language of the content, for <html lang>.
                language: en
                # A sentence for the home page.
                description: Accessibility guidance for our components.
                # Where the site will be published; enables sitemap.xml. Uncomment and edit.
                # url: https://a11y.example.com/
                # Sections are the folders of Content/. Their order here is the navigation order.
                sections:
                  components:
                    title: Components
                    description: One entry per component, with how to test it.
                # Declare categories to give them titles and catch typos with `guidesite check`.
                categories:
                  controls:
                    title: Controls

                """),
            ("Content/index.md", """
                ---
                title: \(title)
                ---

                Each entry describes one component: how to test it with a keyboard, a screen reader and
                device settings, then developer notes for each platform.

                """),
            ("Templates/README.md", """
                # Templates

                Files here replace the built-in theme's files of the same path:
                `layouts/entry.mustache`, `partials/base.mustache`, `assets/site.css`,
                `archetypes/entry.md` (used by `guidesite new entry`). Leave this folder empty to use
                the built-in theme.

                """),
            ("README.md", """
                # \(title)

                Written in Markdown and built with GuideSite.

                - `guidesite serve` shows the site at http://127.0.0.1:4000/ and reloads pages as you save.
                - `guidesite new entry "Wheel Picker" --section components --categories controls` starts an entry.
                - `guidesite check` reports problems (run it in CI); `guidesite build` writes the site to Output/.

                Each entry's front matter lists how to test the component under `keyboard`, `mobile`,
                `screenreader` and `settings`, and the WCAG success criteria it serves under `wcag`.

                """),
            ("Content/components/button.md", Self.exampleEntry),
            (".gitignore", "Output/\n.Output.*/\n.guidesite-cache/\n"),
        ]
        var written: [URL] = []
        for (path, text) in files {
            let url = folder.appending(path: path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            written.append(url)
        }
        return written
    }
}
