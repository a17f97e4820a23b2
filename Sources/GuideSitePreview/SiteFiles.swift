import Foundation
import Hummingbird

/// The site built in memory as Hummingbird's `FileMiddleware` reads files: folders (a page's
/// `index.html`), sizes and modification dates for its ETags and conditional requests, and HTML
/// served with the live-reload script.
struct SiteFiles: FileProvider {
    struct Attributes: FileMiddlewareFileAttributes {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    let session: PreviewSession

    /// The request path itself, once it is safe to look up; where it leads is decided with the
    /// current base path by `PreviewState.target(of:)`.
    func getFileIdentifier(_ path: String) -> String? {
        RequestPath.isSafe(path) ? path : nil
    }

    func getAttributes(id: String) async throws -> Attributes? {
        switch await session.state.target(of: id) {
        case .file(let relative, let file, let script):
            let size = relative.hasSuffix(".html") ? LiveReload.injectedSize(of: file.data, script: script) : file.data.count
            return Attributes(isFolder: false, size: size, modificationDate: file.modified)
        case .folder:
            return Attributes(isFolder: true, size: 0, modificationDate: Date(timeIntervalSince1970: 0))
        case nil:
            return nil
        }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: ByteBuffer(bytes: try await served(id)))
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let data = try await served(id)
        guard range.lowerBound >= 0, range.upperBound < data.count else { throw HTTPError(.rangeNotSatisfiable) }
        return ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + range.lowerBound...data.startIndex + range.upperBound]))
    }

    /// The bytes served for a file: its own, with the live-reload script in HTML.
    private func served(_ id: String) async throws -> Data {
        guard case .file(let relative, let file, let script) = await session.state.target(of: id) else { throw HTTPError(.notFound) }
        return relative.hasSuffix(".html") ? LiveReload.inject(script, into: file.data) : file.data
    }
}
