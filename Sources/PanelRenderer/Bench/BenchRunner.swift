/// Times the bench scene (docs/bench.md, What is timed) in this process: full frames, drag
/// frames, and one frame's memcpy (hot and from DRAM) so the ratios carry across machines.
#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Median, minimum and 90th percentile of per-frame times, in milliseconds.
package struct BenchStats: Equatable, Sendable {
    package var median: Double, min: Double, p90: Double
    init(_ ns: [UInt64]) {
        let s = ns.sorted().map { Double($0) / 1e6 }
        guard !s.isEmpty else { median = 0; self.min = 0; p90 = 0; return }
        median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        self.min = s[0]
        p90 = s[Swift.min(s.count - 1, Int((Double(s.count) * 0.9).rounded(.down)))]
    }
}

package struct BenchResult: Sendable {
    package var width: Int, height: Int, frames: Int
    package var full: BenchStats
    package var drag: BenchStats
    /// memcpy of one frame from a buffer not in cache (256 MiB pool): the bench's ratio base.
    package var memcpyCold: BenchStats
    /// memcpy of one frame between cache-resident buffers.
    package var memcpyHot: BenchStats
    package var text: Bool
    /// The same cases on this thread's CPU clock (robust to other processes on the cores).
    package var fullCPU: BenchStats
    package var dragCPU: BenchStats
    package var memcpyColdCPU: BenchStats
    /// Full frames drawn as the runtime draws them: the layers under the drawer's opaque
    /// body only above it (`BenchScene.drawSkippingHidden`). Same picture.
    package var fullSkippingHidden: BenchStats

    package var fullOverMemcpy: Double { full.median / memcpyCold.median }
    package var dragOverMemcpy: Double { drag.median / memcpyCold.median }

    /// The `bench --json` object (docs/formats.md, Benchmark output), with extra fields (p90s,
    /// hot memcpy, whether text was drawn).
    package var json: String {
        func f(_ v: Double) -> String {
            let s = String(Int((v * 10000).rounded()))
            let neg = s.hasPrefix("-")
            var digits = neg ? String(s.dropFirst()) : s
            while digits.count < 5 { digits = "0" + digits }
            return (neg ? "-" : "") + digits.dropLast(4) + "." + digits.suffix(4)
        }
        return "{\"scene\": \"bench-scene-v1\", \"size\": [\(width), \(height)], \"frames\": \(frames), "
            + "\"full_ms\": {\"median\": \(f(full.median)), \"min\": \(f(full.min)), \"p90\": \(f(full.p90))}, "
            + "\"drag_ms\": {\"median\": \(f(drag.median)), \"min\": \(f(drag.min)), \"p90\": \(f(drag.p90))}, "
            + "\"memcpy_ms\": {\"median\": \(f(memcpyCold.median)), \"min\": \(f(memcpyCold.min))}, "
            + "\"full_over_memcpy\": \(f(fullOverMemcpy)), \"drag_over_memcpy\": \(f(dragOverMemcpy)), "
            + "\"memcpy_hot_ms\": {\"median\": \(f(memcpyHot.median))}, "
            + "\"full_over_memcpy_hot\": \(f(full.median / memcpyHot.median)), "
            + "\"drag_over_memcpy_hot\": \(f(drag.median / memcpyHot.median)), "
            + "\"full_cpu_ms\": {\"median\": \(f(fullCPU.median))}, \"drag_cpu_ms\": {\"median\": \(f(dragCPU.median))}, "
            + "\"memcpy_cpu_ms\": {\"median\": \(f(memcpyColdCPU.median))}, "
            + "\"full_over_memcpy_cpu\": \(f(fullCPU.median / memcpyColdCPU.median)), "
            + "\"drag_over_memcpy_cpu\": \(f(dragCPU.median / memcpyColdCPU.median)), "
            + "\"full_skipping_hidden_ms\": {\"median\": \(f(fullSkippingHidden.median)), \"min\": \(f(fullSkippingHidden.min)), \"p90\": \(f(fullSkippingHidden.p90))}, "
            + "\"full_skipping_hidden_over_memcpy\": \(f(fullSkippingHidden.median / memcpyCold.median)), "
            + "\"text\": \(text), \"drag_method\": \"move drawer body rows + repaint damaged bands\"}"
    }

    package var summary: String {
        func f(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return String(r)
        }
        return """
        bench-scene-v1 \(width)x\(height), \(frames) frames\(text ? "" : " (no text)")
          full    median \(f(full.median)) ms  min \(f(full.min))  p90 \(f(full.p90))  = \(f(fullOverMemcpy)) x memcpy
          full, hidden skipped (as the runtime draws)  median \(f(fullSkippingHidden.median)) ms  = \(f(fullSkippingHidden.median / memcpyCold.median)) x memcpy
          drag    median \(f(drag.median)) ms  min \(f(drag.min))  p90 \(f(drag.p90))  = \(f(dragOverMemcpy)) x memcpy
          memcpy  median \(f(memcpyCold.median)) ms from DRAM, \(f(memcpyHot.median)) ms cache-resident
          thread CPU time: full \(f(fullCPU.median)) ms, drag \(f(dragCPU.median)) ms, memcpy \(f(memcpyColdCPU.median)) ms
        """
    }
}

