/// A number as a readout prints it: whole numbers without `.0`.
func readoutNumber(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 0x1p53 ? String(Int64(value)) : String(value)
}
