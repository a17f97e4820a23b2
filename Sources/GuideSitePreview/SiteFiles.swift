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
    /// current base path in `getAttributes`.
    func getFileIdentifier(_ path: String) -> String? {
        RequestPath.isSafe(path) ? path : nil
    }

    func getAttributes(id: String) async throws -> Attributes? {
        let basePath = await session.basePath
        guard let relative = RequestPath.relative(id, basePath: basePath) else { return nil }
        let state = session.state
        let folder = Attributes(isFolder: true, size: 0, modificationDate: Date(timeIntervalSince1970: 0))
        if relative.isEmpty || relative.hasSuffix("/") {
            return await state.file(at: relative + "index.html") == nil ? nil : folder
        }
        if let file = await state.file(at: relative) {
            let size = relative.hasSuffix(".html") ? LiveReload.injectedSize(of: file.data, basePath: basePath) : file.data.count
            return Attributes(isFolder: false, size: size, modificationDate: file.modified)
        }
        return await state.file(at: relative + "/index.html") == nil ? nil : folder
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
        let basePath = await session.basePath
        guard let relative = RequestPath.relative(id, basePath: basePath), let file = await session.state.file(at: relative) else {
            throw HTTPError(.notFound)
        }
        return relative.hasSuffix(".html") ? LiveReload.inject(into: file.data, basePath: basePath) : file.data
    }
}
