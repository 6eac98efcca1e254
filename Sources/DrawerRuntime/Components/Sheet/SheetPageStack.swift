import PanelRenderer

/// One page the sheet can show: a title in the header strip and content below it.
public final class SheetPage {
    public let id: String
    public var title: String?
    public var content: ContentView?
    /// Points; each page keeps its own scroll position while covered by another.
    var scrollOffset = 0.0

    public init(id: String, title: String? = nil, content: ContentView? = nil) {
        self.id = id; self.title = title; self.content = content
    }
}

/// The navigation stack inside the card (docs/components.md, Sheet S14): push / pop /
/// pop-to-root / set pages, with the slide transitions of sheets' `cycle` (0.5 s, critically
/// damped). The page transition runs beside the card's own motion (the card may move while a
/// page slides), so it is a small state machine of its own: `transition` is the only place
/// that assigns `sliding`.
struct SheetPageStack {
    enum Slide {
        /// `page` slides up from below the content bounds over the page beneath it.
        case pushing(page: SheetPage, motion: SpringMotion)
        /// `page` slides down out of the card, uncovering the new top page.
        case popping(page: SheetPage, motion: SpringMotion)
    }
    enum Input {
        case push(SheetPage)
        case pop(to: Int)
        case set([SheetPage])
        case tick
    }

    private(set) var pages: [SheetPage]
    private(set) var sliding: Slide?
    var spring: Spring
    /// How far below its resting place a sliding page starts/ends (the content height), pt.
    var travel: Double

    init(root: SheetPage, spring: Spring, travel: Double) {
        pages = [root]; self.spring = spring; self.travel = travel
    }

    var depth: Int { pages.count }
    var top: SheetPage { pages[pages.count - 1] }
    var isSliding: Bool { sliding != nil }

    /// The pages to draw, bottom first, each with its vertical offset in points.
    var visible: [(page: SheetPage, offset: Double)] {
        switch sliding {
        case .pushing(let page, let m)?:
            let under = pages.count >= 2 ? [(pages[pages.count - 2], 0.0)] : []
            return under + [(page, m.value)]
        case .popping(let page, let m)?:
            return [(top, 0.0), (page, m.value)]
        case nil:
            return [(top, 0.0)]
        }
    }

    /// Applies one input; returns true when the stack changed (for events).
    @discardableResult
    mutating func transition(_ input: Input, at time: Instant) -> Bool {
        switch input {
        case .push(let page):
            finishSlide()
            pages.append(page)
            page.scrollOffset = 0
            sliding = .pushing(page: page, motion: motion(from: travel, to: 0, at: time))
            return true
        case .pop(let depth):
            let keep = max(1, depth)
            guard keep < pages.count else { return false }
            finishSlide()
            let leaving = top
            pages.removeSubrange(keep...)
            sliding = .popping(page: leaving, motion: motion(from: 0, to: travel, at: time))
            return true
        case .set(let newPages):
            guard !newPages.isEmpty else { return false }
            finishSlide()
            let oldTop = top
            let grows = newPages.count >= pages.count
            pages = newPages
            guard oldTop !== top else { return true }
            sliding = grows ? .pushing(page: top, motion: motion(from: travel, to: 0, at: time))
                            : .popping(page: oldTop, motion: motion(from: 0, to: travel, at: time))
            return true
        case .tick:
            switch sliding {
            case .pushing(let page, var m)?:
                m.advance(to: time)
                sliding = m.isAtRest ? nil : .pushing(page: page, motion: m)
            case .popping(let page, var m)?:
                m.advance(to: time)
                sliding = m.isAtRest ? nil : .popping(page: page, motion: m)
            case nil:
                break
            }
            return false
        }
    }

    /// `newPages` shown at once, without a slide: the stack before a reload, or a push or pop
    /// asked for without animation.
    mutating func carry(_ newPages: [SheetPage]) {
        guard !newPages.isEmpty else { return }
        pages = newPages
        sliding = nil
    }

    /// A new change cuts the running slide short: its end state is already in `pages`.
    private mutating func finishSlide() { sliding = nil }

    private func motion(from: Double, to: Double, at time: Instant) -> SpringMotion {
        SpringMotion(from: from, to: to, velocity: 0, spring: spring, at: time, restDistance: 0.1, restSpeed: 5)
    }
}
