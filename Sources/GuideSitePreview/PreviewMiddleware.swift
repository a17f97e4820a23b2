import Foundation
import Hummingbird
import ServiceLifecycle

/// The preview answers GET and HEAD only.
struct MethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Only GET and HEAD are allowed.\n")))
        }
        return try await next(request, context)
    }
}

/// `/_guidesite/events` under the current base path: a Server-Sent Events stream of rebuilds,
/// open until the server stops.
struct LiveReloadMiddleware<Context: RequestContext>: RouterMiddleware {
    let session: PreviewSession

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path == session.state.basePath + LiveReload.eventsPath else { return try await next(request, context) }
        let state = session.state
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

/// While the last build failed, every HTML page (and every path that is not found) is the error
/// page, which reloads by itself once the site builds again.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let session: PreviewSession

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard response.status == .notFound || response.headers[.contentType]?.hasPrefix("text/html") == true,
              let failed = session.state.currentErrorPage() else { return response }
        return PreviewPage.response(failed.page, status: .internalServerError, basePath: failed.basePath, head: request.method == .head)
    }
}

/// A path with nothing there gets the site's own 404 page, or plain text when it has none.
struct NotFoundMiddleware<Context: RequestContext>: RouterMiddleware {
    let session: PreviewSession

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            if let page = session.state.file(at: "404.html") {
                return PreviewPage.response(page.data, status: .notFound, basePath: session.state.basePath, head: request.method == .head)
            }
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
        }
    }
}

/// An HTML page the preview writes itself (the error page, the 404 page), with live reload.
enum PreviewPage {
    static func response(_ data: Data, status: HTTPResponse.Status, basePath: String, head: Bool) -> Response {
        let body = LiveReload.inject(into: data, basePath: basePath)
        let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .contentLength: String(body.count), .cacheControl: "no-cache"]
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
