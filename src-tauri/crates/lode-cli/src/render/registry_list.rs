//! The registries browsed, one a line, the default one first.

use lode_core::LodeResult;

use super::safe_text::one_line;
use super::text;

/// `1  URL  (default)`, then the next ones; a note when the list is empty.
pub fn registries(registries: &[String]) -> LodeResult<()> {
    let mut out = String::new();
    for (index, address) in registries.iter().enumerate() {
        let default = if index == 0 { "\t(default)" } else { "" };
        out.push_str(&format!(
            "{}\t{}{default}\n",
            index + 1,
            one_line(address, 2048).text
        ));
    }
    if registries.is_empty() {
        out.push_str("no registries: add one with `lode registry add URL`\n");
    }
    text(&out)
}
