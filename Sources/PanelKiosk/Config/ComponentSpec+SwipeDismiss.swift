import DrawerRuntime
import PanelRenderer

extension ComponentSpec {
    /// `kind = "swipe_dismiss"`: a presented card with a title and content that the finger
    /// drags down to dismiss (the article's options keep its names in snake case).
    static func parseSwipeDismiss(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = SwipeDismissConfig()
        c.isSticky = t.bool("sticky", default: c.isSticky)
        c.fades = t.bool("fade", default: c.fades)
        c.animationDuration = t.double("duration", default: c.animationDuration, range: 0...10)
        c.usesReleaseVelocity = t.bool("use_release_velocity", default: c.usesReleaseVelocity)
        c.minimumVelocity = t.double("velocity", default: c.minimumVelocity, range: 0...100_000)
        // The article clamps the fraction to [0, 0.9]; a file asking for more is told so.
        c.offsetFraction = t.double("offset", default: c.offsetFraction, range: 0...0.9)
        c.initiallyPresented = t.bool("presented", default: c.initiallyPresented)
        c.presentDuration = t.double("present_duration", default: c.presentDuration, range: 0.01...10)
        c.topInset = t.double("top_inset", default: c.topInset, range: 0...10000)
        c.cornerRadius = t.double("corner_radius", default: c.cornerRadius, range: 0...200)
        c.showsGrabber = t.bool("grabber", default: c.showsGrabber)
        c.showsCloseButton = t.bool("close_button", default: c.showsCloseButton)
        c.headerHeight = t.double("header_height", default: c.headerHeight, range: 0...1000)
        c.gestureEnabled = t.bool("gesture", default: c.gestureEnabled)
        let title = t.string("title")
        var content: ContentSpec?
        if var ct = t.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
        return .swipeDismiss(id: id, config: c, title: title, content: content)
    }
}
