import PanelRenderer

/// Rows inserted into or removed from a list among the page's nodes move what is below them:
/// the list's other rows and the nodes after the list. Each moved item slides from where it
/// was drawn to its new frame. Items are matched across the change by what they are: a row
/// by its list and what it shows (the nearest equal row to its place, so a row inserted
/// above another does not take that one's place), any other item by its place in the tree.
extension SceneContent {
    /// How far item `index` is drawn from its frame now (points, down positive).
    func slideShift(of index: Int) -> Double {
        guard slideRemaining > 0, let start = slide?.startShifts[index] else { return 0 }
        return start * slideRemaining
    }

    /// `replace` swapped `old` for the current items: remembers where they were drawn, and
    /// keeps a slide under way on the same items under their new indices.
    func noteChange(from old: [LayoutItem]) {
        guard let s = slide else {
            itemsBeforeChange = (old, [:])
            return
        }
        itemsBeforeChange = (old, s.startShifts.mapValues { $0 * slideRemaining })
        var kept: [Int: Double] = [:]
        for (j, i) in Self.match(old, sceneLayout.items).enumerated() {
            if let i, let start = s.startShifts[i] { kept[j] = start }
        }
        slide = kept.isEmpty ? nil : (kept, s.timing)
        if slide == nil { slideRemaining = 0 }
    }

    public func slideAfterRowChange(durationMS: Double, at time: Instant) {
        guard let before = itemsBeforeChange else { return }
        itemsBeforeChange = nil
        guard durationMS > 0 else {
            slide = nil
            slideRemaining = 0
            return
        }
        let items = sceneLayout.items
        var starts: [Int: Double] = [:]
        for (j, i) in Self.match(before.items, items).enumerated() {
            guard let i else { continue }
            let dy = before.items[i].frame.minY + (before.shifts[i] ?? 0) - items[j].frame.minY
            if abs(dy) > 0.001 { starts[j] = dy }
        }
        slide = starts.isEmpty ? nil : (starts, ContentSlide(start: time, durationMS: durationMS))
        slideRemaining = slide == nil ? 0 : 1
    }

    public var isSliding: Bool { slide != nil }

    public func changeShown() { itemsBeforeChange = nil }

    public func advance(to time: Instant) {
        guard let s = slide else { return }
        if time >= s.timing.end {
            slide = nil
            slideRemaining = 0
        } else {
            slideRemaining = s.timing.remaining(at: time)
        }
    }

    /// For each new item, the index of the same item among the old ones (nil: it is new).
    static func match(_ old: [LayoutItem], _ new: [LayoutItem]) -> [Int?] {
        var byPath: [[Int]: Int] = [:]
        var rowsByList: [[Int]: [ListRow: [Int]]] = [:]
        for (i, item) in old.enumerated() {
            if case .listRow(let row, _) = item.content {
                rowsByList[Array(item.path.dropLast()), default: [:]][row, default: []].append(i)
            } else {
                byPath[item.path] = i
            }
        }
        func rowIndex(_ i: Int) -> Int { if case .listRow(_, let r) = old[i].content { r } else { 0 } }
        return new.map { item in
            guard case .listRow(let row, let index) = item.content else { return byPath[item.path] }
            return rowsByList[Array(item.path.dropLast())]?[row]?.min { abs(rowIndex($0) - index) < abs(rowIndex($1) - index) }
        }
    }
}
