#if canImport(Glibc)
import Glibc
#endif
import CMosquitto

/// A thin owner of one libmosquitto client, driven from the kiosk's epoll loop: nothing here
/// blocks (connect is asynchronous; reading and writing happen when the loop says the socket
/// is ready; `loop_misc` keeps the session alive from the loop's timer). libmosquitto calls
/// back (connect, disconnect, message) from inside those calls, on the loop's thread.
///
/// One owner per resource: this class creates the handle once and destroys it once.
final class MQTTClient {
    /// What the client tells its owner.
    protocol Delegate: AnyObject {
        /// The broker answered CONNECT: `code` 0 is accepted, else the CONNACK refusal.
        func mqttConnected(code: Int32)
        /// The connection ended (`code` 0: we asked for it).
        func mqttDisconnected(code: Int32)
        /// Whether to take the next message at all (a flood guard decides before anything
        /// is copied).
        func mqttAdmits() -> Bool
        func mqttMessage(topic: String, payload: [UInt8])
        /// A message the broker kept (retained) and hands over at each (re)connect.
        func mqttRetainedIgnored(topic: String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    weak var delegate: Delegate?
    private let handle: OpaquePointer
    /// Messages delivered by the latest `read` calls (to bound the work of one wake-up).
    private(set) var messagesDelivered = 0

    /// Messages handed to libmosquitto and not yet written whole to the socket (QoS 0) or
    /// acknowledged (QoS 1), by mid: their bytes, counted as payload plus topic. libmosquitto
    /// keeps such messages in its own queue, which has no limit and no public length: while
    /// a broker stops reading (stalled, or behind a link that went silent) it grows with
    /// every event until keep-alive gives up. The bridge asks `hasRoom` before it publishes.
    private var unsent: [Int32: Int] = [:]
    /// The sum of `unsent`'s bytes.
    private(set) var unsentBytes = 0
    var unsentMessages: Int { unsent.count }
    /// While `mosquitto_publish` runs: where it has put the new message's mid, and whether
    /// that message was written whole before the call returned (it writes at once what the
    /// socket takes, calling `on_publish` from inside).
    private var publishing: (mid: UnsafeMutablePointer<Int32>, writtenAtOnce: Bool)?

    /// Whether the connection speaks MQTT 5 (with the packet limit) or, after a broker that
    /// speaks only 3.1.1 refused 5, MQTT 3.1.1.
    private(set) var speaksMQTT5 = true

    /// Makes the client (no connection yet). `id` is the MQTT client id; the session is
    /// clean (the broker keeps nothing for us beyond retained messages).
    ///
    /// MQTT 5, so that CONNECT can tell the broker never to send us a packet over
    /// `maxIncomingBytes` (Maximum Packet Size; the broker drops such a message for this
    /// client). libmosquitto has no limit of its own on what it reads: it allocates the
    /// length a packet's header announces, up to MQTT's 256 MB, then reads it whole, and a
    /// large message to the command topic took some 3x its size of the kiosk's memory before
    /// our own limit could refuse it. A broker that speaks only 3.1.1 answers MQTT 5 with
    /// "unsupported protocol version" (`brokerRefusedMQTT5`): `useMQTT311()` then.
    init(id: String, maxIncomingBytes: UInt32) throws(Failure) {
        MQTTClient.initLibraryOnce
        guard let h = mosquitto_new(id, true, nil) else {
            throw Failure(description: "mosquitto_new: \(String(cString: strerror(errno)))")
        }
        handle = h
        mosquitto_user_data_set(h, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(h) { _, obj, code in MQTTClient.from(obj)?.delegate?.mqttConnected(code: code) }
        mosquitto_disconnect_callback_set(h) { _, obj, code in MQTTClient.from(obj)?.delegate?.mqttDisconnected(code: code) }
        mosquitto_message_callback_set(h) { _, obj, message in
            guard let client = MQTTClient.from(obj), let m = message?.pointee, let topic = m.topic else { return }
            client.messagesDelivered += 1
            // A retained command would run again at every reconnect, over newer changes,
            // on every kiosk of a fleet that subscribes to it: commands are not state.
            if m.retain { client.delegate?.mqttRetainedIgnored(topic: String(cString: topic)); return }
            guard client.delegate?.mqttAdmits() == true else { return }
            let count = Int(m.payloadlen)
            let payload = count > 0 && m.payload != nil
                ? Array(UnsafeRawBufferPointer(start: m.payload, count: count)) : []
            client.delegate?.mqttMessage(topic: String(cString: topic), payload: payload)
        }
        // QoS 0: when the packet is written whole; QoS 1: when the broker acknowledged it.
        mosquitto_publish_callback_set(h) { _, obj, mid in MQTTClient.from(obj)?.written(mid: mid) }
        _ = mosquitto_int_option(h, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        // Replies and events are small and wanted now: no Nagle delay behind an unacked one.
        _ = mosquitto_int_option(h, MOSQ_OPT_TCP_NODELAY, 1)
        try setConnectProperties(maximumPacketSize: maxIncomingBytes)
    }

    /// CONNECT's properties for this and every later connection: Maximum Packet Size, or
    /// none. libmosquitto 2.0 takes CONNECT properties only in its blocking connect, which
    /// would hold the loop for as long as an unreachable broker takes to time out. That call
    /// keeps the properties before it looks at its other arguments, so one with an invalid
    /// port keeps them and returns without connecting; the asynchronous connects send them.
    /// (MQTTBridgeTests checks with a real broker that a message over the limit never
    /// reaches the kiosk, which fails should a libmosquitto stop doing so.)
    private func setConnectProperties(maximumPacketSize: UInt32?) throws(Failure) {
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        if let size = maximumPacketSize {
            try check(mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), size),
                      "MQTT 5 maximum packet size")
        }
        let rc = mosquitto_connect_bind_v5(handle, "localhost", -1, 60, nil, properties)
        guard rc == MOSQ_ERR_INVAL.rawValue else {
            throw Failure(description: "MQTT 5 connect properties: libmosquitto answered \(MQTTClient.describe(rc)) where it was expected to keep them")
        }
    }

    /// Whether a CONNACK code says the broker does not speak MQTT 5 (libmosquitto gives this
    /// code, too, when a 3.1.1 broker answers with its own refusal).
    func brokerRefusedMQTT5(_ code: Int32) -> Bool {
        speaksMQTT5 && code == Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue)
    }

