#if canImport(Glibc)
import Glibc
#endif
import PanelRenderer

/// `panel-kiosk status`: one `status` request on the control socket (`ControlClient`) and its
/// reply line, within a deadline, as a verdict.
package enum StatusClient {
    /// The id the request carries, so the reply is recognisably ours.
    static let requestID = "panel-kiosk-status"

    /// Why there is no status.
    package typealias NoAnswer = ControlClient.NoAnswer

    /// The `status` object of the reply, as the kiosk wrote it (its JSON text) and parsed.
    package struct Answer {
        package var text: String
        package var fields: [String: ParsedJSON]
        package var healthy: Bool { fields["healthy"] == .bool(true) }
        package var problem: String? { if case .string(let s) = fields["problem"] { s } else { nil } }
    }

    /// Connects to `path`, asks for the status and waits at most `timeoutMS` for the reply.
    package static func ask(path: String, timeoutMS: Int) -> Result<Answer, NoAnswer> {
        let deadline = monotonicNanoseconds() + UInt64(max(1, timeoutMS)) * 1_000_000
        // What the peer said that is not a reply, for the message when no reply comes.
        var other: String?
        do throws(NoAnswer) {
            let client = try ControlClient(path: path)
            try client.send("{\"cmd\":\"status\",\"id\":\"\(requestID)\"}", deadlineNS: deadline)
            while let line = try client.nextLine(deadlineNS: deadline) {
                // Event lines (a subscription) have no "ok": not ours; skip them.
                if let answer = parse(line) { return answer }
                if other == nil, line.contains(where: { $0 > 0x20 }) { other = String(decoding: line.prefix(80), as: UTF8.self) }
            }
        } catch where error.timedOut {
            return .failure(NoAnswer("no answer from \(path) within \(timeoutMS) ms: the kiosk's loop is stalled"))
        } catch {
            return .failure(error)
        }
        if let other {
            return .failure(NoAnswer("\(path) answered something that is not a panel-kiosk reply (\"\(other)\"), then closed the connection"))
        }
        return .failure(NoAnswer("\(path) closed the connection without answering"))
    }

    /// Our reply among the lines: the `status` object, or the kiosk's refusal as `NoAnswer`.
    private static func parse(_ line: ArraySlice<UInt8>) -> Result<Answer, NoAnswer>? {
        guard case .object(let obj)? = ParsedJSON.parse(line), obj["ok"] != nil else { return nil }
        guard obj["ok"] == .bool(true) else {
            let why = if case .string(let s) = obj["error"] { s } else { "refused" }
            return .failure(NoAnswer("the kiosk refused status: \(why)"))
        }
        guard case .object(let fields) = obj["status"] else {
            return .failure(NoAnswer("the kiosk's reply has no status (an older panel-kiosk?)"))
        }
        // The kiosk writes `{"ok":true,"status":{...},"id":...}`: keep its text and order.
        let text = String(decoding: line, as: UTF8.self)
        let head = "{\"ok\":true,\"status\":", tail = ",\"id\":\"\(requestID)\"}"
        let raw = text.hasPrefix(head) && text.hasSuffix(tail)
            ? String(text.dropFirst(head.count).dropLast(tail.count)) : text
        return .success(Answer(text: raw, fields: fields))
    }
}
