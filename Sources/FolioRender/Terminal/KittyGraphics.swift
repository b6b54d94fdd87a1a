import FolioImage
import FoundationEssentials
import Glibc

/// The kitty graphics protocol: an image sent as PNG in base64, in chunks of at most 4096
/// bytes, and shown at the cursor over a block of cells.
/// https://sw.kovidgoyal.net/kitty/graphics-protocol/
public enum KittyGraphics {
    /// The most base64 bytes one escape sequence carries (the protocol's limit; a multiple of
    /// 4, so that every chunk but the last decodes on its own).
    public static let chunkSize = 4096

    /// Deletes every image placement on the screen (`a=d,d=A`): what the pager writes before
    /// drawing another page.
    public static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// The escape sequences that show `png` at the cursor, scaled to `columns`×`rows` cells:
    /// `a=T` (transmit and display), `f=100` (PNG), `q=2` (no replies to read), `C=1` (the
    /// cursor stays where it was, so the text around is not disturbed). The first chunk carries
    /// the keys; `m=1` marks every chunk but the last.
    public static func placement(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let data = Array(Data(png).base64EncodedData())
        let keys = "a=T,f=100,q=2,C=1,c=\(max(1, columns)),r=\(max(1, rows))"
        var out: [UInt8] = []
        out.reserveCapacity(data.count + (data.count / chunkSize + 1) * 48)
        var start = 0
        repeat {
            let end = min(data.count, start + chunkSize)
            let more = end < data.count
            var control = start == 0 ? keys : "q=2"
            if more || start > 0 { control += more ? ",m=1" : ",m=0" }
            out += Array("\u{1B}_G\(control);".utf8)
            out += data[start..<end]
            out += Array("\u{1B}\\".utf8)
            start = end
        } while start < data.count
        return out
    }

    /// The placement of `bitmap` (already at the pixel size it is shown at).
    static func placement(_ bitmap: Bitmap, columns: Int, rows: Int) -> [UInt8] {
        placement(png: PNGEncoder.encode(bitmap, level: 1), columns: columns, rows: rows)
    }
}