package enum BenchRunner {
    /// Renders and times the scene. `warmup` frames precede `frames` timed ones per case.
    /// Writes the last full frame into `frameOut` when given (same size).
    /// `coldPoolBytes` is the pool the cold memcpy reads from (256 MiB: docs/bench.md, What is
    /// timed).
    package static func run(width: Int, height: Int, frames: Int, warmup: Int = 30,
                           text: BenchTextDrawer?, frameOut: Pixmap? = nil,
                           coldPoolBytes: Int = 256 << 20) -> BenchResult? {
        guard frames > 0, let frame = Pixmap(width: width, height: height),
              let saved = Pixmap(width: width, height: height) else { return nil }
        let scene = BenchScene(width: width, height: height)
        scene.textDrawer = text
        let canvas = Canvas(frame.view)
        let top = scene.restTop
        var wall = [UInt64](repeating: 0, count: frames)
        var cpu = [UInt64](repeating: 0, count: frames)
        /// Times `body` per frame on the wall clock (the contract's figure) and on this
        /// thread's CPU clock (what the work costs when other processes preempt us).
        func measure(_ body: (Int) -> Void) -> (wall: BenchStats, cpu: BenchStats) {
            for i in 0..<(warmup + frames) {
                let c0 = threadCPUNanoseconds(), t0 = monotonicNanoseconds()
                body(i)
                let t1 = monotonicNanoseconds(), c1 = threadCPUNanoseconds()
                if i >= warmup { wall[i - warmup] = t1 - t0; cpu[i - warmup] = c1 - c0 }
            }
            return (BenchStats(wall), BenchStats(cpu))
        }

        // Full frames, skipping what the drawer hides as the runtime does, then every primitive
        // (the peers' way; the picture is the same and stays for the drag frames).
        let skipping = measure { _ in scene.drawSkippingHidden(on: canvas, drawerTop: top) }
        let full = measure { _ in scene.draw(on: canvas, drawerTop: top) }
        saved.view.copy(from: frame.view)
        if let frameOut, frameOut.width == width, frameOut.height == height {
            frameOut.view.copy(from: frame.view)
        }

        // Drag frames: each starts from the rest frame (restored untimed) and moves 7 px up.
        var damage = DamageRegion()
        var dragWall = [UInt64](repeating: 0, count: frames), dragCPU = dragWall
        for i in 0..<(warmup + frames) {
            frame.view.copy(from: saved.view)
            let c0 = threadCPUNanoseconds(), t0 = monotonicNanoseconds()
            scene.dragFrame(on: canvas, fromTop: top, toTop: top - 7, damage: &damage)
            let t1 = monotonicNanoseconds(), c1 = threadCPUNanoseconds()
            if i >= warmup { dragWall[i - warmup] = t1 - t0; dragCPU[i - warmup] = c1 - c0 }
        }
        let drag = (wall: BenchStats(dragWall), cpu: BenchStats(dragCPU))

        // memcpy, hot: the same two buffers each time.
        let bytes = width * height * 4
        let hot = measure { _ in _ = memcpy(frame.pixels, saved.pixels, bytes) }

        let cold = coldMemcpy(into: frame, warmup: warmup, frames: frames, poolBytes: coldPoolBytes)
        return BenchResult(width: width, height: height, frames: frames, full: full.wall, drag: drag.wall,
                           memcpyCold: cold.wall, memcpyHot: hot.wall, text: text != nil,
                           fullCPU: full.cpu, dragCPU: drag.cpu, memcpyColdCPU: cold.cpu,
                           fullSkippingHidden: skipping.wall)
    }
}

