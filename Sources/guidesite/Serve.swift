import ArgumentParser
import Foundation
import GuideSiteCore
import GuideSitePreview

/// `guidesite serve`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview the site with live reload while you edit.",
        discussion: """
            Builds the site into memory (Output/ is never touched), serves it, watches Content/, Templates/ and site.yml, rebuilds what changed on every save and reloads the pages open in the browser. A build error shows on every page until it is fixed.

            Examples:
              guidesite serve
              guidesite serve --root ../guide --port 4001 --open
              guidesite serve --platform iOS      Preview what the iOS team's guide shows
              guidesite serve --host 0.0.0.0      Reachable from other machines (be careful)
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 4000

    @Flag(help: "Include pages with `draft: true`.")
    var drafts = false

    @Flag(help: "Open the site in the default browser.")
    var open = false

    @Flag(help: "Print the time each build stage took, for every rebuild.")
    var timings = false

    @Option(help: ArgumentHelp("Preview only this subset of site.yml.", valueName: "NAME"))
    var subset: String?

    @OptionGroup var adHoc: SubsetOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if subset != nil, adHoc.adHoc != nil {
            throw ValidationError("--only-section, --only-category and --platform make their own subset; drop --subset")
        }
    }

    func run() async throws {
        var request = BuildRequest(root: site.rootURL, baseURL: subset != nil || adHoc.adHoc != nil ? "/" : nil, drafts: drafts)
        request.subset = subset
        request.adHoc = adHoc.adHoc
        request.contentFolder = site.content
        let session = PreviewSession(request: request)
        let first = await session.rebuild()
        Report(quiet: false).printDiagnostics(first.result)
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            FileHandle.standardError.write(Data("warning: serving on \(host) makes your drafts readable by other machines on the network; use --host 127.0.0.1 to keep them local\n".utf8))
        }
        let title = await session.title
        let basePath = await session.basePath
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let server = PreviewServer(session: session, host: host, port: port)
        var watched = SiteLayout(root: site.rootURL)
        watched.content = await session.contentFolder
        let watcher = FileWatcher(layout: watched)
        let open = self.open
        let timings = self.timings
        let app = server.application(
            watcher: watcher,
            onRebuild: { rebuild in
                Report(quiet: false).printDiagnostics(rebuild.result)
                if timings { Report.printTimings(rebuild.result) }
                let pages = rebuild.changedPages == ["*"] ? "every page" : "\(rebuild.changedPages.count) page\(rebuild.changedPages.count == 1 ? "" : "s")"
                Console.line(rebuild.result.outcome == .success
                      ? "Rebuilt in \(Int(rebuild.milliseconds.rounded())) ms: \(pages) changed"
                      : "Build failed: \(rebuild.result.errorCount) error(s); the browser shows them until you fix them")
            },
            onRunning: { boundPort in
                let address = "http://\(shownHost):\(boundPort)\(basePath)"
                Console.line("Serving \(title) at \(address) (Ctrl-C to stop)")
                if open { Browser.open(address) }
            }
        )
        do {
            try await app.runService()
        } catch {
            let text = String(describing: error)
            if text.contains("Address already in use") || text.contains("EADDRINUSE") || text.contains("errno: 98") {
                FileHandle.standardError.write(Data("error: port \(port) on \(host) is already in use; choose another with --port, e.g. --port \(port + 1)\n".utf8))
                throw ExitCode(2)
            }
            FileHandle.standardError.write(Data("error: the preview server stopped: \(text)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Opens an address in the desktop's browser, if there is one.
enum Browser {
    static func open(_ address: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