    /// MQTT 3.1.1 from the next connection on, without CONNECT properties (3.1.1 has none):
    /// for a broker that refused MQTT 5.
    func useMQTT311() throws(Failure) {
        try setConnectProperties(maximumPacketSize: nil)
        _ = mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        speaksMQTT5 = false
    }

    deinit { mosquitto_destroy(handle) }

    private static let initLibraryOnce: Void = { _ = mosquitto_lib_init() }()

    private static func from(_ obj: UnsafeMutableRawPointer?) -> MQTTClient? {
        obj.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ rc: Int32, _ what: String) throws(Failure) {
        guard rc != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw Failure(description: "\(what): \(MQTTClient.describe(rc))")
    }

    /// libmosquitto's words for an error code; MOSQ_ERR_ERRNO carries errno's.
    static func describe(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        // libmosquitto 2.0.11 (bookworm) has no words for these and says "Unknown error.".
        if rc == MOSQ_ERR_KEEPALIVE.rawValue { return "the broker did not answer within the keep-alive time" }
        let words = String(cString: mosquitto_strerror(rc))
        return words == "Unknown error." ? "libmosquitto error \(rc)" : words
    }

    /// The broker's words for a CONNACK refusal ("Not authorized", ...): MQTT 5's reason codes
    /// or 3.1.1's return codes, as the connection speaks.
    func describeConnack(_ code: Int32) -> String {
        String(cString: speaksMQTT5 ? mosquitto_reason_string(code) : mosquitto_connack_string(code))
    }

    func setCredentials(username: String, password: String?) throws(Failure) {
        try check(mosquitto_username_pw_set(handle, username, password), "username/password")
    }

    /// TLS with the CA file (nil: the system's CAs) and an optional client certificate.
    func setTLS(caFile: String?, certFile: String?, keyFile: String?) throws(Failure) {
        let caPath: String? = caFile == nil ? "/etc/ssl/certs" : nil
        try check(mosquitto_tls_set(handle, caFile, caPath, certFile, keyFile, nil), "TLS setup")
    }