extension BenchRunner {
    /// memcpy, cold: each copy reads a fresh frame from a pool (256 MiB by default) into
    /// `frame` (the anchors' "from DRAM" case; a cold destination too would be slower).
    static func coldMemcpy(into frame: Pixmap, warmup: Int, frames: Int,
                           poolBytes: Int) -> (wall: BenchStats, cpu: BenchStats) {
        let s = coldMemcpySamples(into: frame, warmup: warmup, frames: frames, poolBytes: poolBytes)
        return (BenchStats(s.wall), BenchStats(s.cpu))
    }

    /// The per-copy times (ns) behind `coldMemcpy`.
    static func coldMemcpySamples(into frame: Pixmap, warmup: Int, frames: Int,
                                  poolBytes: Int) -> (wall: [UInt64], cpu: [UInt64]) {
        let bytes = frame.width * frame.height * 4
        let poolBytes = max(poolBytes, bytes * 8)
        let pool = UnsafeMutableRawPointer.allocate(byteCount: poolBytes, alignment: 64)
        defer { pool.deallocate() }
        memset(pool, 1, poolBytes)   // fault the pages in before timing
        let slots = poolBytes / bytes
        var wall = [UInt64](repeating: 0, count: frames), cpu = wall
        for i in 0..<(warmup + frames) {
            let c0 = threadCPUNanoseconds(), t0 = monotonicNanoseconds()
            _ = memcpy(frame.pixels, pool + (i % slots) * bytes, bytes)
            let t1 = monotonicNanoseconds(), c1 = threadCPUNanoseconds()
            if i >= warmup { wall[i - warmup] = t1 - t0; cpu[i - warmup] = c1 - c0 }
        }
        return (wall, cpu)
    }

    /// Times each layer of the scene (`bench --layers`): every frame is a full frame with a
    /// timestamp between layers, so a layer is timed on the pixels the layers below left,
    /// as in a real frame. The frame and the cold memcpy alternate in `rounds` rounds so
    /// that load from other processes falls on both alike.
    package static func runLayers(width: Int, height: Int, frames: Int, warmup: Int = 30, rounds: Int = 5,
                                 text: BenchTextDrawer?, coldPoolBytes: Int = 256 << 20) -> BenchLayersResult? {
        guard frames > 0, rounds > 0, let frame = Pixmap(width: width, height: height) else { return nil }
        let scene = BenchScene(width: width, height: height)
        scene.textDrawer = text
        let canvas = Canvas(frame.view)
        let top = scene.restTop
        let layers = BenchLayer.allCases
        var perLayer = [[UInt64]](repeating: [], count: layers.count)
        var full: [UInt64] = [], skipping: [UInt64] = [], copies: [UInt64] = [], floors: [UInt64] = []
        var stamps = [UInt64](repeating: 0, count: layers.count + 1)
        let perRound = max(1, (frames + rounds - 1) / rounds)
        for round in 0..<rounds {
            let n = min(perRound, frames - round * perRound)
            if n <= 0 { break }
            for i in 0..<((round == 0 ? warmup : 0) + n) {
                stamps[0] = monotonicNanoseconds()
                for (k, layer) in layers.enumerated() {
                    scene.draw(layer, on: canvas, drawerTop: top)
                    stamps[k + 1] = monotonicNanoseconds()
                }
                if round == 0 && i < warmup { continue }
                for k in layers.indices { perLayer[k].append(stamps[k + 1] - stamps[k]) }
                full.append(stamps[layers.count] - stamps[0])
            }
            for _ in 0..<n {
                let t0 = monotonicNanoseconds()
                scene.drawSkippingHidden(on: canvas, drawerTop: top)
                skipping.append(monotonicNanoseconds() - t0)
            }
            // The drawer's floor: its rows written by one C memset, on the pixels the layers
            // below left, as the drawer layer finds them. A machine that writes memory slowly
            // for its DRAM shows it here, not as a slower renderer.
            let drawerRows = frame.pixels + top * frame.stride
            let drawerBytes = (height - top) * frame.stride * 4
            for _ in 0..<n {
                for layer in layers where layer.rawValue < BenchLayer.drawer.rawValue {
                    scene.draw(layer, on: canvas, drawerTop: top)
                }
                let t0 = monotonicNanoseconds()
                _ = memset(drawerRows, 0xFF, drawerBytes)
                floors.append(monotonicNanoseconds() - t0)
            }
            let cold = coldMemcpySamples(into: frame, warmup: round == 0 ? warmup : 2, frames: n,
                                         poolBytes: coldPoolBytes)
            copies.append(contentsOf: cold.wall)
        }
        return BenchLayersResult(width: width, height: height, frames: full.count, text: text != nil,
                                 layers: zip(layers, perLayer).map { ($0, BenchStats($1)) },
                                 full: BenchStats(full), fullSkippingHidden: BenchStats(skipping),
                                 drawerFloor: BenchStats(floors), memcpyCold: BenchStats(copies))
    }
}

