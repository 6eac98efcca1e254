import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The popup's pure rules with the numbers of docs/components.md, Popup bar (a 390×844 pt
/// phone container).
final class PopupRulesTests: XCTestCase {
    func rules(_ configure: (inout PopupConfig) -> Void = { _ in }) -> PopupRules {
        var c = PopupConfig()
        configure(&c)
        return PopupRules(config: c, env: Environment(size: Size(390, 844)))
    }

    func testBarHeightsPerStyle() {
        let expected: [(PopupBarStyle, Double)] = [(.compact, 40), (.prominent, 64), (.floating, 64), (.floatingCompact, 48)]
        for (style, h) in expected {
            XCTAssertEqual(rules { $0.barStyle = style }.barHeight, h, style.rawValue)
        }
        let floating = rules()
        let card = floating.card(in: floating.barFrame(percent: 0))
        XCTAssertEqual(card, Rect(12, 844 - 64 + 4, 390 - 24, 56), "inset 4 vertical, 12 horizontal on a phone")
        XCTAssertEqual(floating.cornerRadius, 14)
    }

    func testSnapClosePointWorkedExample() {
        // Popup bar PB15 (docs/components.md): d = 844, bar 64 → auto-close after ≈302 pt of
        // finger travel.
        let r = rules { $0.barStyle = .prominent }
        XCTAssertFalse(r.snapShouldClose(travel: 302))
        XCTAssertTrue(r.snapShouldClose(travel: 302.2))
        // (−32 + x) / 844 > 0.32 ⇔ x > 302.08; the content has then visibly moved
        // 302.08·844·0.32 / (844 + 0.32·302.08) = 86.7 pt (a rough estimate's "≈ 89" rounds
        // generously).
        XCTAssertEqual(r.snapDisplayedOffset(travel: 302.08), 86.7, accuracy: 0.05)
        XCTAssertEqual(r.snapDisplayedOffset(travel: 10), 10 * 844 * 0.32 / (844 + 3.2), accuracy: 1e-9, "slope c at the limit")
        XCTAssertEqual(rules { $0.snapPercent = 0.05 }.snapPercent, 0.1, "clamped to 0.1...0.9")
    }

    func testDragReleaseDecisions() {
        let r = rules()
        // (started open, percent, velocity down pt/s) → target
        let cases: [(Bool, Double, Double, PopupState, String)] = [
            (false, 0.1, -500, .open, "up from the bar opens however short"),
            (false, 0.9, 500, .barPresented, "down closes however far it went"),
            (true, 0.6, -500, .open, "up from open, above half: open"),
            (true, 0.4, -500, .barPresented, "up from open but below half: close"),
            (true, 0.95, 300, .barPresented, "down from open closes"),
            (false, 0.25, 0, .open, "zero velocity past 20 %: toggle"),
            (false, 0.15, 0, .barPresented, "zero velocity short of 20 %: back"),
            (true, 0.75, 0, .barPresented, "zero velocity from open, below 80 %: toggle"),
            (true, 0.85, 0, .open, "zero velocity from open, above 80 %: back"),
            (false, 0.15, -5, .barPresented, "under 10 pt/s counts as zero"),
        ]
        for (open, p, v, expected, why) in cases {
            XCTAssertEqual(r.dragReleaseTarget(startedOpen: open, percent: p, velocityDown: v), expected, why)
        }
    }

    func testQueueCoalescing() {
        typealias Op = PopupQueue.Operation
        let cases: [([Op], [Op])] = [
            ([.open, .close], [.close]),
            ([.close, .open], [.open]),
            ([.present, .open, .present], [.open, .present]),
            ([.present, .dismiss], [.dismiss]),
            ([.present, .open, .close, .dismiss], [.dismiss]),
            ([.dismiss, .present, .open], [.present, .open]),
        ]
        for (ops, expected) in cases {
            var q = PopupQueue()
            for o in ops { q.enqueue(o) }
            XCTAssertEqual(q.pending, expected, "\(ops)")
        }
    }

    func testMarqueeTimingIsCoordinated() {
        let r = rules { $0.marquee = true }
        // Title 200 pt and subtitle 100 pt in a 150 pt label: only the title scrolls.
        XCTAssertEqual(r.marqueeOffsets(elapsed: 1.9, widths: [200, 100], available: 150), [0, 0], "2 s delay")
        XCTAssertEqual(r.marqueeOffsets(elapsed: 2.5, widths: [200, 100], available: 150), [15, 0], "30 pt/s")
        // One cycle = (200 + 50) / 30 = 8.33 s; then both rest at home for the delay again.
        XCTAssertEqual(r.marqueeOffsets(elapsed: 2 + 250.0 / 30 + 0.5, widths: [200, 100], available: 150), [0, 0])
        // Both overflow: the shorter one finishes and waits (its end looks like home) for the longer.
        let both = r.marqueeOffsets(elapsed: 2 + 8, widths: [200, 160], available: 150)
        XCTAssertEqual(both[0], 240, accuracy: 1e-9)
        XCTAssertEqual(both[1], 210, accuracy: 1e-9, "160 + 50 gap: one full cycle, holding")
        XCTAssertEqual(rules().marqueeOffsets(elapsed: 5, widths: [400, 0], available: 150), [0, 0], "off by default")
    }

    func testPageStepFromTheFastDecelerationProjection() {
        let r = rules()
        // Page 300 pt: the release projected with 0.099 s of fast deceleration must pass 150 pt.
        XCTAssertEqual(r.pageStep(offset: -160, velocity: 0, page: 300), 1, "dragged past half: next")
        XCTAssertEqual(r.pageStep(offset: -100, velocity: 0, page: 300), 0, "short: back")
        XCTAssertEqual(r.pageStep(offset: -60, velocity: -1000, page: 300), 1, "-60 − 99 = −159: a flick pages")
        XCTAssertEqual(r.pageStep(offset: 60, velocity: 1000, page: 300), -1, "previous")
        XCTAssertEqual(r.pageStep(offset: -160, velocity: 1000, page: 300), 0, "thrown back")
    }
}
