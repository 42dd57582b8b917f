//! What the commands print: readable text, or the documented JSON shapes. Only this module
//! writes to stdout, and the commands' messages on stderr go through [`stderr_line`].
//!
//! Nearly everything printed holds a server's strings (names, descriptions, text, error
//! messages), so every path cleans what it prints the same way (`safe_text`): text keeps its
//! line breaks and tabs and loses every escape sequence, control character and bidirectional
//! override; JSON has those characters escaped. No server can recolour the terminal, retitle
//! the window, move the cursor or disguise a name. Only [`styled`] prints Lode's own escape
//! sequences, around fields cleaned first.

pub mod apps;
pub mod blocks;
pub mod catalog;
pub mod connections;
pub mod import_preview;
pub mod info;
pub mod install;
pub mod output_check;
pub mod progress;
pub mod registry_entry;
pub mod registry_list;
pub mod registry_page;
pub mod resources;
pub mod safe_text;
pub mod search;
pub mod skills;
pub mod tool_progress;
pub mod tree;
pub mod warnings;

use std::io::Write;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Pretty JSON and a newline.
pub fn json<T: serde::Serialize + ?Sized>(value: &T) -> LodeResult<()> {
    let mut text =
        safe_text::json_escaped(&serde_json::to_string_pretty(value).map_err(encode_error)?);
    text.push('\n');
    stdout(text.as_bytes())
}

/// One line of a stream such as `watch`, flushed at once. `Ok(false)` when the reader has gone
/// (`lode watch … | head -1`), so the stream can end.
pub fn stream_line(line: &str) -> LodeResult<bool> {
    let line = safe_text::block(line);
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(write_error(e)),
    }
}

/// One compact JSON value, for [`stream_line`].
pub fn compact<T: serde::Serialize + ?Sized>(value: &T) -> LodeResult<String> {
    serde_json::to_string(value)
        .map(|json| safe_text::json_escaped(&json))
        .map_err(encode_error)
}

/// Text on stdout, cleaned (see the module's comment).
pub fn text(text: &str) -> LodeResult<()> {
    stdout(safe_text::block(text).as_bytes())
}

/// Text whose every field was cleaned already (`safe_text::marked`), with Lode's own emphasis.
pub fn styled(text: &str) -> LodeResult<()> {
    stdout(text.as_bytes())
}

/// One message on stderr (`lode: …`, a note, a warning), cleaned like [`text`]: messages quote
/// servers (their names, errors and log lines).
pub fn stderr_line(line: &str) {
    eprintln!("{}", safe_text::block(line));
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
