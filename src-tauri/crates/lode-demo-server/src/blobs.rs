//! Binary and generated content, built in code so the crate carries no opaque files
//! and every byte is explained: a real PNG, a real PDF, random bytes, and texts
//! too large or too odd to keep as assets.

/// A 48x48 RGBA PNG: a rounded blue square with a white "L".
pub fn logo_png() -> Vec<u8> {
    const SIDE: u32 = 48;
    let mut raw = Vec::with_capacity((SIDE * (SIDE * 4 + 1)) as usize);
    for y in 0..SIDE {
        raw.push(0); // filter type "None" for each scanline
        for x in 0..SIDE {
            raw.extend_from_slice(&logo_pixel(x, y, SIDE));
        }
    }
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&SIDE.to_be_bytes());
    header.extend_from_slice(&SIDE.to_be_bytes());
    header.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA, deflate, no interlace

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png_chunk(&mut png, b"IHDR", &header);
    png_chunk(&mut png, b"IDAT", &zlib_stored(&raw));
    png_chunk(&mut png, b"IEND", &[]);
    png
}

fn logo_pixel(x: u32, y: u32, side: u32) -> [u8; 4] {
    const RADIUS: i64 = 10;
    // Distance outside the rounded corner decides transparency.
    let (cx, cy) = (x as i64, y as i64);
    let max = side as i64 - 1;
    let nearest_x = cx.clamp(RADIUS, max - RADIUS);
    let nearest_y = cy.clamp(RADIUS, max - RADIUS);
    let (dx, dy) = (cx - nearest_x, cy - nearest_y);
    if dx * dx + dy * dy > RADIUS * RADIUS {
        return [0, 0, 0, 0];
    }
    let stem = (14..20).contains(&x) && (10..38).contains(&y);
    let foot = (14..34).contains(&x) && (32..38).contains(&y);
    if stem || foot {
        [255, 255, 255, 255]
    } else {
        [0x2f, 0x6f, 0xde, 255]
    }
}

fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of uncompressed ("stored") deflate blocks: valid for every
/// decoder, and no compression library needed for a 9 KB image.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut blocks = data.chunks(u16::MAX as usize).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in bytes {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

/// A one-page PDF 1.4 with a title and a few lines of Helvetica text. The
/// cross-reference table is computed, so strict readers accept it.
pub fn spec_pdf() -> Vec<u8> {
    let lines = [
        (24, "Atlas specification"),
        (12, "Version 0.4 - query language, ingest and reports."),
        (
            12,
            "1. Events are newline-delimited JSON, validated per batch.",
        ),
        (12, "2. Queries compile to one parameterised SQL statement."),
        (
            12,
            "3. Closed days are summarised nightly into daily_summary.",
        ),
    ];
    let mut stream = String::from("BT\n72 720 Td\n");
    for (size, text) in lines {
        stream.push_str(&format!("/F1 {size} Tf\n({text}) Tj\n0 -28 Td\n"));
    }
    stream.push_str("ET\n");

    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
         /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_owned(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{stream}endstream", stream.len()),
        "<< /Title (Atlas specification) /Producer (lode-demo-server) >>".to_owned(),
    ];

    // The second line marks the file as binary for transfer tools.
    let mut pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", index + 1).as_bytes());
    }
    let xref = pdf.len();
    let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        table.push_str(&format!("{offset:010} 00000 n \n"));
    }
    table.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    ));
    pdf.extend_from_slice(table.as_bytes());
    pdf
}

/// 1 KiB of deterministic noise (xorshift), for clients' binary previews.
pub fn noise() -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..1024)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

/// One 12,000-character line with no newline: tests wrapping and horizontal scroll.
pub fn long_line() -> String {
    let words = "lorem ipsum dolor sit amet consectetur adipiscing elit ";
    words.repeat(12_000 / words.len() + 1)[..12_000].to_owned()
}

/// About 100 KB of service log, large enough to exercise streaming previews.
pub fn server_log() -> String {
    let levels = ["INFO", "INFO", "DEBUG", "INFO", "WARN", "INFO", "ERROR"];
    let messages = [
        "ingest batch committed lines=500",
        "query compiled shape=revenue_by_region cached=true",
        "daily_summary materialised day=2025-05-03 regions=3",
        "GET /query 200 12ms",
        "late event bucketed as unknown_late",
        "POST /events 202 48ms",
        "stock alert item=AT-1004 stock=2 reorder_point=35",
    ];
    let mut log = String::with_capacity(110_000);
    for n in 0..1_500usize {
        let (minute, second) = ((n / 60) % 60, n % 60);
        let hour = 8 + n / 3600;
        let slot = (n * 7 + n / 5) % levels.len();
        log.push_str(&format!(
            "2025-05-03T{hour:02}:{minute:02}:{second:02}Z {:5} atlas::{} {}\n",
            levels[slot],
            ["ingest", "query", "report", "http", "ingest", "http", "alerts"][slot],
            messages[slot],
        ));
    }
    log
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_and_adler_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn pdf_xref_points_at_objects() {
        let pdf = spec_pdf();
        // The tail is ASCII; the binary marker near the top is not, so offsets are
        // checked against bytes rather than a lossy string.
        let tail = String::from_utf8_lossy(&pdf[pdf.len() - 32..]).into_owned();
        let start: usize = tail
            .rsplit("startxref\n")
            .next()
            .and_then(|rest| rest.lines().next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(pdf[start..].starts_with(b"xref"));
        let table = std::str::from_utf8(&pdf[start..]).unwrap();
        let first: usize = table.lines().nth(3).unwrap()[..10].parse().unwrap();
        assert!(pdf[first..].starts_with(b"1 0 obj"));
        assert!(pdf.ends_with(b"%%EOF\n"));
    }
}
