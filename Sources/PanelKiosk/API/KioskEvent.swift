import DrawerRuntime

/// What a component reports, typed: the event log's lines (docs/formats.md, Event log) as
/// values. `Kiosk.onEvent` hands these out; the string form stays at the edges (the event
/// file, the control socket's subscribers).
public enum KioskEvent: Equatable, Sendable {
    /// A bottom drawer starts moving to a new position.
    case positionWillChange(drawer: String, from: DrawerPosition, to: DrawerPosition)
    /// A bottom drawer came to rest at `position`.
    case positionDidChange(drawer: String, position: DrawerPosition)
    /// A bottom drawer's visible height (only with `reportsDistance`).
    case distanceChanged(drawer: String, distancePt: Double)
    /// A sheet chose a new anchor (0 = top-most).
    case anchorWillChange(sheet: String, from: Int, to: Int)
    /// A sheet came to rest at anchor `index`.
    case anchorDidChange(sheet: String, index: Int)
    /// A sheet's page stack changed (`push`, `pop`, `set_pages`); `depth` counts the pages.
    case pagesChanged(sheet: String, change: PageChange, depth: Int)
    /// A side drawer's pane starts moving towards `state`.
    case paneStateWillChange(sideDrawer: String, state: PaneState, direction: SideDrawerDirection)
    /// A side drawer's pane committed to `state`.
    case paneStateDidChange(sideDrawer: String, state: PaneState, direction: SideDrawerDirection)
    /// A swipe-to-dismiss card's gesture began, completed (dismissed) or was cancelled.
    case dismissStatus(component: String, status: SwipeDismissStatus)
    /// A popup bar or its card appeared or went away.
    case popup(popup: String, change: PopupChange)
    /// The popup bar shows item `index`.
    case barItemChanged(popup: String, index: Int, title: String)
    /// A row or button with an action was tapped; `target` is the component, or
    /// "background" for the app's background content.
    case action(target: String, id: String)
    /// An event this version does not type (kept whole, never dropped).
    case other(RuntimeEvent)

    /// How a sheet's page stack changed.
    public enum PageChange: String, Sendable { case push, pop, setPages = "set_pages" }
    /// The popup's six moments.
    public enum PopupChange: String, Sendable {
        case barPresented = "bar_presented", barDismissed = "bar_dismissed"
        case willOpen = "popup_will_open", willClose = "popup_will_close"
        case didOpen = "popup_did_open", didClose = "popup_did_close"
    }

    /// The typed form of an event log line; `.other` when its fields are not as documented.
    public init(_ e: RuntimeEvent) {
        func string(_ k: String) -> String? { if case .string(let s)? = e.field(k) { s } else { nil } }
        func int(_ k: String) -> Int? { if case .number(let d)? = e.field(k), d.isFinite { Int(d) } else { nil } }
        func number(_ k: String) -> Double? { if case .number(let d)? = e.field(k) { d } else { nil } }
        let t = e.target
        let typed: KioskEvent? = switch e.name {
        case "position_will_change":
            string("from").flatMap(DrawerPosition.init(rawValue:)).flatMap { from in
                string("to").flatMap(DrawerPosition.init(rawValue:)).map { .positionWillChange(drawer: t, from: from, to: $0) } }
        case "position_did_change": string("position").flatMap(DrawerPosition.init(rawValue:)).map { .positionDidChange(drawer: t, position: $0) }
        case "distance_changed": number("distance_pt").map { .distanceChanged(drawer: t, distancePt: $0) }
        case "anchor_will_change": int("from").flatMap { from in int("to").map { .anchorWillChange(sheet: t, from: from, to: $0) } }
        case "anchor_did_change": int("index").map { .anchorDidChange(sheet: t, index: $0) }
        case "push", "pop", "set_pages":
            PageChange(rawValue: e.name).flatMap { change in int("depth").map { .pagesChanged(sheet: t, change: change, depth: $0) } }
        case "pane_state_will_change", "pane_state_did_change":
            string("state").flatMap(PaneState.init(rawValue:)).flatMap { state in
                string("direction").flatMap(SideDrawerDirection.init(rawValue:)).map {
                    e.name == "pane_state_did_change" ? .paneStateDidChange(sideDrawer: t, state: state, direction: $0)
                        : .paneStateWillChange(sideDrawer: t, state: state, direction: $0)
                } }
        case "status": string("status").flatMap(SwipeDismissStatus.init(rawValue:)).map { .dismissStatus(component: t, status: $0) }
        case "bar_item_changed": int("index").flatMap { i in string("title").map { .barItemChanged(popup: t, index: i, title: $0) } }
        case "action": string("id").map { .action(target: t, id: $0) }
        default: PopupChange(rawValue: e.name).map { .popup(popup: t, change: $0) }
        }
        self = typed ?? .other(e)
    }
}
