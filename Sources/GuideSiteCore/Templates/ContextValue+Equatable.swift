/// Values a layout sees, compared and encoded: what a page shows stands for its output, so a page
/// whose values are the same as before is not rendered again (`PageContext`). Maps shared between
/// pages (the site's values, the navigation) compare as one reference.
extension ContextValue: Equatable, Encodable {
    static func == (lhs: ContextValue, rhs: ContextValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.flag(let a), .flag(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.map(let a), .map(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.other(let a), .other(let b)): a == b
        default: false
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .flag(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .map(let map): try container.encode(map)
        case .list(let list): try container.encode(list)
        case .other(let box): try container.encode(box)
        }
    }
}

extension ContextMap: Equatable, Encodable {
    static func == (lhs: ContextMap, rhs: ContextMap) -> Bool {
        lhs.isSameStorage(as: rhs) || lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (key, value) in zip(keys, values) {
            try container.encode(key)
            try container.encode(value)
        }
    }
}

/// A value of another type is equal to one of the same type and value when its type can be
/// compared (front matter maps can); otherwise only to itself, which renders the page again.
extension OtherValue: Equatable, Encodable {
    static func == (lhs: OtherValue, rhs: OtherValue) -> Bool {
        if lhs === rhs { return true }
        guard let left = lhs.value as? any Hashable, let right = rhs.value as? any Hashable else { return false }
        return AnyHashable(left) == AnyHashable(right)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = value as? any Encodable {
            try container.encode(value)
        } else {
            try container.encode(String(describing: value))
        }
    }
}

extension ContextValue {
    /// The value's parts for a fingerprint (`Fingerprinted`), each kind tagged.
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .text(let text):
            bytes.append(1)
            bytes.append(text: text)
        case .flag(let flag):
            bytes.append(flag ? 3 : 2)
        case .number(let number):
            bytes.append(4)
            bytes.append(word: number)
        case .map(let map):
            bytes.append(5)
            map.write(into: &bytes)
        case .list(let list):
            bytes.append(6)
            bytes.append(word: list.count)
            for map in list { map.write(into: &bytes) }
        case .other(let box):
            bytes.append(7)
            if let map = box.value as? OrderedMap {
                FrontValue.map(map.entries).write(into: &bytes)
                return
            }
            let fingerprint = Fingerprint.of(box)
            bytes.append(word: Int(bitPattern: UInt(fingerprint.high)))
            bytes.append(word: Int(bitPattern: UInt(fingerprint.low)))
        }
    }
}

extension ContextMap {
    func write(into bytes: inout [UInt8]) {
        if let fingerprint = madeFingerprint {
            bytes.append(8)
            bytes.append(word: Int(bitPattern: UInt(fingerprint.high)))
            bytes.append(word: Int(bitPattern: UInt(fingerprint.low)))
            return
        }
        bytes.append(9)
        bytes.append(word: keys.count)
        for (key, value) in zip(keys, values) {
            bytes.append(text: key)
            value.write(into: &bytes)
        }
    }
}

extension FrontValue {
    /// What a template can show of the value (not where it was written).
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .text(let text):
            bytes.append(1)
            bytes.append(text: text)
        case .bool(let flag):
            bytes.append(flag ? 3 : 2)
        case .null:
            bytes.append(0)
        case .list(let items):
            bytes.append(6)
            bytes.append(word: items.count)
            for item in items { item.write(into: &bytes) }
        case .map(let entries):
            bytes.append(5)
            bytes.append(word: entries.count)
            for entry in entries {
                bytes.append(text: entry.key)
                entry.value.write(into: &bytes)
            }
        }
    }
}
