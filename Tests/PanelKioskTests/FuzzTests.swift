#if canImport(Glibc)
import Glibc
#endif
import CFuzz
import Foundation
import XCTest

/// The fuzz targets in the test suite: every seed and every input that once broke a target is
/// replayed on each run, and scripts/fuzz runs libFuzzer over a target from here.
final class FuzzTests: XCTestCase {
    func testEveryCorpusAndRegressionInputIsHandled() throws {
        var count = 0
        for target in FuzzTarget.allCases {
            let inputs = FuzzTarget.inputs("corpus", target) + FuzzTarget.inputs("regressions", target)
            XCTAssertFalse(FuzzTarget.inputs("corpus", target).isEmpty, "\(target): no seed corpus")
            for path in inputs {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                target.run(bytes)   // a trap here fails the whole run, naming nothing: see the log's last input
                count += 1
            }
        }
        print("FUZZ: replayed \(count) corpus and regression inputs through \(FuzzTarget.allCases.count) targets")
    }

    /// libFuzzer over PANEL_KIOSK_FUZZ_TARGET, with PANEL_KIOSK_FUZZ_ARGS (libFuzzer's flags and
    /// corpus folders, tab-separated). Only in scripts/fuzz's build; libFuzzer exits the
    /// process when it is done (status 0) or found a crash (non-zero, the input saved).
    func testFuzz() throws {
        let env = ProcessInfo.processInfo.environment
        guard let name = env["PANEL_KIOSK_FUZZ_TARGET"] else { throw XCTSkip("scripts/fuzz runs this") }
        guard panel_kiosk_fuzzer_linked() != 0 else {
            XCTFail("PANEL_KIOSK_FUZZ_TARGET is set but libFuzzer is not linked: build with scripts/fuzz")
            return
        }
        guard let target = FuzzTarget(rawValue: name) else {
            XCTFail("unknown fuzz target \(name); targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            return
        }
        FuzzTests.current = target
        let args = ["panel-kiosk-fuzz-\(name)"] + (env["PANEL_KIOSK_FUZZ_ARGS"] ?? "").split(separator: "\t").map(String.init)
        var argc = Int32(args.count)
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        let rc = cargs.withUnsafeMutableBufferPointer { buf -> Int32 in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buf.baseAddress
            return panel_kiosk_fuzzer_run(&argc, &argv) { data, size in
                let bytes = size == 0 ? [] : [UInt8](UnsafeBufferPointer(start: data, count: size))
                FuzzTests.current?.run(bytes)
                return 0
            }
        }
        XCTAssertEqual(rc, 0)
    }

    nonisolated(unsafe) static var current: FuzzTarget?
}
