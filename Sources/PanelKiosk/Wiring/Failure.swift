#if canImport(Glibc)
import Glibc
#endif

/// Loads an app file, printing every diagnostic before failing. Run by systemd (which sets
/// INVOCATION_ID), it also logs the paths the unit hides (`ServiceUnitPaths`): the journal is
/// where a kiosk whose socket nobody can reach is looked into.
package func loadApp(_ path: String) throws -> AppConfig {
    let app: AppConfig
    do { app = try AppConfig.load(path: path) } catch {
        throw Failure(error.description)
    }
    if getenv("INVOCATION_ID") != nil {
        for w in app.serviceUnitWarnings { KioskLog.warning(w.description) }
    }
    return app
}

/// A message for stderr and exit code 1, without ArgumentParser's usage text.
package struct Failure: Error, CustomStringConvertible {
    package var description: String
    package init(_ message: String) { description = message }
}

/// A problem on stderr (each line with the error priority when journald reads it, `KioskLog`).
package func printError(_ s: String) { KioskLog.errorLines(s) }
