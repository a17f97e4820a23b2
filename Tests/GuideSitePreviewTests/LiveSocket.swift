import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain socket to the running preview, for what a test client cannot do: hold connections
/// idle or half-sent, send oversized heads, and read the live-reload event stream as it comes.
final class LiveSocket {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    enum Failure: Error { case connect, timeout }

    private let socket: Int32
    private var buffer = [UInt8]()

    init(port: Int, timeout: Double = 5) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure.connect
        }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads more bytes; false at end of stream or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// Whether the server closes the connection within `seconds` (reads return end of stream).
    func closedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK { return true }
        }
        return false
    }

    /// One request on a fresh connection, read to the end.
    static func request(port: Int, method: String = "GET", target: String, headers: [String: String] = [:], timeout: Double = 60) throws -> Reply {
        let client = try LiveSocket(port: port, timeout: timeout)
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        client.send(text + "\r\n")
        while client.fill() {}
        let raw = String(decoding: client.buffer, as: UTF8.self)
        guard let split = raw.range(of: "\r\n\r\n") else { throw Failure.timeout }
        let lines = raw[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: fields, body: String(raw[split.upperBound...]))
    }

    /// Opens an event stream at `target`.
    static func events(port: Int, target: String) throws -> LiveSocket {
        let client = try LiveSocket(port: port, timeout: 0.2)
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        return client
    }

    /// Waits up to `seconds` for an event whose text contains `text`; returns it.
    func waitForEvent(containing text: String, within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let raw = String(decoding: buffer, as: UTF8.self)
            if let range = raw.range(of: text) {
                let end = raw[range.upperBound...].range(of: "\n\n")?.upperBound ?? raw.endIndex
                let event = String(raw[..<end])
                buffer = Array(raw[end...].utf8)
                return event
            }
            _ = fill()
        }
        return nil
    }
}
