#if canImport(Glibc)
import Glibc
#endif
import PanelRenderer

/// The app file's `[mqtt]` table: the optional bridge to a fleet's MQTT broker (docs/deploy.md,
/// "Fleets"). Off unless the table is there.
struct MQTTConfig: Equatable, Sendable {
    var host: String
    var port: Int
    /// `mqtts://`: TLS (with `ca_file`, else the system's CAs).
    var tls: Bool
    /// The MQTT client id and the topic level after the prefix.
    var deviceID: String
    var topicPrefix = "panel-kiosk"
    var username: String?
    /// A file holding the password (first line), so the app file can be world-readable.
    var passwordFile: String?
    var caFile: String?
    var certFile: String?
    var keyFile: String?
    var keepAliveS = 30
    /// Only `status` and `screenshot` (and reading brightness); everything that changes the
    /// screen is refused with a reply that says so.
    var readOnly = false
    /// Home Assistant discovery (`homeassistant/.../config`, retained).
    var homeAssistant = true
    var discoveryPrefix = "homeassistant"

    /// `<prefix>/<device_id>`: the kiosk's own topics are below it.
    var baseTopic: String { "\(topicPrefix)/\(deviceID)" }
    /// `<prefix>/all/cmd`: commands for every kiosk.
    var fleetCommandTopic: String { "\(topicPrefix)/all/cmd" }

    static let keys = ["broker", "device_id", "topic_prefix", "username", "password_file", "ca_file", "cert_file", "key_file",
                       "keep_alive_s", "read_only", "home_assistant", "discovery_prefix"]

    /// A topic level: no wildcards, no `/`, not empty, and not `all` (the fleet's).
    static func isTopicLevel(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s != "all" && !s.contains { "/+#\u{0}".contains($0) || $0.isWhitespace }
    }

    /// Parses `mqtt://host:port` / `mqtts://host:port` (port optional: 1883 / 8883; an IPv6
    /// host in brackets). nil when it is neither.
    static func parseBroker(_ s: String) -> (host: String, port: Int, tls: Bool)? {
        let tls: Bool
        var rest: Substring
        if s.hasPrefix("mqtt://") { tls = false; rest = s.dropFirst(7) } else if s.hasPrefix("mqtts://") { tls = true; rest = s.dropFirst(8) } else { return nil }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var host: Substring, port: Int = tls ? 8883 : 1883
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { return nil }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        } else { host = rest }
        // A host name has no spaces or control characters: a NUL was cut off on its way to
        // libmosquitto (a C string), and a space was only found at connect time.
        guard !host.isEmpty, (1...65535).contains(port), !host.contains("/"), !host.contains("@"),
              !host.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return nil }
        return (String(host), port, tls)
    }

    /// Reads `[mqtt]`; problems go to `sink` with the key's line. nil when the table is
    /// unusable (a problem was reported).
    static func parse(_ t: inout TableReader, baseDir: String, sink: DiagnosticSink) -> MQTTConfig? {
        var ok = true
        var broker: (host: String, port: Int, tls: Bool)?
        if let b = t.string("broker") {
            broker = parseBroker(b)
            if broker == nil {
                sink.error(t.raw("broker") ?? t.node, "'broker' must be mqtt://host[:port] or mqtts://host[:port], found '\(b)'")
                ok = false
            }
        } else if !t.has("broker") {
            sink.error(t.node, "[mqtt] needs 'broker' (mqtt://host:port or mqtts://host:port)"); ok = false
        }
        var deviceID = ""
        if let d = t.string("device_id") {
            if isTopicLevel(d) { deviceID = d } else {
                sink.error(t.raw("device_id") ?? t.node, "'device_id' must be one topic level: not empty, not 'all', no '/', '+', '#' or spaces, at most 64 bytes")
                ok = false
            }
        } else if !t.has("device_id") {
            sink.error(t.node, "[mqtt] needs 'device_id' (this kiosk's MQTT client id and topic level)"); ok = false
        }
        var prefix = "panel-kiosk"
        if let p = t.string("topic_prefix") {
            let levels = p.split(separator: "/", omittingEmptySubsequences: false)
            if levels.allSatisfy({ isTopicLevel(String($0)) || $0 == "all" }) { prefix = p } else {
                sink.error(t.raw("topic_prefix") ?? t.node, "'topic_prefix' must be topic levels separated by '/', without '+', '#', spaces or empty levels")
                ok = false
            }
        }
        func file(_ key: String) -> String? {
            guard let f = t.string(key) else { return nil }
            let full = resolve(f, baseDir)
            do { try RegularFile.check(full) } catch {
                sink.error(t.raw(key) ?? t.node, "'\(key)' = '\(full)': \(error.reason)"); ok = false
            }
            return full
        }
        let username = t.string("username")
        let passwordFile = file("password_file")
        let caFile = file("ca_file"), certFile = file("cert_file"), keyFile = file("key_file")
        if (certFile == nil) != (keyFile == nil), t.has("cert_file") != t.has("key_file") {
            sink.error(t.place(t.has("cert_file") ? "cert_file" : "key_file"), "'cert_file' and 'key_file' go together (a client certificate and its key)"); ok = false
        }
        if passwordFile != nil && username == nil && !t.has("username") {
            sink.error(t.raw("password_file") ?? t.node, "'password_file' needs 'username'"); ok = false
        }
        if let broker, !broker.tls, caFile != nil || certFile != nil {
            sink.error(t.raw("ca_file") ?? t.raw("cert_file") ?? t.node, "'ca_file', 'cert_file' and 'key_file' need an mqtts:// broker"); ok = false
        }
        let keepAlive = t.int("keep_alive_s", range: 5...3600) ?? 30
        let readOnly = t.bool("read_only", default: false)
        let homeAssistant = t.bool("home_assistant", default: true)
        var discovery = "homeassistant"
        if let d = t.string("discovery_prefix") {
            if isTopicLevel(d) { discovery = d } else {
                sink.error(t.raw("discovery_prefix") ?? t.node, "'discovery_prefix' must be one topic level"); ok = false
            }
        }
        t.finish()
        guard ok, let broker else { return nil }
        return MQTTConfig(host: broker.host, port: broker.port, tls: broker.tls, deviceID: deviceID, topicPrefix: prefix,
                          username: username, passwordFile: passwordFile, caFile: caFile, certFile: certFile, keyFile: keyFile,
                          keepAliveS: keepAlive, readOnly: readOnly, homeAssistant: homeAssistant, discoveryPrefix: discovery)
    }
}
