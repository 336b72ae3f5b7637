import Synchronization

/// The months of `years` Gregorian years, in order, each in 16 bytes (a `MonthStart` takes 48): kept for good, so
/// that a window of 4,000 years at a year a tick looks up what it drew before rather than ask ICU again. A calendar's
/// 10,000 years are 157 chunks, 2 MB. Its storage is never freed (`Kept` holds it for the process's life), so a
/// chunk is a value read without counting references: every month and year tick of a window reads one.
struct MonthChunk: @unchecked Sendable {
    static let years: Int64 = 64
    /// From Gregorian year -64, before a timeline's first month's year, to past 10,000 (a window's reach after it).
    static let firstYear: Int64 = -64
    /// `Kept`'s count (a generic argument there: an `InlineArray` takes a literal).
    static let count = 160

    struct Month: Sendable {
        let day: Int32, year: Int32, yearIndex: Int32
        let ordinal: Int8
        let opensYear: Bool, sharesOrdinal: Bool, opensMonth: Bool

        init(_ month: CalendarSystem.MonthStart) {
            (day, year, yearIndex) = (Int32(month.day), Int32(month.year), Int32(month.yearIndex))
            (ordinal, opensYear, sharesOrdinal) = (Int8(month.ordinal), month.opensYear, month.sharesOrdinal)
            opensMonth = month.opensMonth
        }

        var start: CalendarSystem.MonthStart {
            var month = CalendarSystem.MonthStart(
                day: Int64(day), ordinal: Int64(ordinal), year: Int64(year), opensYear: opensYear)
            (month.yearIndex, month.sharesOrdinal, month.opensMonth) = (Int64(yearIndex), sharesOrdinal, opensMonth)
            return month
        }
    }

    let months: UnsafeBufferPointer<Month>
    /// The indices of the months that open a year, in order: a year's first found by a search, not month by month.
    let yearOpenings: UnsafeBufferPointer<Int32>
    /// Days a month and a year, on average here (a month less where a Japanese era opens in one's middle).
    let meanMonth: Double, meanYear: Double

    /// A chunk of `months`, its storage made now and never freed.
    fileprivate init(months: [CalendarSystem.MonthStart]) {
        self.months = UnsafeBufferPointer(copying: months.map(Month.init))
        yearOpenings = UnsafeBufferPointer(copying: months.indices.filter { months[$0].opensYear }.map { Int32($0) })
        let span = Double((months.last?.day ?? 0) - (months.first?.day ?? 0))
        meanMonth = months.count > 1 ? max(span / Double(months.count - 1), 1) : 30
        meanYear = yearOpenings.count > 1 ? max(span / Double(yearOpenings.count - 1), 1) : 365
    }

    /// The index of the first month at or after `day` that opens a year, from where the chunk's mean year puts it;
    /// `nil` if none in this chunk.
    func yearOpening(atOrAfter day: Int64) -> Int? {
        guard let first = yearOpenings.first else { return nil }
        let openings = yearOpenings.count
        var index = max(min(Int(Double(day - Int64(months[Int(first)].day)) / meanYear), openings), 0)
        while index > 0, Int64(months[Int(yearOpenings[index - 1])].day) >= day { index -= 1 }
        while index < openings, Int64(months[Int(yearOpenings[index])].day) < day { index += 1 }
        return index < openings ? Int(yearOpenings[index]) : nil
    }

    /// The last month that begins at or before `day`, `nil` before the first: from where the chunk's mean month puts
    /// it, a month or two off at most.
    func last(atOrBefore day: Int64) -> Int? {
        guard let first = months.first, Int64(first.day) <= day else { return nil }
        var index = min(Int(Double(day - Int64(first.day)) / meanMonth), months.count - 1)
        while Int64(months[index].day) > day { index -= 1 }
        while index + 1 < months.count, Int64(months[index + 1].day) <= day { index += 1 }
        return index
    }

    static func index(holding year: Int64) -> Int? {
        let index = floorQuotient(year - firstYear, years)
        return (0..<Int64(count)).contains(index) ? Int(index) : nil
    }

    static func firstYear(of index: Int) -> Int64 { firstYear + Int64(index) * years }
}

extension MonthChunk {
    /// A calendar's chunks, each made once and kept for the process's life, read without a lock or a reference
    /// count (`AtomicLazyReference`'s `load()` is not inlined, and cost more than a lock).
    final class Kept: Sendable {
        /// Each chunk's address, 0 until it is made.
        private let chunks = InlineArray<160, Atomic<UInt>> { _ in Atomic(0) }

        subscript(index: Int) -> MonthChunk? {
            UnsafePointer<MonthChunk>(bitPattern: chunks[index].load(ordering: .acquiring))?.pointee
        }

        /// Keeps a chunk of `months` at `index` unless another thread kept one first; the one kept.
        func keep(_ months: [CalendarSystem.MonthStart], at index: Int) -> MonthChunk {
            let made = UnsafeMutablePointer<MonthChunk>.allocate(capacity: 1)
            made.initialize(to: MonthChunk(months: months))
            let (exchanged, _) = chunks[index].compareExchange(
                expected: 0, desired: UInt(bitPattern: made), ordering: .acquiringAndReleasing)
            if !exchanged {
                made.pointee.months.deallocate()
                made.pointee.yearOpenings.deallocate()
                made.deallocate()
            }
            return self[index]!
        }
    }
}

extension UnsafeBufferPointer {
    /// A buffer holding a copy of `elements`, for the caller to free.
    fileprivate init(copying elements: [Element]) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        self.init(buffer)
    }
}
