/// Whole-number arithmetic on a value that a request or a file reaches where no bound set at parsing shows that the
/// result stays in range: `nil` on an overflow, where Swift's operators end the process, for the caller to refuse the
/// request or take the largest answer. docs/architecture.md ("Bounds") lists which operations are bounded where
/// parsed and which are checked here.
extension FixedWidthInteger {
    /// `self × other`, or `nil` past the type's range.
    @inlinable package func times(_ other: Self) -> Self? {
        let (result, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? nil : result
    }

    /// `self + other`, or `nil` past the type's range.
    @inlinable package func plus(_ other: Self) -> Self? {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? nil : result
    }

    /// `self − other`, or `nil` past the type's range.
    @inlinable package func minus(_ other: Self) -> Self? {
        let (result, overflow) = subtractingReportingOverflow(other)
        return overflow ? nil : result
    }
}
