import Foundation
import GuideSiteCore
import Hummingbird
import Logging
import ServiceLifecycle

/// The `serve` HTTP server: only the files of the site built in memory, GET and HEAD only,
/// conditional requests, the live-reload script in every HTML page, and the rebuild events.
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
        let session = self.session
        var logger = Logger(label: "guidesite.serve")
        logger.logLevel = .warning
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await Self.respond(to: request, session: session)
        }
        var services: [any Service] = []
        if let watcher {
            // Watch from now on, before the server listens, so no save is missed at startup.
            services.append(WatchService(session: session, watcher: watcher, changes: watcher.changes(), onRebuild: onRebuild))
        }
        return Application(
            responder: responder,
            server: .http1(configuration: .init(
                idleTimeout: .nanoseconds(Int64(idleTimeout.components.seconds) * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000),
                httpDecoderConfiguration: .init(maxHeaderFieldSize: Self.maxHeaderBytes, maxHeaderListSize: Self.maxHeaderBytes,
                                                maxHeaderFieldCount: 100)
            )),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "GuideSite", reuseAddress: false),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    static func respond(to request: Request, session: PreviewSession) async -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Only GET and HEAD are allowed.\n")))
        }
        let basePath = await session.basePath
        let raw = request.head.path ?? "/"
        let state = session.state
        if raw.split(separator: "?").first.map(String.init) == basePath + LiveReload.eventsPath {
            return await events(state: state)
        }
        let files = await state.servedFiles()
        let errorPage = await state.currentErrorPage()
        let head = request.method == .head
        switch RequestPath.resolve(raw, basePath: basePath, exists: { files[$0] != nil }) {
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location, .contentLength: "0"])
        case .notFound:
            if let errorPage { return html(errorPage, status: .internalServerError, basePath: basePath, etag: nil, head: head) }
            if let notFound = files["404.html"] {
                return html(notFound.data, status: .notFound, basePath: basePath, etag: nil, head: head)
            }
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
        case .file(let path):
            guard let file = files[path] else { return Response(status: .notFound) }
            let type = ContentTypes.forPath(path)
            if type.hasPrefix("text/html"), let errorPage {
                return html(errorPage, status: .internalServerError, basePath: basePath, etag: nil, head: head)
            }
            if request.headers[.ifNoneMatch] == file.etag {
                return Response(status: .notModified, headers: [.eTag: file.etag, .cacheControl: "no-cache"])
            }
            if type.hasPrefix("text/html") {
                return html(file.data, status: .ok, basePath: basePath, etag: file.etag, head: head)
            }
            return Response(status: .ok, headers: [.contentType: type, .contentLength: String(file.data.count), .eTag: file.etag, .cacheControl: "no-cache"],
                            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
        }
    }

    private static func html(_ data: Data, status: HTTPResponse.Status, basePath: String, etag: String?, head: Bool) -> Response {
        let body = LiveReload.inject(into: data, basePath: basePath)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .contentLength: String(body.count), .cacheControl: "no-cache"]
        if let etag { headers[.eTag] = etag }
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private static func events(state: PreviewState) async -> Response {
        let stream = await state.subscribe()
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                // An open event stream must not hold up the server's shutdown.
                try await withGracefulShutdownHandler {
                    for await event in stream {
                        try await writer.write(ByteBuffer(string: event))
                    }
                } onGracefulShutdown: {
                    Task { await state.close() }
                }
                try await writer.finish(nil)
            }
        )
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