/// `bench --layers`: the median time of each layer and of the whole frame, and the cold
/// memcpy of one frame measured in the same run (the ratio base).
package struct BenchLayersResult: Sendable {
    package var width: Int, height: Int, frames: Int
    package var text: Bool
    package var layers: [(layer: BenchLayer, ms: BenchStats)]
    package var full: BenchStats
    /// The full frame as the runtime draws it (`BenchScene.drawSkippingHidden`).
    package var fullSkippingHidden: BenchStats
    /// The drawer's rows (its top edge to the bottom, whole width) written by one C
    /// `memset` after the layers below it: the least any renderer can take for the drawer +
    /// pill layer on this machine.
    package var drawerFloor: BenchStats
    package var memcpyCold: BenchStats

    package func overMemcpy(_ ms: Double) -> Double { ms / memcpyCold.median }

    package var summary: String {
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        func f(_ v: Double, _ digits: Int) -> String {
            let scale = digits == 3 ? 1000.0 : 100.0
            let r = Int((v * scale).rounded())
            let whole = r / Int(scale), frac = String(r % Int(scale))
            return "\(whole)." + String(repeating: "0", count: digits - frac.count) + frac
        }
        var out = "bench-scene-v1 \(width)x\(height) by layer, \(frames) frames\(text ? "" : " (no text)"), "
            + "memcpy of a frame from DRAM \(f(memcpyCold.median, 3)) ms\n"
        out += "  \(pad("layer", 15)) \(lpad("ms", 7)) \(lpad("x memcpy", 9))\n"
        for (layer, st) in layers {
            out += "  \(pad(layer.name, 15)) \(lpad(f(st.median, 3), 7)) \(lpad(f(overMemcpy(st.median), 2), 9))\n"
        }
        out += "  \(pad("full frame", 15)) \(lpad(f(full.median, 3), 7)) \(lpad(f(overMemcpy(full.median), 2), 9))\n"
        out += "  \(pad("full frame, hidden skipped (as the runtime draws)", 15)) \(f(fullSkippingHidden.median, 3)) ms, "
            + "\(f(overMemcpy(fullSkippingHidden.median), 2)) x memcpy\n"
        out += "  drawer's floor (its rows by one C memset) \(f(drawerFloor.median, 3)) ms, "
            + "\(f(overMemcpy(drawerFloor.median), 2)) x memcpy"
        return out
    }

    /// One JSON object: size, frames, memcpy, each layer's median ms and ratio, the full frame.
    package var json: String {
        func f(_ v: Double) -> String { String((v * 10000).rounded() / 10000) }
        let items = layers.map {
            "{\"layer\": \"\($0.layer.name)\", \"ms\": \(f($0.ms.median)), \"over_memcpy\": \(f(overMemcpy($0.ms.median)))}"
        }
        return "{\"scene\": \"bench-scene-v1\", \"size\": [\(width), \(height)], \"frames\": \(frames), "
            + "\"memcpy_ms\": \(f(memcpyCold.median)), \"layers\": [\(items.joined(separator: ", "))], "
            + "\"full_ms\": \(f(full.median)), \"full_over_memcpy\": \(f(overMemcpy(full.median))), "
            + "\"full_skipping_hidden_ms\": \(f(fullSkippingHidden.median)), "
            + "\"full_skipping_hidden_over_memcpy\": \(f(overMemcpy(fullSkippingHidden.median))), "
            + "\"drawer_floor_ms\": \(f(drawerFloor.median)), "
            + "\"drawer_floor_over_memcpy\": \(f(overMemcpy(drawerFloor.median))), \"text\": \(text)}"
    }
}

/// This thread's CPU time (CLOCK_THREAD_CPUTIME_ID), ns: excludes time other processes run.
@inline(__always)
func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
