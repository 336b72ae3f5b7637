/// `x = quotient × divisor + remainder` with `0 ≤ remainder < divisor`, exactly.
///
/// Plain `floor(x / divisor)` can round across a tile edge at large offsets; the fused
/// multiply-add recovers the true remainder, so tile and tick decisions stay exact to ±1e15.
package func floorDivision(_ x: Double, by divisor: Double) -> (quotient: Int64, remainder: Double) {
    precondition(x.isFinite && divisor > 0, "floorDivision needs a finite value and a positive divisor")
    var quotient = (x / divisor).rounded(.down)
    var remainder = x.addingProduct(-quotient, divisor)
    if remainder < 0 {
        quotient -= 1
        remainder += divisor
    }
    if remainder >= divisor {  // also catches `remainder + divisor` rounding up to `divisor`
        quotient += 1
        remainder = max(0, remainder - divisor)
    }
    return (Int64(quotient), remainder)
}

/// The index `i` whose cell `[(i − ½)·spacing, (i + ½)·spacing)` holds `x`: round to nearest, exact halves up.
///
/// Exact halves go up (toward larger offsets) as in the seed ruler, whose pointer test is `minX <= midX < maxX`.
package func nearestIndex(_ x: Double, spacing: Double) -> Int64 {
    floorDivision(x + spacing / 2, by: spacing).quotient
}

/// `⌊a / n⌋` for a positive `n`: a day or a week before 1970 counts down, not toward zero.
package func floorQuotient(_ a: Int64, _ n: Int64) -> Int64 {
    let quotient = a / n
    return a % n < 0 ? quotient - 1 : quotient
}
