#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelRenderer

/// The app file's `[mqtt]`: the kiosk as a client of a fleet's broker (docs/deploy.md,
/// "Fleets"). Topics under `<prefix>/<device_id>/`:
///
/// - `cmd` (and `<prefix>/all/cmd`): any control-socket command as JSON; the reply line goes
///   to `reply`, with the request's `id`. `read_only = true` refuses what changes the screen.
/// - `events`: the event log's lines; `state`: the status (retained, when it changes and at
///   most once a second, else once a minute); `availability`: retained `online`, and
///   `offline` as the last will; `screenshot`: PNG bytes, on `{"cmd":"screenshot"}`.
/// - Home Assistant's topics (`HADiscovery`): `light/set`, `select/<id>/set`.
///
/// Driven by the kiosk's loop: its socket in epoll, `tick` on every wake-up. A broker that is
/// down, slow or refusing never blocks the loop: connecting is asynchronous, reconnects back
/// off from 1 s to 60 s, and commands beyond `maxCommandsPerSecond` are refused.
final class MQTTBridge: MQTTClient.Delegate {
    /// Where a command came from, for its reply.
    enum Origin: Equatable { case command, homeAssistant }

    struct Inbound {
        var origin: Origin
        var id: ParsedJSON?
        var result: Result<ControlCommand, ControlCommand.ControlError>
    }

    let config: MQTTConfig
    private(set) var discovery: HADiscovery
    /// The app's components, for Home Assistant's selects: set once the screen exists, and
    /// again after a reload, which may add, remove or change components. While connected a
    /// change is published at once: the new configs, and an empty retained config for each
    /// entity that is gone, so Home Assistant drops it instead of showing it unavailable.
    var components: [HADiscovery.ComponentInfo] {
        get { discovery.components }
        set {
            guard newValue != discovery.components else { return }
            let before = discovery
            discovery = HADiscovery(config: config, appName: before.appName, version: before.version, components: newValue)
            guard connected, !closing, config.homeAssistant else { return }
            let now = discovery.messages
            let kept = Set(now.map(\.topic))
            for m in before.messages where !kept.contains(m.topic) { publish(m.topic, [], retain: true, qos: 1) }
            for m in now { publish(m.topic, m.payload.encoded, retain: true, qos: 1) }
        }
    }
    private let client: MQTTClient
    private(set) var connected = false
    /// Bumped whenever the socket or its wish to write changes (`KioskServices` re-watches).
    private(set) var generation = 0
    private var lastWatch: (fd: Int32, writable: Bool) = (-1, false)
    /// Admitted messages not yet taken (`drainCommands`), at most `maxPending`.
    private var pending: [(topic: String, payload: [UInt8])] = []
    private var received = 0
    static let maxPending = 256
    private var closing = false

    // Reconnecting with back-off.
    private var retryAtNS: UInt64?
    private var retryDelayS = 1.0
    /// When the current connection was made (its CONNACK), and how many connections in a
    /// row ended within `stableConnectionS`: a connection must last before the backoff
    /// starts again from 1 s, or two kiosks with one client id (the broker drops the older
    /// when the other connects) would throw each other off every second forever.
    private var connectedAtNS: UInt64 = 0
    private var shortConnections = 0
    static let stableConnectionS = 30.0
    static let maxRetryDelayS = 60.0
    private var lastMiscNS: UInt64 = 0

    // The flood guard: a token bucket of commands.
    static let maxCommandsPerSecond = 100.0
    static let maxRefusalRepliesPerSecond = 10
    private var tokens = MQTTBridge.maxCommandsPerSecond
    private var tokensAtNS: UInt64 = 0
    private var refusedThisSecond = 0
    private var refusalRepliesThisSecond = 0
    private var refusalSecondNS: UInt64 = 0
    /// Commands refused over the limit since start (status, tests).
    private(set) var refusedTotal = 0

    // What libmosquitto holds unsent (`MQTTClient.hasRoom`): beyond this, messages are
    // dropped instead of queued, so a broker that stops reading costs bounded memory. Far
    // above what a working link holds (it writes at once what the socket takes, and the
    // kernel's buffers take megabytes), and a 1920x1080 screenshot fits.
    static let maxUnsentBytes = 8 << 20
    /// Also bounds the mids in flight (MQTT's are 16-bit).
    static let maxUnsentMessages = 16_384
    /// What waits unsent in the client library (tests, `hasRoom`).
    var unsent: (bytes: Int, messages: Int) { (client.unsentBytes, client.unsentMessages) }
    /// Messages dropped since start, the broker not taking them (status, tests).
    private(set) var droppedTotal = 0
    /// `droppedTotal` when dropping began (nil: not dropping).
    private var droppingSince: Int?

