/// What the shipped systemd unit (systemd/panel-kiosk.service) lets the kiosk see and write,
/// so a path an app file names can be checked before it silently does nothing on a device:
/// the unit gives the service a private /tmp (PrivateTmp=yes), hides /home, /root and
/// /run/user (ProtectHome=yes), and makes the file system read-only except /run/panel-kiosk
/// (ProtectSystem=strict, ReadWritePaths=). A socket in /tmp made by the kiosk is one the
/// user's program never finds; a data file in /home is one the kiosk never reads.
/// (A newcomer lost an hour to both; docs/deploy.md says where files belong.)
package enum ServiceUnitPaths {
    /// The folder the unit lets the kiosk create files in (the control socket, screenshots).
    package static let runtimeDirectory = "/run/panel-kiosk/"
    /// Where another program's files for the kiosk to read belong (the data file, certificates).
    package static let stateDirectory = "/var/lib/panel-kiosk/"

    /// Why the unit keeps the kiosk from using `path` (absolute), or nil when it does not.
    /// `creates`: the kiosk makes the file there (a socket), so the folder must be writable.
    package static func problem(with path: String, creates: Bool) -> String? {
        func under(_ folder: String) -> Bool { path == String(folder.dropLast()) || path.hasPrefix(folder) }
        if under("/tmp/") || under("/var/tmp/") {
            return "the service has a private /tmp (PrivateTmp=yes in panel-kiosk.service): no other program sees what is there, and the kiosk sees nothing another program puts there"
        }
        if under("/home/") || under("/root/") || under("/run/user/") {
            return "the service cannot see /home, /root or /run/user (ProtectHome=yes in panel-kiosk.service)"
        }
        if creates && !under(runtimeDirectory) {
            return "the service may create files only in \(runtimeDirectory) (ProtectSystem=strict in panel-kiosk.service)"
        }
        return nil
    }

    /// The warning for `key` = `path`, with where it belongs instead; nil when the unit allows it.
    package static func warning(key: String, path: String, creates: Bool) -> String? {
        guard let why = problem(with: path, creates: creates) else { return nil }
        let instead = creates ? "\(runtimeDirectory)\(lastComponent(path))" : "\(stateDirectory)\(lastComponent(path))"
        return "warning: '\(key)' = '\(path.clippedForMessage())' will not work under the shipped systemd unit: \(why); use \(instead) on a device"
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Every absolute path the app file names that the shipped unit would hide or refuse, as
    /// a warning at its key: the control socket (which the kiosk creates), the data file, the
    /// theme and MQTT's files (which it reads). A relative path moves with the app file (into
    /// /etc/panel-kiosk on a device), so only what is written absolute is judged: a file being
    /// written in a home folder on a laptop gets no warning for its own folder.
    package static func warnings(root: ConfigNode) -> [Diagnostic] {
        let keys: [(path: [String], creates: Bool)] = [
            (["control", "socket"], true), (["data", "file"], false), (["theme"], false),
            (["mqtt", "ca_file"], false), (["mqtt", "cert_file"], false), (["mqtt", "key_file"], false),
            (["mqtt", "password_file"], false),
        ]
        return keys.compactMap { key in
            guard let node = root.node(at: key.path), case .string(let path) = node.value, path.hasPrefix("/"),
                  let message = warning(key: key.path.last!, path: path, creates: key.creates) else { return nil }
            return node.diagnostic(message)
        }
    }
}

extension ConfigNode {
    /// The node under the table keys `path`, or nil.
    func node(at path: [String]) -> ConfigNode? {
        var node = self
        for key in path {
            guard case .table(let items) = node.value, let next = items.first(where: { $0.key == key }) else { return nil }
            node = next.node
        }
        return node
    }
}
