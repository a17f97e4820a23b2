import Foundation

/// The SHA-256 of a file's bytes in hex: what a translation's `translation-of:` names (its first
/// characters) to say which version of its source it translates.
enum ContentHash {
    static func hex(_ data: Data) -> String {
        var text = ""
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 15)])
        }
        return text
    }

    private static let hexDigits = Array("0123456789abcdef")
}