    // State publishing.
    /// When the status was last looked at (once a second), and last sent.
    private var lastStateNS: UInt64?
    private var lastStateSentNS: UInt64?
    private var lastStateKey: String?
    private var lastLightState: String?
    static let stateHeartbeatS = 60.0

    /// Payloads larger than this are refused (as the socket's line limit).
    static let maxPayloadBytes = 64 * 1024
    /// The broker is asked never to send a packet larger than this (MQTT 5's Maximum Packet
    /// Size): a message up to it is read and, over `maxPayloadBytes`, refused with a reply;
    /// a larger one the broker drops for us, unseen (its sender gets no reply).
    static let maxIncomingPacketBytes: UInt32 = 1 << 20

    init(config: MQTTConfig, appName: String, version: String, components: [HADiscovery.ComponentInfo]) throws {
        self.config = config
        discovery = HADiscovery(config: config, appName: appName, version: version, components: components)
        do {
            client = try MQTTClient(id: config.deviceID, maxIncomingBytes: Self.maxIncomingPacketBytes)
            if let username = config.username {
                var password: String?
                if let file = config.passwordFile {
                    let text = try readTextFile(file)
                    password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
                }
                try client.setCredentials(username: username, password: password)
            }
            if config.tls { try client.setTLS(caFile: config.caFile, certFile: config.certFile, keyFile: config.keyFile) }
            try client.setWill(topic: "\(config.baseTopic)/availability", payload: "offline", retain: true)
        } catch {
            throw Failure("[mqtt]: \(error)")
        }
        client.delegate = self
        connect(first: true)
    }

    /// MQTT 5 (asking the broker to hold back packets over `maxIncomingPacketBytes`), or
    /// 3.1.1 for a broker that refused 5.
    var speaksMQTT5: Bool { client.speaksMQTT5 }

    /// `mqtt://host:port` or `mqtts://host:port`, for logs and status.
    var brokerName: String { "\(config.tls ? "mqtts" : "mqtt")://\(config.host):\(config.port)" }

    private func connect(first: Bool) {
        // The packets the last connection had not written die with it (libmosquitto drops
        // QoS 0 ones at a reconnect without a word; QoS 1 ones it sends again, uncounted).
        client.forgetUnsent()
        if let since = droppingSince {
            droppingSince = nil
            KioskLog.notice("mqtt: \(brokerName): the connection ended with messages unsent; \(droppedTotal - since) were dropped meanwhile")
        }
        do {
            if first { try client.connect(host: config.host, port: config.port, keepAliveS: config.keepAliveS) } else { try client.reconnect() }
        } catch {
            scheduleRetry("\(error)" + tlsHint(for: "\(error)"))
        }
        noteWatchChange()
    }

    /// A TLS handshake the broker refused reaches us, before any CONNACK, as libmosquitto's
    /// "Protocol error", "A TLS error occurred" or (TLS 1.3 checks the client's certificate
    /// after the handshake) "The connection was lost", none of which says what to check; this does.
    /// An IP socket refused to this process (EAFNOSUPPORT from seccomp's address families,
    /// EPERM from a cgroup's IP filter) is a sandbox's doing, not the broker's or the network's.
    static func sandboxHint(for why: String) -> String {
        guard why.contains("Address family not supported") || why.contains("Operation not permitted") else { return "" }
        return " (this process may not use the network: a sandbox forbids it, such as a systemd unit's "
            + "RestrictAddressFamilies= without AF_INET and AF_INET6, or IPAddressDeny=)"
    }

    private func tlsHint(for why: String) -> String {
        guard config.tls, why.contains("Protocol error") || why.contains("TLS") || why.contains("connection was lost") else { return "" }
        return config.certFile == nil
            ? " (the TLS handshake failed: check ca_file, and whether the broker requires a client certificate: cert_file and key_file)"
            : " (the TLS handshake failed: check ca_file, cert_file and key_file)"
    }

