import Foundation
import TOMLKit

/// Hugo's other front matter languages read into `FrontValue`s, as `YAMLReader` reads YAML:
/// TOML (`+++`) through toml++ (TOMLKit), JSON through Foundation's decoder. Neither library says
/// where a key was written, so each key's line is found in the text, and keys come in that order.
enum HugoFrontMatter {
    /// Reads TOML whose first line is line `firstLine` of `path`.
    static func readTOML(_ toml: String, firstLine: Int, path: String) -> Diagnosed<FrontValue> {
        do {
            let table = try TOMLTable(string: toml)
            let lines = KeyLines(toml, firstLine: firstLine, quote: nil)
            return Diagnosed(map(table, lines: lines, fallback: firstLine))
        } catch let error as TOMLParseError {
            return Diagnosed(.null, [Diagnostic(
                .error, path, line: firstLine + max(0, error.source.begin.line - 1), column: max(1, error.source.begin.column),
                category: "toml", "not valid TOML: \(error.description); Hugo's TOML front matter is `key = \"value\"` lines between `+++` lines"
            )])
        } catch {
            return Diagnosed(.null, [Diagnostic(.error, path, line: firstLine, column: 1, category: "toml", "TOML could not be read: \(error)")])
        }
    }

    /// Reads a JSON object (braces included) whose first line is line `firstLine` of `path`.
    static func readJSON(_ json: String, firstLine: Int, path: String) -> Diagnosed<FrontValue> {
        do {
            let value = try JSONDecoder().decode(JSONFrontValue.self, from: Data(json.utf8))
            return Diagnosed(value.front(KeyLines(json, firstLine: firstLine, quote: "\""), fallback: firstLine))
        } catch {
            var reason = "\(error)"
            if case DecodingError.dataCorrupted(let context) = error {
                reason = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
            }
            return Diagnosed(.null, [Diagnostic(
                .error, path, line: firstLine, column: 1, category: "json",
                "not valid JSON front matter: \(reason); Hugo's JSON front matter is one object, from a line `{` to a line `}`"
            )])
        }
    }

    private static func map(_ table: TOMLTable, lines: KeyLines, fallback: Int) -> FrontValue {
        let entries = table.keys.map { key -> FrontEntry in
            let (line, column) = lines.position(of: key) ?? (fallback, 1)
            return FrontEntry(key: key, value: value(table[key], lines: lines, line: line), line: line, column: column)
        }
        return .map(entries.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    private static func value(_ value: TOMLValueConvertible?, lines: KeyLines, line: Int) -> FrontValue {
        guard let value else { return .null }
        switch value.type {
        case .string: return .text(value.string ?? "")
        case .bool: return .bool(value.bool ?? false)
        case .int: return .text(value.int.map(String.init) ?? "")
        case .double: return .text(value.double.map { String($0) } ?? "")
        // Dates and times as TOML writes them, which is what a `date:` of YAML reads too.
        case .date, .time, .dateTime: return .text(value.tomlValue.debugDescription)
        case .array: return .list((value.array.map { Array($0) } ?? []).map { Self.value($0, lines: lines, line: line) })
        case .table: return value.table.map { map($0, lines: lines, fallback: line) } ?? .null
        }
    }
}

/// Where each key is first written: `key =` or `[key]` in TOML, `"key":` in JSON.
private struct KeyLines {
    private var positions: [String: (line: Int, column: Int)] = [:]

    init(_ text: String, firstLine: Int, quote: Character?) {
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            var rest = line.dropFirst(indent.count)
            if quote == nil, rest.first == "[" { rest = rest.drop { $0 == "[" } }
            let key: Substring
            if let open = rest.first, open == "\"" || open == "'" {
                key = rest.dropFirst().prefix { $0 != open }
            } else if quote == nil {
                key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            } else {
                continue
            }
            guard !key.isEmpty, positions[String(key)] == nil else { continue }
            positions[String(key)] = (firstLine + offset, indent.count + 1)
        }
    }

    func position(of key: String) -> (Int, Int)? { positions[key].map { ($0.line, $0.column) } }
}

/// A JSON value as written; numbers stay text, as YAML's do.
private indirect enum JSONFrontValue: Decodable {
    case text(String), bool(Bool), null, list([JSONFrontValue]), map([(String, JSONFrontValue)])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .map(try object.allKeys.map { ($0.stringValue, try object.decode(JSONFrontValue.self, forKey: $0)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONFrontValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONFrontValue.self)) }
            self = .list(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
            else if let whole = try? single.decode(Int.self) { self = .text(String(whole)) }
            else if let number = try? single.decode(Double.self) { self = .text(String(number)) }
            else { self = .text(try single.decode(String.self)) }
        }
    }

    func front(_ lines: KeyLines, fallback: Int) -> FrontValue {
        switch self {
        case .text(let text): return .text(text)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .list(let items): return .list(items.map { $0.front(lines, fallback: fallback) })
        case .map(let pairs):
            let entries = pairs.map { key, value -> FrontEntry in
                let (line, column) = lines.position(of: key) ?? (fallback, 1)
                return FrontEntry(key: key, value: value.front(lines, fallback: line), line: line, column: column)
            }
            return .map(entries.sorted { ($0.line, $0.column, $0.key) < ($1.line, $1.column, $1.key) })
        }
    }
}
