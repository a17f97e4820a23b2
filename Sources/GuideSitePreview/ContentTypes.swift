/// Content types by file extension for the files a site holds, with the charset of text (the
/// file middleware's own map has none).
enum ContentTypes {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "pdf": "application/pdf", "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg",
        "woff": "font/woff", "woff2": "font/woff2", "vtt": "text/vtt; charset=utf-8", "zip": "application/zip",
    ]
}