    private func scheduleRetry(_ why: String) {
        guard !closing else { return }
        KioskLog.warning("mqtt: \(brokerName): \(why)\(Self.sandboxHint(for: why)); retrying in \(Int(retryDelayS)) s")
        retryAtNS = monotonicNanoseconds() + UInt64(retryDelayS * 1e9)
        retryDelayS = min(Self.maxRetryDelayS, retryDelayS * 2)
    }

    // MARK: the loop's side

    /// The socket and whether it wants writability (fd -1: none).
    var watch: (fd: Int32, writable: Bool) { (client.socket, client.wantsWrite) }

    private func noteWatchChange() {
        let now = watch
        if now.fd != lastWatch.fd || now.writable != lastWatch.writable { generation += 1; lastWatch = now }
    }

    func handleReady(readable: Bool, writable: Bool) {
        if readable {
            // Bounded work per wake-up: a flood cannot hold the loop; level-triggered epoll
            // calls again for the rest.
            for _ in 0..<64 {
                let before = client.messagesDelivered
                if let e = client.read() { connectionLost(e); break }
                if client.messagesDelivered == before { break }
            }
        }
        if writable || client.wantsWrite, client.socket >= 0 {
            if let e = client.write() { connectionLost(e) }
        }
        noteBacklogTaken()
        noteWatchChange()
    }

    private func connectionLost(_ why: String) {
        // libmosquitto closed the socket; the disconnect callback has run or will not.
        if connected {
            connected = false
            connectionEnded("connection lost (\(why))")
        } else if retryAtNS == nil {
            scheduleRetry(why + tlsHint(for: why))
        }
    }

    /// A connection that was up has ended: retry, from 1 s after a stable one, and say what
    /// a run of short ones usually means.
    private func connectionEnded(_ why: String) {
        let livedS = Double(monotonicNanoseconds() &- connectedAtNS) / 1e9
        if livedS >= Self.stableConnectionS {
            retryDelayS = 1
            shortConnections = 0
        } else {
            shortConnections += 1
        }
        let hint = shortConnections >= 3
            ? " (\(shortConnections) connections in a row ended within \(Int(Self.stableConnectionS)) s: if another client uses the id \"\(config.deviceID)\" (device_id), the broker drops one whenever the other connects)"
            : ""
        scheduleRetry(why + hint)
    }

    /// Every wake-up: keep-alive, reconnects when due, the flood report.
    func tick(nowNS: UInt64) {
        if let at = retryAtNS, nowNS >= at {
            retryAtNS = nil
            connect(first: false)   // libmosquitto kept the broker's address from the first try
        }
        if nowNS &- lastMiscNS >= 1_000_000_000 {
            lastMiscNS = nowNS
            if client.socket >= 0 { client.misc() }
            if refusedThisSecond > 0 {
                KioskLog.warning("mqtt: refused \(refusedThisSecond) commands over the limit of \(Int(Self.maxCommandsPerSecond)) a second or \(Self.maxPending) waiting")
                refusedThisSecond = 0
            }
        }
        if client.socket >= 0, client.wantsWrite, let e = client.write() { connectionLost(e) }
        noteBacklogTaken()
        noteWatchChange()
    }

    /// When the loop must wake for the bridge.
    var nextDeadlineNS: UInt64? {
        var d: [UInt64] = []
        if let retryAtNS { d.append(retryAtNS) }
        if client.socket >= 0 { d.append(lastMiscNS + 1_000_000_000) }
        if let lastStateNS, connected { d.append(lastStateNS + 1_000_000_000) }
        if hasBacklog { d.append(0) }
        return d.min()
    }

    /// The commands of the oldest admitted message not yet taken (nil: none waits). The loop
    /// takes them within a time budget per wake-up, so a burst is spread over several
    /// wake-ups and frames keep their vblank (it wakes again at once while some wait).
    func takeCommands() -> [Inbound]? {
        guard received < pending.count else { return nil }
        let (topic, payload) = pending[received]
        received += 1
        if received == pending.count { pending.removeAll(keepingCapacity: true); received = 0 }
        return parse(topic: topic, payload: payload)
    }

    /// Messages wait to be taken (the loop should not sleep).
    var hasBacklog: Bool { received < pending.count }

    // MARK: publishing

