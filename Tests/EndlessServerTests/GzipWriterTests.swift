import CompressNIO
import NIOCore
import Testing

@testable import EndlessServer

/// The fast path's own gzip, checked by zlib's inflate: whole, and chunk by chunk as a client reads it.
@Suite struct GzipWriterTests {
    /// zlib's decoding of `chunks` fed one at a time: what each one yields on arrival.
    func inflated(_ chunks: [ByteBuffer]) throws -> [[UInt8]] {
        let inflater = try ZlibDecompressor(algorithm: .gzip)
        return try chunks.map { chunk in
            var chunk = chunk
            return Array(buffer: try chunk.decompressStream(with: inflater))
        }
    }

    @Test(arguments: [
        [""], ["a"], ["abc"], ["abcd"], ["hello, hello, hello, hello"], ["", "x", ""],
        [String(repeating: "z", count: 1000)], ["<g>", "<g>", "<g>", "<g><g><g><g>"],
    ])
    func smallPartsDecodeAsTheyArrive(parts: [String]) throws {
        let chunks = GzipWriter.gzip(parts.map { Array($0.utf8) })
        #expect(chunks.count == parts.count)
        #expect(try inflated(chunks) == parts.map { Array($0.utf8) })
    }

    @Test func randomDocumentsDecodeExactly() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            // Few distinct bytes make long and far matches; all 256 make literals of both code lengths.
            let alphabet =
                round % 3 == 0 ? Array(0...255) : Array(UInt8(ascii: "a")...UInt8(ascii: "a") + UInt8(round % 7 + 1))
            let parts = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 0...20_000, using: &generator)).map { _ in
                    UInt8(alphabet.randomElement(using: &generator)!)
                }
            }
            #expect(try inflated(GzipWriter.gzip(parts)) == parts, "round \(round)")
        }
    }

    @Test func matchesReachBackAcrossPartsAndNoFurtherThan32KiB() throws {
        let block = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 13) }
        let far = block + [UInt8](repeating: 1, count: 40_000) + block  // the second copy is out of reach
        let parts = [block, block, far, block]
        let chunks = GzipWriter.gzip(parts)
        #expect(try inflated(chunks) == parts)
        #expect(chunks[1].readableBytes < 40, "a repeated part is a few matches")
        var whole = ByteBuffer()
        for var chunk in chunks { whole.writeBuffer(&chunk) }
        #expect(Array(buffer: try whole.decompress(with: .gzip)) == parts.flatMap { $0 })
    }

    @Test func anSVGWindowPacksAsTightlyAsZlibsFastestWithinAFiftieth() throws {
        let window = Array(
            (0..<13).map {
                ##"<g transform="translate(\##($0 * 100 - 44))"><use href="#ticks"/><text x="55" y="77.25">\##(776 + $0)</text></g>"##
                    + "\n"
            }
            .joined().utf8)
        let ours = GzipWriter.gzip([window])[0].readableBytes
        var input = ByteBuffer(bytes: window)
        let zlib = try input.compress(with: .gzip).readableBytes
        #expect(ours <= zlib * 21 / 20, "ours \(ours) bytes, zlib's \(zlib)")
    }

    /// Windows of a kind written one after another with kept codes: each decodes exactly, the codes of the first
    /// serve the ones like it, a window with a byte they have no code for gets codes of its own, and none comes out
    /// more than the slack bigger than with codes fitted to it.
    @Test func keptCodesServeWindowsLikeTheOneTheyWereFittedTo() throws {
        func window(_ first: Int, label: String = "") -> [UInt8] {
            Array(
                (0..<13).map {
                    ##"<g transform="translate(\##($0 * 100 - 44))"><path d="M5 0V37.5M15 0V37.5"/><text x="55">"##
                        + "\(first + $0)\(label)</text></g>\n"
                }
                .joined().utf8)
        }
        let codes = GzipCodes()
        var kept: [Double] = []
        for (index, document) in [window(776), window(31_337), window(123_456), window(12, label: "€"), window(4_000)]
            .enumerated()
        {
            let chunks = GzipWriter.gzip([document], codes: codes)
            #expect(try inflated(chunks) == [document], "window \(index)")
            let own = GzipWriter.gzip([document])[0].readableBytes
            #expect(Double(chunks[0].readableBytes) <= Double(own) * GzipCodes.slack + 4, "window \(index)")
            kept.append(try #require(codes.codes).bitsPerByte)
        }
        #expect(kept[1] == kept[0] && kept[2] == kept[0], "the first window's codes serve the next two")
        #expect(kept[3] != kept[0], "a byte of \"€\" has no code in them: fitted anew")
    }
}

@Suite struct HuffmanCodeTests {
    /// Kraft's sum of a complete code is 1: as many codes of each length as a full binary tree has leaves there.
    func kraftSum(_ lengths: [Int]) -> Double { lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << $1) } }

    @Test func skewedFrequenciesStayWithinTheLimitAndFormACompleteCode() {
        let fibonacci = (0..<30).reduce(into: [1, 1]) { list, _ in
            list.append(list[list.count - 1] + list[list.count - 2])
        }
        // Unlimited, Huffman's tree of Fibonacci weights is a 31-deep comb.
        let code = HuffmanCode(frequencies: fibonacci, limit: 15)
        #expect(code.lengths.max() == 15 && kraftSum(code.lengths) == 1)
    }

    @Test func aLoneSymbolGetsACompanion() {
        var frequencies = [Int](repeating: 0, count: 30)
        frequencies[7] = 100
        let code = HuffmanCode(frequencies: frequencies, limit: 15)
        #expect(code.lengths.filter { $0 > 0 }.count == 2 && code.lengths[7] == 1)
    }

    @Test func canonicalCodesAsRFC1951SaysThem() {
        // RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010 011 100 101 110 00 1110 1111.
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        #expect(code.codes == zip(expected, code.lengths).map { HuffmanCode.reversed($0, $1) })
    }
}

extension GzipWriter {
    /// `parts` joined, one chunk a part.
    static func gzip(_ parts: [[UInt8]], codes: GzipCodes? = nil) -> [ByteBuffer] {
        gzip(
            Array(parts.joined()), partEnds: parts.reduce(into: []) { $0.append(($0.last ?? 0) + $1.count) },
            codes: codes)
    }
}
