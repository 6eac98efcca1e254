/// The product's version, one place for `--version`, `status`, MQTT's device info and the
/// Debian package (scripts/package reads it from here).
public enum KioskVersion {
    /// The release, e.g. "0.1.0".
    public static let current = "0.1.0"
}
