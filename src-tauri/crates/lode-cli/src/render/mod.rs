//! What the commands print: readable text, or the documented JSON shapes. Only this module
//! writes to stdout.

pub mod blocks;
pub mod catalog;
pub mod import_preview;
pub mod info;
pub mod progress;
pub mod resources;
pub mod safe_text;
pub mod search;
pub mod servers;
pub mod tree;
pub mod warnings;

use std::io::Write;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Pretty JSON and a newline.
pub fn json<T: serde::Serialize + ?Sized>(value: &T) -> LodeResult<()> {
    let mut text = serde_json::to_string_pretty(value).map_err(encode_error)?;
    text.push('\n');
    stdout(text.as_bytes())
}

/// One line of a stream such as `watch`, flushed at once. `Ok(false)` when the reader has gone
/// (`lode watch … | head -1`), so the stream can end.
pub fn stream_line(line: &str) -> LodeResult<bool> {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(write_error(e)),
    }
}

/// One compact JSON value, for [`stream_line`].
pub fn compact<T: serde::Serialize + ?Sized>(value: &T) -> LodeResult<String> {
    serde_json::to_string(value).map_err(encode_error)
}

pub fn text(text: &str) -> LodeResult<()> {
    stdout(text.as_bytes())
}

fn encode_error(e: serde_json::Error) -> LodeError {
    LodeError::new(ErrorCode::Internal, format!("could not encode JSON: {e}"))
}

fn stdout(bytes: &[u8]) -> LodeResult<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // The reader went away (`lode ls | head`): not an error worth reporting.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(write_error(e)),
    }
}

fn write_error(e: std::io::Error) -> LodeError {
    LodeError::new(ErrorCode::Internal, format!("could not write output: {e}"))
}

/// 1234567 → "1,234,567".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// "1 resource", "2 resources".
pub fn count(n: usize, noun: &str) -> String {
    let plural = if n == 1 { "" } else { "s" };
    format!("{} {noun}{plural}", grouped(n as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_200), "1,200");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(count(1, "page"), "1 page");
    }
}