    /// False when the message was dropped for want of room (worth trying again later);
    /// true when it was queued, or failed otherwise (said in the log, not tried again).
    /// `bounded: false` for the few small messages of a clean stop, which must not be
    /// dropped behind a backlog (a retained `online` would outlive the kiosk).
    @discardableResult
    private func publish(_ topic: String, _ text: String, retain: Bool = false, qos: Int32 = 0, bounded: Bool = true) -> Bool {
        publish(topic, Array(text.utf8), retain: retain, qos: qos, bounded: bounded)
    }
    @discardableResult
    private func publish(_ topic: String, _ bytes: [UInt8], retain: Bool = false, qos: Int32 = 0, bounded: Bool = true) -> Bool {
        guard connected || closing else { return true }
        let size = MQTTClient.queuedBytes(topic, bytes)
        guard !bounded || client.hasRoom(for: size, maxBytes: Self.maxUnsentBytes, maxMessages: Self.maxUnsentMessages) else {
            if droppingSince == nil {
                droppingSince = droppedTotal
                KioskLog.warning("mqtt: \(brokerName) is not taking messages (\(client.unsentBytes / 1024) KiB in "
                                 + "\(client.unsentMessages) unsent); dropping events, replies and screenshots until it does")
            }
            droppedTotal += 1
            return false
        }
        do { try client.publish(topic, bytes, qos: qos, retain: retain) } catch {
            KioskLog.warning("mqtt: \(error)")
        }
        return true
    }

    /// Says when the broker has taken the backlog that made messages be dropped.
    private func noteBacklogTaken() {
        guard let since = droppingSince, client.unsentMessages == 0 else { return }
        droppingSince = nil
        KioskLog.notice("mqtt: \(brokerName) took the unsent messages; \(droppedTotal - since) were dropped meanwhile")
    }

    /// A reply line (docs/deploy.md: as on the socket, without its newline) on `reply`.
    func reply(_ line: String) {
        publish("\(config.baseTopic)/reply", line.hasSuffix("\n") ? String(line.dropLast()) : line)
        noteWatchChange()
    }

    func publishEvent(_ line: String) {
        publish("\(config.baseTopic)/events", line)
        noteWatchChange()
    }

    func publishScreenshot(_ png: [UInt8]) {
        publish("\(config.baseTopic)/screenshot", png)
        noteWatchChange()
    }

    /// Whether a state publication is due at `nowNS` (connected, a second since the last).
    func wantsState(nowNS: UInt64) -> Bool {
        connected && (lastStateNS.map { nowNS &- $0 >= 1_000_000_000 } ?? true)
    }

    /// The status (retained) when it changed since the last time, or a minute passed; and
    /// the light's state for Home Assistant.
    func publishState(_ status: JSONValue, nowNS: UInt64) {
        guard wantsState(nowNS: nowNS), case .object(let fields) = status else { return }
        let volatile: Set<String> = ["uptime_s", "last_flip_age_ms", "flip_wait_ms", "memory_rss_kb", "frames", "flips", "last_error"]
        let key = JSONValue.object(fields.filter { !volatile.contains($0.0) }).encoded
        let heartbeatDue = lastStateSentNS.map { Double(nowNS &- $0) / 1e9 >= Self.stateHeartbeatS } ?? true
        lastStateNS = nowNS
        defer { noteWatchChange() }
        // The light's state on its own: one dropped for want of room goes again next second.
        let blank = status["blank"] == .bool(true)
        var light: [(String, JSONValue)] = [("state", .string(blank ? "OFF" : "ON"))]
        if case .number(let b)? = status["brightness"] { light.append(("brightness", .number(b))) }
        let lightText = JSONValue.object(light).encoded
        if lightText != lastLightState, publish(discovery.lightStateTopic, lightText, retain: true) {
            lastLightState = lightText
        }
        guard key != lastStateKey || heartbeatDue else { return }
        if case .object(let components)? = status["components"] {
            for (id, state) in components { if case .string(let s)? = state["state"] { popupStates[id] = s } }
        }
        // Dropped for want of room (the broker is not reading): tried again next second.
        guard publish("\(config.baseTopic)/state", status.encoded, retain: true) else { return }
        lastStateKey = key
        lastStateSentNS = nowNS
    }

