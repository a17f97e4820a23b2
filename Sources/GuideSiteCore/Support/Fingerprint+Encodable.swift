import Foundation

/// Any `Encodable` value's fingerprint, read through its `Codable` declaration: a type says once
/// what it holds, and its fingerprint follows every field added to it (no list of fields kept by
/// hand). Keyed containers are read in the order of their keys, so a dictionary's fingerprint
/// does not depend on its order in this process; each part is tagged with its kind and length.
extension Fingerprint {
    public static func of(_ value: some Encodable) -> Fingerprint {
        if let parts = value as? any Fingerprinted {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 15)
            parts.write(into: &bytes)
            return bytes.withUnsafeBytes { Fingerprint.of(bytes: $0) }
        }
        let node = FingerprintEncoder.Node()
        // Encoding into a tree never throws: a value that throws (none here) keeps what it wrote.
        try? value.encode(to: FingerprintEncoder(node: node, codingPath: []))
        let fingerprinter = Fingerprinter()
        node.write(into: fingerprinter)
        return fingerprinter.finish()
    }
}

/// A value that writes its parts as bytes for its fingerprint, each tagged and each text with its
/// length: a large value (a page's template values) hashed in one pass rather than through a
/// tree of its encoding.
public protocol Fingerprinted: Encodable {
    func write(into bytes: inout [UInt8])
}

extension [UInt8] {
    /// `number`'s eight bytes.
    mutating func append(word number: Int) {
        Swift.withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { append(contentsOf: $0) }
    }

    /// `text`'s length and UTF-8 bytes; a long text's fingerprint instead (a page's HTML is
    /// hashed where it is, not copied).
    mutating func append(text: String) {
        let count = text.utf8.count
        append(word: count)
        guard count >= 512 else { return append(contentsOf: text.utf8) }
        var text = text
        let fingerprint = text.withUTF8 { Fingerprint.of(bytes: UnsafeRawBufferPointer($0)) }
        append(word: Int(bitPattern: UInt(fingerprint.high)))
        append(word: Int(bitPattern: UInt(fingerprint.low)))
    }
}

/// Encodes into a tree of nodes, written into a `Fingerprinter` once whole (a keyed container's
/// keys are known only at its end).
struct FingerprintEncoder: Encoder {
    final class Node {
        enum Kind { case empty, scalar, keyed, unkeyed }

        var kind = Kind.empty
        var bytes: [UInt8] = []
        var entries: [(key: String, node: Node)] = []
        var items: [Node] = []

        func write(into fingerprinter: Fingerprinter) {
            switch kind {
            case .empty:
                fingerprinter.add(0)
            case .scalar:
                fingerprinter.add(1)
                bytes.withUnsafeBytes { fingerprinter.add(bytes: $0) }
            case .keyed:
                fingerprinter.add(2)
                fingerprinter.add(entries.count)
                for entry in entries.sorted(by: { $0.key < $1.key }) {
                    fingerprinter.add(entry.key)
                    entry.node.write(into: fingerprinter)
                }
            case .unkeyed:
                fingerprinter.add(3)
                fingerprinter.add(items.count)
                for item in items { item.write(into: fingerprinter) }
            }
        }

        func keyed(_ key: String) -> Node {
            let child = Node()
            kind = .keyed
            entries.append((key, child))
            return child
        }

        func appended() -> Node {
            let child = Node()
            kind = .unkeyed
            items.append(child)
            return child
        }

        func set(_ bytes: [UInt8]) {
            (kind, self.bytes) = (.scalar, bytes)
        }
    }

    let node: Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.kind = .keyed
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.kind = .unkeyed
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(node: node, codingPath: codingPath)
    }

    /// The bytes of a scalar: its text, or its bits for numbers (tagged, so 1 and "1" differ).
    static func bytes<T: Encodable>(of value: T) -> [UInt8]? {
        switch value {
        case let text as String: [0] + Array(text.utf8)
        case let flag as Bool: [1, flag ? 1 : 0]
        case let number as Double: [2] + withUnsafeBytes(of: number.bitPattern.littleEndian, Array.init)
        case let number as Float: [2] + withUnsafeBytes(of: Double(number).bitPattern.littleEndian, Array.init)
        case let number as any BinaryInteger: [3] + Array(String(number).utf8)
        default: nil
        }
    }

    static func encode<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
        if let bytes = bytes(of: value) {
            node.set(bytes)
        } else {
            try value.encode(to: FingerprintEncoder(node: node, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.keyed(key.stringValue).set([4]) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try FingerprintEncoder.encode(value, into: node.keyed(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey> {
            FingerprintEncoder(node: node.keyed(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            FingerprintEncoder(node: node.keyed(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { FingerprintEncoder(node: node.keyed("super"), codingPath: codingPath) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            FingerprintEncoder(node: node.keyed(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int { node.items.count }

        mutating func encodeNil() throws { node.appended().set([4]) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try FingerprintEncoder.encode(value, into: node.appended(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            FingerprintEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            FingerprintEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { FingerprintEncoder(node: node.appended(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.set([4]) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try FingerprintEncoder.encode(value, into: node, codingPath: codingPath)
        }
    }
}

/// A value kept as `any Sendable`, fingerprinted as what it is (every query's value is
/// `Encodable`).
struct AnyEncodable: Encodable {
    let value: any Sendable

    init(_ value: any Sendable) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try (value as! any Encodable).encode(to: encoder)
    }
}
