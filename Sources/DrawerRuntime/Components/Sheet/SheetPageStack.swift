import PanelRenderer

/// One page the sheet can show: a title in the header strip and content below it.
public final class SheetPage {
    public let id: String
    public var title: String?
    public var content: ContentView?
    /// Points; each page keeps its own scroll position while covered by another. The sheet's
    /// machine moves it through `SheetMachine.Effect.scroll`; the page keeps it because its
    /// content (drawn, hit-tested, re-anchored when rows change) is the page's too.
    var scrollOffset = 0.0

    public init(id: String, title: String? = nil, content: ContentView? = nil) {
        self.id = id; self.title = title; self.content = content
    }
}

/// The navigation stack inside the card (docs/components.md, Sheet S14): push / pop /
/// pop-to-root / set pages, with the slide transitions of sheets' `cycle` (0.5 s, critically
/// damped). A value inside `SheetMachine`'s state: it knows its pages by id (unique within a
/// sheet), so the machine holds no page objects. The page transition runs beside the card's
/// own motion (the card may move while a page slides).
struct SheetPageStack: Sendable {
    enum Slide: Sendable {
        /// `page` slides up from below the content bounds over the page beneath it.
        case pushing(page: String, motion: SpringMotion)
        /// `page` slides down out of the card, uncovering the new top page.
        case popping(page: String, motion: SpringMotion)
    }
    /// How a change slides: the spring and how far below its resting place a sliding page
    /// starts or ends (the content height, pt). Nil: shown at once.
    struct SlideSpec: Sendable {
        var spring: Spring
        var travel: Double
    }

    /// Page ids, the root first.
    private(set) var pages: [String]
    private(set) var sliding: Slide?

    init(root: String) { pages = [root] }

    var depth: Int { pages.count }
    var top: String { pages[pages.count - 1] }
    var bottom: String { pages[0] }
    var isSliding: Bool { sliding != nil }
    func contains(_ page: String) -> Bool { pages.contains(page) }

    /// The pages to draw, bottom first, each with its vertical offset in points.
    var visible: [(page: String, offset: Double)] {
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

    /// `page` goes on top, sliding up when `slide` is given.
    mutating func push(_ page: String, slide: SlideSpec?, at time: Instant) {
        pages.append(page)
        sliding = slide.map { .pushing(page: page, motion: Self.motion(from: $0.travel, to: 0, $0.spring, at: time)) }
    }

    /// Keeps the bottom `depth` pages (at least the root, which is never popped), the old top
    /// sliding down when `slide` is given. Returns false when nothing was above them.
    mutating func pop(to depth: Int, slide: SlideSpec?, at time: Instant) -> Bool {
        let keep = max(1, depth)
        guard keep < pages.count else { return false }
        let leaving = top
        pages.removeSubrange(keep...)
        sliding = slide.map { .popping(page: leaving, motion: Self.motion(from: 0, to: $0.travel, $0.spring, at: time)) }
        return true
    }

    /// The whole stack replaced (`set_pages`): a new top slides up when the stack grew, the
    /// old one down when it shrank; the same top does not move.
    mutating func set(_ newPages: [String], slide: SlideSpec, at time: Instant) {
        guard !newPages.isEmpty else { return }
        let oldTop = top
        let grows = newPages.count >= pages.count
        pages = newPages
        guard oldTop != top else { sliding = nil; return }
        sliding = grows ? .pushing(page: top, motion: Self.motion(from: slide.travel, to: 0, slide.spring, at: time))
                        : .popping(page: oldTop, motion: Self.motion(from: 0, to: slide.travel, slide.spring, at: time))
    }

    /// `newPages` shown at once, without a slide: the stack before a reload.
    mutating func carry(_ newPages: [String]) {
        guard !newPages.isEmpty else { return }
        pages = newPages
        sliding = nil
    }

    /// Moves the slide on to `time`; it ends at rest.
    mutating func advance(to time: Instant) {
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
    }

    private static func motion(from: Double, to: Double, _ spring: Spring, at time: Instant) -> SpringMotion {
        SpringMotion(from: from, to: to, velocity: 0, spring: spring, at: time, restDistance: 0.1, restSpeed: 5)
    }
}
