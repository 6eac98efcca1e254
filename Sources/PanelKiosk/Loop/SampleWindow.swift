/// Per-frame figures (render times, flip intervals) for statistics, in bounded memory: the
/// percentiles are over the most recent `capacity` samples, the count, mean and maximum over
/// all of them. A kiosk that runs for months must not grow by a number per frame.
struct SampleWindow: Sendable {
    let capacity: Int
    private var ring: [Double] = []
    private var next = 0
    private(set) var count = 0
    private var sum = 0.0
    private(set) var max = 0.0

    init(capacity: Int = 4096) { self.capacity = Swift.max(1, capacity) }

    init(_ samples: SampleWindow) { self = samples }

    mutating func add(_ x: Double) {
        // All of the ring at the first sample (32 KB at the default): one that grew as it
        // filled reallocated now and then in the middle of a run, a frame that allocated.
        if ring.isEmpty { ring.reserveCapacity(capacity) }
        if ring.count < capacity { ring.append(x) } else { ring[next] = x }
        next = (next + 1) % capacity
        count += 1
        sum += x
        if count == 1 || x > max { max = x }
    }

    var mean: Double { count == 0 ? 0 : sum / Double(count) }

    /// The nearest-rank percentile (`p` in 0...1) of the recent samples; 0 when there are none.
    func percentile(_ p: Double) -> Double {
        guard !ring.isEmpty else { return 0 }
        return ring.sorted()[Self.nearestRank(p, of: ring.count)]
    }

    /// The index, in `count` sorted samples, of the nearest-rank percentile `p` (0...1).
    static func nearestRank(_ p: Double, of count: Int) -> Int {
        Swift.min(count - 1, Int((Double(count - 1) * p).rounded()))
    }
}
