#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// A fresh directory under $TMPDIR (or /tmp), removed by `remove()`.
struct TempDir {
    let path: String
    init() {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/pk-test-XXXXXX").utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        path = String(cString: p!)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ text: String) {
        let f = fopen(file(name), "w")!
        fputs(text, f)
        fclose(f)
    }
    func read(_ name: String) -> String? { try? readTextFile(file(name)) }
    func remove() {
        // Only our own files: flat directories made by the tests.
        if let d = opendir(path) {
            while let e = readdir(d) {
                let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(file(name)) }
            }
            closedir(d)
        }
        rmdir(path)
    }
}

/// A non-blocking Unix stream client for the control socket tests.
final class TestClient {
    let fd: Int32
    private var buffered: [UInt8] = []

    init(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        precondition(fd >= 0)
        let addr = UnixAddress(path)!
        let r = addr.withSockaddr { connect(fd, $0, $1) }
        precondition(r == 0, "connect \(path): \(String(cString: strerror(errno)))")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    deinit { close(fd) }

    /// Sends everything the socket buffer takes now; returns the bytes sent.
    @discardableResult func send(_ text: String) -> Int { sendBytes(Array(text.utf8)) }
    @discardableResult func sendBytes(_ bytes: [UInt8]) -> Int {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + off, bytes.count - off, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            off += n
        }
        return off
    }
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads what is available now (never waits); nil once the server closed the connection.
    func readAvailable() -> String? {
        var buf = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { buffered += buf[0..<n]; continue }
            if n == 0 { closed = true }
            break
        }
        let text = String(decoding: buffered, as: UTF8.self)
        buffered.removeAll()
        return closed && text.isEmpty ? nil : text
    }

    /// Complete lines available now.
    func lines() -> [String] {
        (readAvailable() ?? "").split(separator: "\n").map(String.init)
    }
}

extension ControlSocket {
    /// Runs the socket like the kiosk's epoll loop would, with poll(2) and a zero timeout,
    /// until nothing is ready. Returns the number of handled readiness events.
    @discardableResult func pump(maxRounds: Int = 64) -> Int {
        var handled = 0
        for _ in 0..<maxRounds {
            var fds = watches.map { w in
                pollfd(fd: w.fd, events: Int16((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0)), revents: 0)
            }
            guard !fds.isEmpty else { return handled }
            let n = poll(&fds, nfds_t(fds.count), 0)
            guard n > 0 else { return handled }
            for p in fds where p.revents != 0 {
                if p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { handleReadable(fd: p.fd) }
                if p.revents & Int16(POLLOUT) != 0 { handleWritable(fd: p.fd) }
                handled += 1
            }
        }
        return handled
    }
}
