import Foundation

/// Appends values as bytes: integers in a variable length (`uint64` in eight bytes), strings as
/// a length and their UTF-8. The
/// build state (`LastBuild`) is written with it; nothing here is meant to outlive the binary
/// that wrote it (the state's key holds the binary's stamp).
struct ByteWriter {
    var bytes: [UInt8] = []

    /// A variable-length integer: seven bits per byte, low bits first, the sign folded into
    /// the lowest bit (most numbers here are small: lengths, lines, page indices).
    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        uint64(value.bitPattern)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func strings(_ values: [String]) {
        array(values) { $0.string($1) }
    }

    mutating func ints(_ values: [Int]) {
        array(values) { $0.int($1) }
    }
}

/// Reads what `ByteWriter` wrote. Any read past the end, or a length that cannot be, throws:
/// a damaged or foreign file is then a state that is not used, never a crash.
struct ByteReader {
    struct Damaged: Error {}

    let base: UnsafeRawBufferPointer
    var offset: Int

    init(_ base: UnsafeRawBufferPointer, offset: Int = 0) {
        self.base = base
        self.offset = offset
    }

    var isAtEnd: Bool { offset == base.count }

    mutating func int() throws -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < base.count, shift < 64 else { throw Damaged() }
            let byte = base[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let folded = Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1)
        return Int(folded)
    }

    mutating func uint64() throws -> UInt64 {
        guard base.count - offset >= 8 else { throw Damaged() }
        let value = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func double() throws -> Double {
        Double(bitPattern: try uint64())
    }

    mutating func bool() throws -> Bool {
        guard offset < base.count else { throw Damaged() }
        offset += 1
        switch base[offset - 1] {
        case 0: return false
        case 1: return true
        default: throw Damaged()
        }
    }

    /// A count of items of at least `minimumSize` bytes each that the rest of the file can hold.
    mutating func count(minimumSize: Int = 1) throws -> Int {
        let count = try int()
        guard count >= 0, count <= (base.count - offset) / max(minimumSize, 1) else { throw Damaged() }
        return count
    }

    mutating func string() throws -> String {
        let count = try count()
        let start = offset
        offset += count
        return String(decoding: UnsafeRawBufferPointer(rebasing: base[start..<offset]), as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(minimumSize: Int = 1, _ read: (inout ByteReader) throws -> T) throws -> [T] {
        let count = try count(minimumSize: minimumSize)
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func strings() throws -> [String] {
        try array { try $0.string() }
    }

    mutating func ints() throws -> [Int] {
        try array { try $0.int() }
    }

    /// The next `count` bytes, as they are.
    mutating func bytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, base.count - offset >= count else { throw Damaged() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: base[offset..<(offset + count)])
    }
}
