import Foundation

/// FNV-1a over the bytes given, twice with different offsets (128 bits): the same inputs give
/// the same hash in every process, unlike Swift's seeded `Hasher`.
struct StableHash {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
    }

    mutating func add(bytes data: Data) {
        for byte in data { mix(byte) }
        mix(0)
    }

    private mutating func mix(_ byte: UInt8) {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (second >> 29)
    }

    var hex: String {
        String(first, radix: 16).leftPadded(to: 16) + String(second, radix: 16).leftPadded(to: 16)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
