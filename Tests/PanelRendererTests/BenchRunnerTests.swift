import Foundation
import XCTest
@testable import PanelRenderer

/// The bench's JSON (docs/formats.md, Benchmark output) and its timing plumbing, on a tiny
/// frame.
final class BenchRunnerTests: XCTestCase {
    func testJSONHasContractFieldsInOrder() throws {
        let out = Pixmap(width: 64, height: 48)!
        let r = try XCTUnwrap(BenchRunner.run(width: 64, height: 48, frames: 3, warmup: 1, text: nil, frameOut: out,
                                                       coldPoolBytes: 1 << 20))
        let json = r.json
        let prefix = "{\"scene\": \"bench-scene-v1\", \"size\": [64, 48], \"frames\": 3, \"full_ms\": {\"median\": "
        XCTAssertTrue(json.hasPrefix(prefix), json)
        let keys = ["\"full_ms\"", "\"drag_ms\"", "\"memcpy_ms\"", "\"full_over_memcpy\"", "\"drag_over_memcpy\""]
        var last = json.startIndex
        for k in keys {
            let found = try XCTUnwrap(json.range(of: k, range: last..<json.endIndex), "\(k) missing or out of order")
            last = found.upperBound
        }
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let full = try XCTUnwrap(obj["full_ms"] as? [String: Any])
        XCTAssertNotNil(full["median"] as? Double)
        XCTAssertNotNil(full["min"] as? Double)
        XCTAssertNotNil((obj["memcpy_ms"] as? [String: Any])?["median"] as? Double)
        XCTAssertEqual(obj["size"] as? [Int], [64, 48])
        XCTAssertGreaterThan(r.full.median, 0)
        XCTAssertGreaterThan(r.fullSkippingHidden.median, 0)
        XCTAssertNotNil((obj["full_skipping_hidden_ms"] as? [String: Any])?["median"] as? Double)
        XCTAssertGreaterThan(r.memcpyCold.median, 0)
        XCTAssertEqual(r.fullOverMemcpy, r.full.median / r.memcpyCold.median, accuracy: 1e-12)
        XCTAssertNotEqual(out[10, 2], 0, "the full frame was handed back")
    }

    /// `bench --layers`: every layer of the scene once, in drawing order, each with a time
    /// and its ratio to the memcpy of the same run; the JSON carries the same.
    func testLayersCoverTheSceneInOrder() throws {
        let r = try XCTUnwrap(BenchRunner.runLayers(width: 64, height: 48, frames: 6, warmup: 1, rounds: 3,
                                                    text: nil, coldPoolBytes: 1 << 20))
        XCTAssertEqual(r.layers.map(\.layer), BenchLayer.allCases)
        XCTAssertEqual(r.frames, 6)
        XCTAssertGreaterThan(r.memcpyCold.median, 0)
        XCTAssertGreaterThan(r.full.median, 0)
        for (layer, ms) in r.layers {
            // Every frame's layer time is part of its frame time, so the medians keep order.
            XCTAssertLessThanOrEqual(ms.median, r.full.median, layer.name)
            XCTAssertEqual(r.overMemcpy(ms.median), ms.median / r.memcpyCold.median, accuracy: 1e-12)
        }
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.json.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(obj["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.compactMap { $0["layer"] as? String }, BenchLayer.allCases.map(\.name))
        XCTAssertNotNil(obj["full_over_memcpy"] as? Double)
        XCTAssertNotNil(obj["full_skipping_hidden_ms"] as? Double)
        XCTAssertGreaterThan(r.fullSkippingHidden.median, 0)
        XCTAssertTrue(r.summary.contains("20 roads"), r.summary)
        XCTAssertTrue(r.summary.contains("hidden skipped"), r.summary)
        // The drawer's floor is timed in every round (an empty list would give 0).
        XCTAssertGreaterThan(r.drawerFloor.median, 0)
        XCTAssertEqual(obj["drawer_floor_over_memcpy"] as? Double ?? -1,
                       r.overMemcpy(r.drawerFloor.median), accuracy: 1e-3)
        XCTAssertTrue(r.summary.contains("drawer's floor"), r.summary)
        XCTAssertNil(BenchRunner.runLayers(width: 0, height: 10, frames: 3, text: nil))
    }

    func testStats() {
        let s = BenchStats([5_000_000, 1_000_000, 3_000_000, 2_000_000, 4_000_000])
        XCTAssertEqual(s.median, 3)
        XCTAssertEqual(s.min, 1)
        XCTAssertEqual(s.p90, 5)
    }

    func testBadSizeIsRefused() {
        XCTAssertNil(BenchRunner.run(width: 0, height: 10, frames: 3, text: nil))
        XCTAssertNil(BenchRunner.run(width: 10, height: 10, frames: 0, text: nil))
    }
}