    /// At a clean stop: Home Assistant's entities removed (empty retained configs), the state
    /// cleared, `offline`, then a bounded flush and disconnect.
    func close() {
        guard !closing else { return }
        closing = true
        if connected {
            // QoS 0: written in order before the DISCONNECT, with no acknowledgements to
            // wait for (QoS 1 beyond the in-flight window would wait for the broker's).
            // Past the unsent limit: a few small messages, and the broker must not keep the
            // retained "online" and "healthy": true of a kiosk that stopped.
            if config.homeAssistant {
                for m in discovery.messages { publish(m.topic, [], retain: true, bounded: false) }
                publish(discovery.lightStateTopic, [], retain: true, bounded: false)
            }
            publish("\(config.baseTopic)/state", [], retain: true, bounded: false)
            publish("\(config.baseTopic)/availability", "offline", retain: true, bounded: false)
            // At most ~0.5 s: a slow broker does not hold the stop.
            let end = monotonicNanoseconds() + 500_000_000
            while client.wantsWrite, client.socket >= 0, monotonicNanoseconds() < end {
                var p = pollfd(fd: client.socket, events: Int16(POLLOUT | POLLIN), revents: 0)
                _ = poll(&p, 1, 50)
                if p.revents & Int16(POLLIN) != 0, client.read() != nil { break }
                if client.write() != nil { break }
            }
            client.disconnect()
            _ = client.write()
        }
        connected = false
    }

    // MARK: MQTTClient.Delegate

    func mqttConnected(code: Int32) {
        if client.brokerRefusedMQTT5(code) {
            // Not reconnected from inside libmosquitto's callback: the retry does it from the loop.
            do {
                try client.useMQTT311()
                connected = false
                scheduleRetry("the broker speaks MQTT 3.1.1 only; using 3.1.1, which cannot ask it to hold back messages "
                              + "over \(Self.maxIncomingPacketBytes) bytes (each is read whole before it is refused)")
                return
            } catch {
                KioskLog.warning("mqtt: \(error)")
            }
        }
        guard code == 0 else {
            connected = false
            scheduleRetry("the broker refused the connection: \(client.describeConnack(code))")
            return
        }
        connected = true
        connectedAtNS = monotonicNanoseconds()
        retryAtNS = nil
        KioskLog.notice("mqtt: connected to \(brokerName) as \(config.deviceID)")
        do {
            try client.subscribe("\(config.baseTopic)/cmd")
            try client.subscribe(config.fleetCommandTopic)
            if config.homeAssistant {
                try client.subscribe(discovery.lightCommandTopic)
                try client.subscribe("\(config.baseTopic)/select/+/set")
            }
        } catch { KioskLog.warning("mqtt: \(error)") }
        publish("\(config.baseTopic)/availability", "online", retain: true, qos: 1)
        if config.homeAssistant {
            for m in discovery.messages { publish(m.topic, m.payload.encoded, retain: true, qos: 1) }
        }
        lastStateNS = nil      // the state again, for a broker that may have restarted empty
        lastStateKey = nil
        lastLightState = nil
        noteWatchChange()
    }

    func mqttDisconnected(code: Int32) {
        let was = connected
        connected = false
        noteWatchChange()
        guard !closing else { return }
        if was { connectionEnded("disconnected (\(MQTTClient.describe(code)))") }
        else if retryAtNS == nil {
            let why = MQTTClient.describe(code)
            scheduleRetry("cannot connect (\(why))" + tlsHint(for: why))
        }
    }

    func mqttAdmits() -> Bool { admit() }

    /// Said once per topic: a broker hands the same retained message over at each reconnect.
    func mqttRetainedIgnored(topic: String) {
        guard retainedWarned.insert(topic).inserted, retainedWarned.count <= 64 else { return }
        KioskLog.warning("mqtt: \(topic): a retained message, ignored: a command kept by the broker would run again at every reconnect; publish commands without retain, and clear this one with an empty retained message (mosquitto_pub -r -n -t \(topic))")
    }
    private var retainedWarned: Set<String> = []

    func mqttMessage(topic: String, payload: [UInt8]) {
        guard pending.count - received < Self.maxPending else {
            refuse("busy: \(Self.maxPending) commands already waiting; refused")
            return
        }
        pending.append((topic, payload))
    }

