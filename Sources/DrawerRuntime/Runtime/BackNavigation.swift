/// Escape or Back (a keyboard, a remote, a kiosk's hardware button): the non-gesture way to
/// undo the top-most open thing, which touch-only kiosks otherwise lack. Each component
/// answers with the programmatic action a person would expect (`Component.handleBack`);
/// nothing open, nothing done.
extension Screen {
    /// Returns the component that handled it, if any.
    @discardableResult
    public func back(at time: Instant) -> String? {
        advance(to: time)
        for c in components.reversed() where c.handleBack(at: time) { return c.id }
        return nil
    }
}
