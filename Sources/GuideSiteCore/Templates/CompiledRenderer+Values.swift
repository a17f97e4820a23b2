import Mustache

/// How the renderer finds and writes values: swift-mustache's lookup, lists and truth.
extension CompiledRenderer {
    /// swift-mustache's lookup: `.` is the current object, `.a.b` starts from it, `a.b` from the
    /// highest object on the stack that has an `a`.
    static func lookup(_ path: CompiledTemplate.Path, in stack: [Frame]) -> ContextValue? {
        if path.isCurrent { return stack.last.flatMap { representation($0.value) } }
        if path.isAnchored {
            guard let top = stack.last else { return nil }
            guard let first = path.names.first else { return representation(top.value) }
            guard let found = top.child(first) else { return nil }
            return resolve(path.names.dropFirst(), from: found).flatMap(representation)
        }
        guard let first = path.names.first else { return stack.last.flatMap { representation($0.value) } }
        // By position from the top, each frame read in place: iterating `reversed()` copied
        // every frame it passed, and indexing the array counted a reference to each.
        return stack.withUnsafeBufferPointer { frames -> ContextValue? in
            var position = frames.count - 1
            while position >= 0 {
                if let found = frames[position].child(first) {
                    if path.names.count == 1 { return representation(found) }
                    return resolve(path.names.dropFirst(), from: found).flatMap(representation)
                }
                position -= 1
            }
            return nil
        }
    }

    /// An object on the context stack: a map is kept apart, since most lookups search one.
    enum Frame {
        case map(ContextMap)
        case value(ContextValue)

        init(_ value: ContextValue) {
            if case .map(let map) = value { self = .map(map) } else { self = .value(value) }
        }

        var value: ContextValue {
            switch self {
            case .map(let map): .map(map)
            case .value(let value): value
            }
        }

        func child(_ name: String) -> ContextValue? {
            switch self {
            case .map(let map): map[name]
            case .value(let value): CompiledRenderer.child(name, of: value)
            }
        }
    }

    private static func resolve(_ names: ArraySlice<String>, from object: ContextValue) -> ContextValue? {
        var current = object
        for name in names {
            guard let next = child(name, of: current) else { return nil }
            current = next
        }
        return current
    }

    static func child(_ name: String, of value: ContextValue) -> ContextValue? {
        switch value {
        case .map(let map): map[name]
        case .text, .flag, .number, .list: nil
        case .other(let box): child(name, of: box.value).map(ContextValue.init)
        }
    }

    static func child(_ name: String, of object: Any) -> Any? {
        switch object {
        case let map as [String: Any]: return map[name]
        case let map as OrderedMap: return map.child(named: name)
        case is String, is Bool, is Int, is Double, is [[String: Any]], is [String]: return nil
        default:
            let unwrapped = (object as? MustacheCustomRepresentation).map(\.representation) ?? object
            guard let unwrapped else { return nil }
            if let parent = unwrapped as? MustacheParent { return parent.child(named: name) }
            let mirror = Mirror(reflecting: unwrapped)
            guard let match = mirror.children.first(where: { $0.label == name }) else { return nil }
            return unwrapOptional(match.value)
        }
    }

    /// A custom representation of a value of another type, typed again; nil when it represents
    /// nothing.
    @inline(__always)
    private static func representation(_ value: ContextValue) -> ContextValue? {
        guard case .other(let box) = value else { return value }
        let object = box.value
        switch object {
        case is String, is Bool, is [String: Any], is [[String: Any]], is OrderedMap, is Int: return value
        default:
            guard let custom = object as? MustacheCustomRepresentation else { return value }
            return custom.representation.map(ContextValue.init)
        }
    }

    private static func unwrapOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    /// What `{{name}}` writes for a value.
    static func text(of value: ContextValue) -> String {
        switch value {
        case .text(let text): return text
        case .flag(let flag): return flag ? "true" : "false"
        case .number(let number): return String(number)
        case .map, .list, .other: return text(of: value.any)
        }
    }

    static func text(of value: Any) -> String {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag ? "true" : "false"
        default:
            if let renderable = value as? MustacheCustomRenderable { return renderable.renderText }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value { return String(describing: wrapped) }
            return String(describing: value)
        }
    }

    /// The elements of a list section, or nil when the value is not a list.
    static func items(of value: Any) -> [Any]? {
        switch value {
        case let list as [[String: Any]]: return list
        case let list as [String]: return list
        case let map as OrderedMap: return Array(map)
        case let sequence as any MustacheSequence: return elements(of: sequence)
        default: return nil
        }
    }

    private static func elements<S: Sequence>(of sequence: S) -> [Any] {
        sequence.map { $0 as Any }
    }

    static func isList(_ value: ContextValue) -> Bool {
        switch value {
        case .list: true
        case .text, .flag, .map: false
        case .number, .other: items(of: value.any) != nil
        }
    }

    /// Whether an inverted section renders: nil, false, an empty list, or a null custom value.
    static func isFalsey(_ value: ContextValue?) -> Bool {
        guard let value else { return true }
        switch value {
        case .text, .map: return false
        case .flag(let flag): return !flag
        case .list(let list): return list.isEmpty
        case .number, .other:
            let any = value.any
            if let items = items(of: any) { return items.isEmpty }
            if let renderable = any as? MustacheCustomRenderable, renderable.isNull { return true }
            return false
        }
    }
}