    /// One admitted message as the commands it carries.
    private func parse(topic: String, payload: [UInt8]) -> [Inbound] {
        var inbox: [Inbound] = []
        if topic == "\(config.baseTopic)/cmd" || topic == config.fleetCommandTopic {
            guard payload.count <= Self.maxPayloadBytes else {
                // With the request's id when it comes before the limit, as the socket's refusal.
                let id = ParsedJSON.leadingMember("id", in: payload.prefix(Self.maxPayloadBytes))
                return [Inbound(origin: .command, id: id, result: .failure(.init("message longer than \(Self.maxPayloadBytes) bytes")))]
            }
            let parsed = ControlCommand.parse(line: payload)
            inbox.append(Inbound(origin: .command, id: parsed.id, result: parsed.result.flatMap(allowed)))
        } else if topic == discovery.lightCommandTopic {
            for command in lightCommands(payload) { inbox.append(Inbound(origin: .homeAssistant, id: nil, result: allowed(command))) }
        } else if topic.hasPrefix("\(config.baseTopic)/select/"), topic.hasSuffix("/set") {
            let id = String(topic.dropFirst("\(config.baseTopic)/select/".count).dropLast(4))
            let option = String(decoding: payload.prefix(256), as: UTF8.self)
            guard let c = discovery.components.first(where: { $0.id == id }) else { return [] }
            let popupState = popupStates[id]
            if let command = HADiscovery.command(for: c, option: option, currentPopupState: popupState) {
                inbox.append(Inbound(origin: .homeAssistant, id: nil, result: allowed(command)))
            } else {
                KioskLog.warning("mqtt: \(topic): '\(option.clippedForMessage())' is not an option of \(id)")
            }
        }
        return inbox
    }

    /// The popups' states as last published (a select's `barPresented` closes an open popup).
    var popupStates: [String: String] = [:]

    /// `read_only` refuses what changes the screen; `subscribe` belongs to the socket.
    private func allowed(_ command: ControlCommand) -> Result<ControlCommand, ControlCommand.ControlError> {
        switch command {
        case .subscribe, .unsubscribe:
            return .failure(.init("\"subscribe\" is for the control socket; over MQTT the events are on \(config.baseTopic)/events"))
        case .service(.screenshot(path: .some)):
            // A file path from the network would let anyone on the broker write files.
            return .failure(.init("\"path\" is for the control socket; over MQTT the PNG comes on \(config.baseTopic)/screenshot"))
        case .service(let s) where !s.changesScreen:
            return .success(command)
        default:
            if config.readOnly {
                return .failure(.init("read-only: this kiosk's [mqtt] read_only = true allows only status, screenshot and reading brightness"))
            }
            return .success(command)
        }
    }

    /// Home Assistant's JSON light command: `{"state": "ON"|"OFF", "brightness": 0-100}`.
    private func lightCommands(_ payload: [UInt8]) -> [ControlCommand] {
        let json: ParsedJSON
        do { json = try ParsedJSON.parseOrExplain(Array(payload.prefix(4096))) } catch {
            // Why, as the socket says it ({"brightness": 1e999} was "not a JSON object").
            KioskLog.warning("mqtt: \(discovery.lightCommandTopic): not valid JSON at byte \(error.offset + 1): \(error.message)")
            return []
        }
        guard case .object(let o) = json else {
            KioskLog.warning("mqtt: \(discovery.lightCommandTopic): not a JSON object")
            return []
        }
        var out: [ControlCommand] = []
        if case .number(let b)? = o["brightness"], b.isFinite { out.append(.service(.brightness(percent: Int(min(100, max(0, b.rounded())))))) }
        switch o["state"] {
        case .string("ON")?: out.append(.service(.wake))
        case .string("OFF")?: out.append(.service(.blank))
        default: break
        }
        return out
    }

    /// The flood guard: true while the bucket has a token. Over the limit, the first few of
    /// each second get a refusal reply (bounded: replies to a flood are a flood), the rest
    /// are counted and logged once a second.
    private func admit() -> Bool {
        let now = monotonicNanoseconds()
        if tokensAtNS == 0 { tokensAtNS = now }
        tokens = min(Self.maxCommandsPerSecond, tokens + Double(now &- tokensAtNS) / 1e9 * Self.maxCommandsPerSecond)
        tokensAtNS = now
        if tokens >= 1 { tokens -= 1; return true }
        refuse("busy: more than \(Int(Self.maxCommandsPerSecond)) commands a second; refused")
        return false
    }

    /// A command refused unread: counted, and answered while under the refusal-reply limit.
    private func refuse(_ message: String) {
        let now = monotonicNanoseconds()
        refusedTotal += 1
        refusedThisSecond += 1
        if now &- refusalSecondNS >= 1_000_000_000 { refusalSecondNS = now; refusalRepliesThisSecond = 0 }
        if refusalRepliesThisSecond < Self.maxRefusalRepliesPerSecond {
            refusalRepliesThisSecond += 1
            reply(ControlSocket.replyLine(.failure(.init(message)), id: nil))
        }
    }
}
