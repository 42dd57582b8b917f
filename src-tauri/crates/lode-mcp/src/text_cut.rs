//! Cutting a server's text to a size: shared by the decoding of listings, the bounds on
//! notifications and the conversion of catalogs, none of which should depend on the others.

/// Cuts `text` to at most `max` bytes (at a character boundary) plus `…`; says so when it did.
pub(crate) fn cut(text: &mut String, max: usize) -> Option<String> {
    if text.len() <= max {
        return None;
    }
    let was = text.len();
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text.push('…');
    Some(format!("was {was} bytes; cut to {end}"))
}
