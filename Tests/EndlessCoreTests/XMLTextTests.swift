import Testing

@testable import EndlessCore

/// Text from a request stands in an SVG only if XML 1.0 can hold it: every parameter's value is checked so.
@Test(arguments: [
    ("kg", true), ("a\tb\nc\r", true), ("é→☃", true), ("\u{FFFD}", true), ("\u{FFFC}", true), ("\u{EFFFF}", true),
    ("\u{0}", false), ("a\u{1}", false), ("\u{1F}", false), ("x\u{FFFE}", false), ("\u{FFFF}y", false),
    ("\u{7F}", true), ("", true),
])
func xmlTextIsCheckedAsXMLSays(text: String, accepted: Bool) {
    #expect(
        (try? Limits.checkXMLText(text, "unit")) != nil ? accepted : !accepted, "\(text.unicodeScalars.map(\.value))")
}
