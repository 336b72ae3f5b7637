// The item files' readers (JSON Lines and CSV) under libFuzzer: `scripts/fuzz items`. Any input is a set, or one
// `ItemError` whose line names a place and a field; never a trap, and a set read draws a window that parses as XML.
import EndlessCore
import EndlessSVG
import Foundation
import LibFuzzer

#if canImport(FoundationXML)
    import FoundationXML
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The first byte picks the reader (CSV for an odd one), the rest is the file.
    let csv = input.first.map { $0 & 1 == 1 } ?? false
    let bytes = Array(input.dropFirst())
    do {
        let items = csv ? try ItemSet(csv: bytes, file: "f.csv") : try ItemSet(jsonLines: bytes, file: "f.jsonl")
        let timeline = try Timeline(scale: .day, spacing: 80)
        let window = try TimelineWindow(
            timeline: timeline, at: Instant(unchecked: items.starts.first ?? 0), width: 1200,
            height: ItemLayout.axisThickness(.horizontal) + ItemLayout.thickness(of: items))
        let document = TimelineRenderer(window: window, items: items).render(window).document
        guard XMLParser(data: Data(document)).parse() else {
            fatalError("items-fuzz: a set's window is not XML")
        }
    } catch let error as ItemError {
        let line = error.description
        guard !line.contains("\n"), line.hasPrefix(csv ? "f.csv" : "f.jsonl") else {
            fatalError("items-fuzz: an error that is not one line naming the file: \(line)")
        }
    } catch {
        fatalError("items-fuzz: \(error)")
    }
    return 0
}

@_cdecl("ItemsFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}
