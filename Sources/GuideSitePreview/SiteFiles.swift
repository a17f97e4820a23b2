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

    /// What the path leads to, looked up once: the identifier is one version of the file, so its
    /// attributes (Content-Length, ETag, Last-Modified) and its bytes, whole or a range, all come
    /// from that version whatever rebuilds install meanwhile.
    func getFileIdentifier(_ path: String) -> PreviewState.Target? {
        RequestPath.isSafe(path) ? session.state.target(of: path) : nil
    }

    func getAttributes(id: PreviewState.Target) async throws -> Attributes? {
        switch id {
        case .file(let relative, let file, let script):
            let size = relative.hasSuffix(".html") ? LiveReload.injectedSize(of: file.data, script: script) : file.data.count
            return Attributes(isFolder: false, size: size, modificationDate: file.modified)
        case .folder:
            return Attributes(isFolder: true, size: 0, modificationDate: Date(timeIntervalSince1970: 0))
        }
    }

    func loadFile(id: PreviewState.Target, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: ByteBuffer(bytes: try served(id)))
    }

    func loadFile(id: PreviewState.Target, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let data = try served(id)
        guard range.lowerBound >= 0, range.lowerBound < data.count else { throw HTTPError(.rangeNotSatisfiable) }
        let upper = min(range.upperBound, data.count - 1)
        return ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + range.lowerBound...data.startIndex + upper]))
    }

    /// The bytes served for a file: its own, with the live-reload script in HTML.
    private func served(_ id: PreviewState.Target) throws -> Data {
        guard case .file(let relative, let file, let script) = id else { throw HTTPError(.notFound) }
        return relative.hasSuffix(".html") ? LiveReload.inject(script, into: file.data) : file.data
    }
}