    func setWill(topic: String, payload: String, retain: Bool) throws(Failure) {
        let bytes = Array(payload.utf8)
        try check(mosquitto_will_set(handle, topic, Int32(bytes.count), bytes, 1, retain), "last will")
    }

    /// Starts connecting without waiting (the socket shows up in `socket`).
    func connect(host: String, port: Int, keepAliveS: Int) throws(Failure) {
        try check(mosquitto_connect_async(handle, host, Int32(port), Int32(keepAliveS)), "connect to \(host):\(port)")
    }

    /// Connects again to the same broker, without waiting.
    func reconnect() throws(Failure) { try check(mosquitto_reconnect_async(handle), "reconnect") }

    func disconnect() { _ = mosquitto_disconnect(handle) }

    /// The connection's socket (-1: none).
    var socket: Int32 { mosquitto_socket(handle) }
    /// Bytes are waiting to be written: watch for writability.
    var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// Reads what is there (one call handles at most one packet); callbacks run inside.
    /// Returns an error text when the connection failed.
    func read() -> String? {
        let rc = mosquitto_loop_read(handle, 1)
        return rc == MOSQ_ERR_SUCCESS.rawValue ? nil : MQTTClient.describe(rc)
    }

    func write() -> String? {
        let rc = mosquitto_loop_write(handle, 1)
        return rc == MOSQ_ERR_SUCCESS.rawValue ? nil : MQTTClient.describe(rc)
    }

    /// Keep-alive pings and retries; call about once a second while connected.
    func misc() { _ = mosquitto_loop_misc(handle) }

    /// Subscribes with MQTT 5's Retain As Published: a message published retained while we
    /// are subscribed keeps its retain flag (by default a broker clears it on live delivery),
    /// so a command left retained is ignored the moment it is sent, not run once and then
    /// ignored from the next reconnect on. MQTT 3.1.1 has no such option: there a retained
    /// command runs once live (docs/deploy.md says so).
    func subscribe(_ topic: String, qos: Int32 = 1) throws(Failure) {
        let options = speaksMQTT5 ? Int32(MQTT_SUB_OPT_RETAIN_AS_PUBLISHED.rawValue) : 0
        try check(mosquitto_subscribe_v5(handle, nil, topic, qos, options, nil), "subscribe \(topic)")
    }

    /// Queues a message (written when the socket takes it).
    func publish(_ topic: String, _ payload: [UInt8], qos: Int32 = 0, retain: Bool = false) throws(Failure) {
        let bytes = Self.queuedBytes(topic, payload)
        var mid: Int32 = -1
        let (rc, writtenAtOnce) = withUnsafeMutablePointer(to: &mid) { slot in
            publishing = (slot, false)
            defer { publishing = nil }
            let rc = mosquitto_publish(handle, slot, topic, Int32(payload.count), payload, qos, retain)
            return (rc, publishing?.writtenAtOnce ?? false)
        }
        try check(rc, "publish \(topic)")
        if !writtenAtOnce, unsent.updateValue(bytes, forKey: mid) == nil { unsentBytes += bytes }
    }

    /// What a message counts against `hasRoom`.
    static func queuedBytes(_ topic: String, _ payload: [UInt8]) -> Int { topic.utf8.count + payload.count }

    /// Whether a message of `bytes` may be queued: always when nothing is unsent (so one
    /// screenshot larger than the limit still goes), else while the unsent messages stay
    /// within `maxBytes` and `maxMessages`.
    func hasRoom(for bytes: Int, maxBytes: Int, maxMessages: Int) -> Bool {
        unsent.isEmpty || (unsentBytes + bytes <= maxBytes && unsent.count < maxMessages)
    }

    /// A connection's end: libmosquitto drops the packets it had not written when it
    /// reconnects, and will not report them.
    func forgetUnsent() {
        unsent.removeAll()
        unsentBytes = 0
    }

    private func written(mid: Int32) {
        if let p = publishing, p.mid.pointee == mid {
            publishing?.writtenAtOnce = true
        } else if let b = unsent.removeValue(forKey: mid) {
            unsentBytes -= b
        }
    }
}
