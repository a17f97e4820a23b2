import Foundation
import GuideSiteCore
import Hummingbird
import Logging
import ServiceLifecycle

/// The `serve` HTTP server, a Hummingbird application: only the files of the site built in
/// memory, GET and HEAD only, conditional requests, the live-reload script in every HTML page,
/// and the rebuild events.
public struct PreviewServer: Sendable {
    /// The previewed site.
    public let session: PreviewSession
    /// Address to bind.
    public let host: String
    /// Port to bind; 0 picks a free one.
    public let port: Int
    /// A connection that sends nothing for this long (no request, or a request head that never
    /// ends) is closed, so slow or idle clients cannot hold the server's connections. An open
    /// live-reload event stream is a response in progress and stays open.
    public var idleTimeout: Duration = .seconds(15)
    /// Request heads larger than this (one header, or all together) are refused, and so are
    /// more than 100 headers.
    public static let maxHeaderBytes = 16 * 1024

    /// A server for `session`.
    public init(session: PreviewSession, host: String = "127.0.0.1", port: Int = 4000) {
        self.session = session
        self.host = host
        self.port = port
    }

    /// The Hummingbird application; `onRunning` receives the bound port once it listens.
    /// `watcher` rebuilds the site on every change until the server stops.
    public func application(
        watcher: FileWatcher?, onRebuild: @escaping @Sendable (PreviewSession.Rebuild) async -> Void = { _ in },
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "guidesite.serve")
        logger.logLevel = .warning
        var services: [any Service] = []
        if let watcher {
            // Watch from now on, before the server listens, so no save is missed at startup.
            services.append(WatchService(session: session, watcher: watcher, changes: watcher.changes(), onRebuild: onRebuild))
        }
        return Application(
            router: router(),
            server: .http1(configuration: .init(
                idleTimeout: .nanoseconds(Int64(idleTimeout.components.seconds) * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000),
                httpDecoderConfiguration: .init(maxHeaderFieldSize: Self.maxHeaderBytes, maxHeaderListSize: Self.maxHeaderBytes,
                                                maxHeaderFieldCount: 100)
            )),
            // SO_REUSEADDR lets a restarted preview take its port back while the last one's closed
            // connections wait out TIME_WAIT; a port another server listens on is still refused.
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "GuideSite", reuseAddress: true),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// The site's files through Hummingbird's file middleware (folders, ETags, conditional and
    /// range requests, content types), wrapped in the preview's own middleware, outermost first.
    /// The router has no routes of its own: every path is a file of the site or not found.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: MethodsMiddleware())
        router.add(middleware: LiveReloadMiddleware(session: session))
        router.add(middleware: ErrorPageMiddleware(session: session))
        router.add(middleware: NotFoundMiddleware(session: session))
        let types = ContentTypes.byExtension.compactMapValues { MediaType(from: $0) }
        router.add(middleware: FileMiddleware(
            fileProvider: SiteFiles(session: session),
            cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]),
            searchForIndexHtml: true
        ).withAdditionalMediaTypes(forFileExtensions: types))
        return router
    }
}

/// Rebuilds the site on every settled burst of changes until the server shuts down, then ends
/// the event streams so the server can stop.
struct WatchService: Service {
    let session: PreviewSession
    let watcher: FileWatcher
    let changes: AsyncStream<Void>
    let onRebuild: @Sendable (PreviewSession.Rebuild) async -> Void

    func run() async throws {
        await withGracefulShutdownHandler {
            for await _ in changes {
                if Task.isCancelled { break }
                await onRebuild(await session.rebuild(knownChanges: watcher.takeChanges()))
            }
        } onGracefulShutdown: {
            watcher.stop()
            Task { await session.state.close() }
        }
        watcher.stop()
        await session.state.close()
    }
}
