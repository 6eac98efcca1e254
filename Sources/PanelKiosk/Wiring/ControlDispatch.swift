import DrawerRuntime

/// Turns a control-socket command into the typed action of the component it names (the
/// same action a touch script's `do` line parses to), so both paths drive components
/// identically; content commands go to the app's live content.
enum ControlDispatch {
    static func perform(_ command: ControlCommand, on screen: Screen, live: LiveContent, at now: Instant) throws(ActionError) {
        func target<C: Component>(_ id: String, _ type: C.Type) throws(ActionError) -> C {
            try screen.component(id, as: type, at: now)
        }
        /// `open`, `close` and `replace_content` mean a side drawer's own action when they name one.
        func sideDrawer(_ id: String) -> SideDrawer? {
            guard screen.component(id) is SideDrawer else { return nil }
            return try? target(id, SideDrawer.self)
        }
        /// `open` and `close` present and dismiss a swipe-to-dismiss card.
        func card(_ id: String) -> SwipeDismiss? {
            guard screen.component(id) is SwipeDismiss else { return nil }
            return try? target(id, SwipeDismiss.self)
        }
        switch command {
        case .setPopupItem(let id, let title, let subtitle, let progress, let playing):
            // As the socket's reader: the Swift API hands values over unchecked (5 was taken).
            if let progress, !(0...1).contains(progress) { throw ActionError("\"progress\" is \(progress); it takes a number from 0 to 1") }
            try target(id, Popup.self).apply(.setItem(title: title, subtitle: subtitle, progress: progress, playing: playing), at: now)
        case .setPopupAppearance(let id, let appearance):
            try target(id, Popup.self).apply(.setAppearance(appearance), at: now)
        case .minimizeBar(let id):
            try target(id, Popup.self).apply(.setMinimized(true), at: now)
        case .expandBar(let id):
            try target(id, Popup.self).apply(.setMinimized(false), at: now)
        case .presentBar(let id, let animated):
            try target(id, Popup.self).apply(.presentBar(animated: animated), at: now)
        case .dismissBar(let id, let animated):
            try target(id, Popup.self).apply(.dismissBar(animated: animated), at: now)
        case .open(let id, let side, let animated):
            if let drawer = sideDrawer(id) {
                try drawer.apply(.open(side: side.map(direction) ?? .none, wide: false, animated: animated,
                                       interruptible: nil), at: now)
            } else if let card = card(id) {
                card.apply(animated ? .present : .jump(presented: true), at: now)
            } else {
                try target(id, Popup.self).apply(.open(animated: animated), at: now)
            }
        case .close(let id, let animated):
            if let drawer = sideDrawer(id) {
                try drawer.apply(.close(animated: animated, interruptible: nil), at: now)
            } else if let card = card(id) {
                card.apply(animated ? .dismiss : .jump(presented: false), at: now)
            } else {
                try target(id, Popup.self).apply(.close(animated: animated), at: now)
            }
        case .push(let id, let page, let animated):
            try target(id, Sheet.self).apply(.push(page: page, animated: animated), at: now)
        case .pop(let id, let animated):
            try target(id, Sheet.self).apply(.pop(animated: animated), at: now)
        case .setDrawerPosition(let id, let position, let animated):
            try target(id, BottomDrawer.self).apply(.setPosition(drawerPosition(position), animated: animated), at: now)
        case .replaceContent(let id, let page, let animated):
            if let drawer = sideDrawer(id) {
                try drawer.apply(.replacePane(page: page, animated: animated), at: now)
            } else {
                try target(id, BottomDrawer.self).apply(.replaceContent(page: page, position: nil, animated: animated), at: now)
            }
        case .bounce(let id, let side):
            if let drawer = sideDrawer(id) {
                try drawer.apply(.bounce(side: side.map(direction) ?? .none), at: now)
            } else {
                let drawer = try target(id, BottomDrawer.self)
                guard side == nil else { throw ActionError("\"side\" is for a side drawer; bottom drawer '\(id)' bounces up") }
                try drawer.apply(.bounce, at: now)
            }
        case .setDrawer(let id, let side, let page):
            try target(id, SideDrawer.self).apply(.setDrawer(side: direction(side), page: page), at: now)
        case .removeDrawer(let id, let side, let animated):
            try target(id, SideDrawer.self).apply(.removeDrawer(side: direction(side), animated: animated), at: now)
        case .setStylers(let id, let side, let stylers, let parameters, let color):
            let drawer = try target(id, SideDrawer.self)
            let d = direction(side)
            guard var style = drawer.config.sides[d]?.style else {
                throw ActionError("set_stylers takes a side with a drawer: \(drawer.sides.map(\.rawValue).joined(separator: ", "))")
            }
            style.stylers = stylers
            for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
                guard style.set(key, value) else { throw ActionError("set_stylers has no parameter \"\(key)\"") }
            }
            if let color { style.shadowColor = color }
            try drawer.apply(.setStyle(side: d, style: style), at: now)
        case .setDrawerPositions(let id, let positions):
            try target(id, BottomDrawer.self).apply(.setPositions(Set(positions.map(drawerPosition))), at: now)
        case .replaceBackground(let id, let page, let animated):
            try target(id, BottomDrawer.self).apply(.replaceBackground(page: page, animated: animated), at: now)
        case .snapSheet(let id, let anchor, let animated):
            try target(id, Sheet.self).apply(.snap(anchor: anchor, animated: animated), at: now)
        case .setAnchors(let id, let anchors, let snapTo, let animated):
            try target(id, Sheet.self).apply(.setAnchors(anchors, snapTo: snapTo, animated: animated), at: now)
        case .popTo(let id, let page, let animated):
            try target(id, Sheet.self).apply(.popTo(page: page, animated: animated), at: now)
        case .setGesture(let id, let enabled):
            try target(id, SwipeDismiss.self).apply(.setGesture(enabled: enabled), at: now)
        case .set(let id, let properties): try live.set(id: id, properties)
        case .insertRows(let id, let at, let rows, let animated):
            try live.insertRows(id: id, at: at, rows: rows, animated: animated, time: now)
        case .removeRows(let id, let at, let count, let animated):
            try live.removeRows(id: id, at: at, count: count, animated: animated, time: now)
        case .updateRow(let id, let at, let change): try live.updateRow(id: id, at: at, change)
        case .setValues(let values): try live.setValues(values)
        case .subscribe, .unsubscribe:
            break   // handled by the socket itself
        case .service:
            break   // answered by the loop (KioskLoop+Service.swift), never dispatched here
        }
    }

    private static func direction(_ side: ControlCommand.Side) -> SideDrawerDirection {
        switch side {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        }
    }

    private static func drawerPosition(_ p: ControlCommand.DrawerPosition) -> DrawerPosition {
        switch p {
        case .collapsed: .collapsed
        case .partiallyRevealed: .partiallyRevealed
        case .open: .open
        case .closed: .closed
        }
    }
}
