import CHarfBuzz

extension FontFace {
    /// True when the face's GSUB table lists the OpenType feature (any script, any language).
    ///
    /// https://learn.microsoft.com/typography/opentype/spec/chapter2#feature-list-table
    public func hasSubstitutionFeature(_ tag: String) -> Bool {
        let face = hb_font_get_face(hbFont)
        let wanted = hbTag(tag)
        var start: UInt32 = 0
        var tags = [hb_tag_t](filled: 0, count: 64)
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, hbTag("GSUB"), start, &count, &tags)
            if tags[0..<Int(count)].contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }
}
