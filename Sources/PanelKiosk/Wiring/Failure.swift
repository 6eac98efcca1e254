#if canImport(Glibc)
import Glibc
#endif

/// Loads an app file, printing every diagnostic before failing.
package func loadApp(_ path: String) throws -> AppConfig {
    do { return try AppConfig.load(path: path) } catch {
        throw Failure(error.description)
    }
}

/// A message for stderr and exit code 1, without ArgumentParser's usage text.
package struct Failure: Error, CustomStringConvertible {
    package var description: String
    package init(_ message: String) { description = message }
}

package func printError(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
