import DrawerRuntime
import PanelRenderer
import XCTest

/// A tiny deterministic generator (64-bit LCG) for jitter: same seed, same sequence, so every
/// "random" test is reproducible bit for bit.
struct SeededGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// Uniform in [-1, 1).
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
}

/// A finger trajectory: position (points) as a function of time (seconds since touch down).
struct Trajectory {
    var position: (Double) -> Point
    var velocity: (Double) -> Point
}

/// Samples `trajectory` from t = 0 to `duration` seconds at `hz`, with optional timestamp
/// jitter (fraction of the interval) and position noise (points).
func sampleTouches(_ trajectory: Trajectory, hz: Double, duration: Double,
                   timeJitter: Double = 0, positionNoise: Double = 0, seed: UInt64 = 1) -> [(Point, Instant)] {
    var rng = SeededGenerator(seed: seed)
    var out: [(Point, Instant)] = []
    let interval = 1 / hz
    var k = 0
    while true {
        var t = Double(k) * interval
        if k > 0 { t += rng.next() * timeJitter * interval }
        if t > duration { break }
        var p = trajectory.position(t)
        if positionNoise > 0 { p = Point(p.x + rng.next() * positionNoise, p.y + rng.next() * positionNoise) }
        out.append((p, .seconds(t)))
        k += 1
    }
    // Always finish exactly at the release time so the true velocity is known there.
    if let last = out.last, last.1 < .seconds(duration) {
        out.append((trajectory.position(duration), .seconds(duration)))
    }
    return out
}

func XCTAssertWithin(_ actual: Double, _ expected: Double, relative: Double,
                     _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(actual - expected) <= abs(expected) * relative,
              "\(actual) not within \(relative * 100)% of \(expected) \(message)", file: file, line: line)
}

/// Advances a side drawer frame by frame at 60 Hz from `from` to `to` ms, returning the pane
/// offsets seen (the side-drawer suites' one stepping helper).
@discardableResult
func stepFrames(_ d: SideDrawer, from: Int, to: Int) -> [Double] {
    var out: [Double] = []
    var t = Double(from)
    while t <= Double(to) { d.advance(to: .milliseconds(t)); out.append(d.paneOffset); t += 1000 / 60 }
    return out
}
