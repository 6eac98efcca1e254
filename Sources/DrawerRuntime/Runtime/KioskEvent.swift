import PanelRenderer

/// What a component reports, typed from birth to the wire: each case is one kind of event-log
/// line (docs/formats.md, Event log). Components emit these values; the one place that gives
/// them their JSON form is `name` and `fields` below, which the event file, the control
/// socket's subscribers and MQTT read, and the Swift API (`Kiosk.onEvent`) hands the values
/// out as they are. So a renamed field changes the wire in one place and a Swift user's code
/// never falls back to an untyped case.
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
    /// A popup bar or its card appeared, went away, or the bar was minimized or expanded.
    case popup(popup: String, change: PopupChange)
    /// The popup bar shows item `index`.
    case barItemChanged(popup: String, index: Int, title: String)
    /// A row or button with an action was tapped; `target` is the component, or
    /// "background" for the app's background content.
    case action(target: String, id: String)

    /// How a sheet's page stack changed.
    public enum PageChange: String, Sendable { case push, pop, setPages = "set_pages" }
    /// The popup's moments: its six of LNPopupController's, and the bar's minimization.
    public enum PopupChange: String, CaseIterable, Sendable {
        case barPresented = "bar_presented", barDismissed = "bar_dismissed"
        case willOpen = "popup_will_open", willClose = "popup_will_close"
        case didOpen = "popup_did_open", didClose = "popup_did_close"
        case barMinimized = "bar_minimized", barExpanded = "bar_expanded"
    }

    /// The component (or "background") the event is about: the log line's `target`.
    public var target: String {
        switch self {
        case .positionWillChange(let t, _, _), .positionDidChange(let t, _), .distanceChanged(let t, _),
             .anchorWillChange(let t, _, _), .anchorDidChange(let t, _), .pagesChanged(let t, _, _),
             .paneStateWillChange(let t, _, _), .paneStateDidChange(let t, _, _), .dismissStatus(let t, _),
             .popup(let t, _), .barItemChanged(let t, _, _), .action(let t, _):
            t
        }
    }

    /// The log line's `event` word.
    public var name: String {
        switch self {
        case .positionWillChange: "position_will_change"
        case .positionDidChange: "position_did_change"
        case .distanceChanged: "distance_changed"
        case .anchorWillChange: "anchor_will_change"
        case .anchorDidChange: "anchor_did_change"
        case .pagesChanged(_, let change, _): change.rawValue
        case .paneStateWillChange: "pane_state_will_change"
        case .paneStateDidChange: "pane_state_did_change"
        case .dismissStatus: "status"
        case .popup(_, let change): change.rawValue
        case .barItemChanged: "bar_item_changed"
        case .action: "action"
        }
    }

    /// The log line's fields after `event`, in the documented order.
    public var fields: [(String, JSONValue)] {
        switch self {
        case .positionWillChange(_, let from, let to): [("from", .string(from.rawValue)), ("to", .string(to.rawValue))]
        case .positionDidChange(_, let position): [("position", .string(position.rawValue))]
        case .distanceChanged(_, let distance): [("distance_pt", .number(distance))]
        case .anchorWillChange(_, let from, let to): [("from", .number(Double(from))), ("to", .number(Double(to)))]
        case .anchorDidChange(_, let index): [("index", .number(Double(index)))]
        case .pagesChanged(_, _, let depth): [("depth", .number(Double(depth)))]
        case .paneStateWillChange(_, let state, let direction), .paneStateDidChange(_, let state, let direction):
            [("state", .string(state.rawValue)), ("direction", .string(direction.rawValue))]
        case .dismissStatus(_, let status): [("status", .string(status.rawValue))]
        case .popup: []
        case .barItemChanged(_, let index, let title): [("index", .number(Double(index))), ("title", .string(title))]
        case .action(_, let id): [("id", .string(id))]
        }
    }
}
