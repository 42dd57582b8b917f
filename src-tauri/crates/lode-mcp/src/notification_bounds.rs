//! Server strings carried in events, cut to a few KiB on arrival: a log message's `data`, a
//! progress message, a logger's name, a progress token. Events go to every follower and to
//! the window; a server must not be able to push megabytes through each of them.

use serde_json::Value;

/// A log message's `data`, as JSON: past this it becomes the first bytes of its JSON text.
pub(crate) const MAX_LOG_DATA_BYTES: usize = 4 * 1024;
/// A progress message.
pub(crate) const MAX_MESSAGE_BYTES: usize = 4 * 1024;
/// Names: a logger, a level, a progress token.
pub(crate) const MAX_NAME_BYTES: usize = 256;
/// A `resources/updated` URI longer than this names no resource Lode lists (see item_bounds).
pub(crate) const MAX_URI_BYTES: usize = crate::decoding::item_bounds::MAX_URI_BYTES;

/// `data` as is when its JSON is short, else a string of its JSON's first bytes and `…`.
pub(crate) fn bound_log_data(data: Value) -> Value {
    let mut text = Capped::new(MAX_LOG_DATA_BYTES);
    match serde_json::to_writer(&mut text, &data) {
        Ok(()) => data,
        // Over the cap (the writer refused more), or unwritable: what fitted, marked as cut.
        Err(_) => {
            let mut kept = String::from_utf8_lossy(&text.bytes).into_owned();
            // A character split at the cap shows as U+FFFD; drop it.
            if kept.ends_with('\u{FFFD}') {
                kept.pop();
            }
            kept.push('…');
            Value::String(kept)
        }
    }
}

/// `text` cut to `max` bytes at a character boundary, with `…`.
pub(crate) fn bound_text(mut text: String, max: usize) -> String {
    crate::decoding::item_bounds::cut(&mut text, max);
    text
}

/// A writer that takes `max` bytes and then refuses, so a huge value is never written whole.
struct Capped {
    bytes: Vec<u8>,
    max: usize,
}

impl Capped {
    fn new(max: usize) -> Self {
        Self {
            bytes: Vec::new(),
            max,
        }
    }
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.max - self.bytes.len();
        if buf.len() > room {
            self.bytes.extend_from_slice(&buf[..room]);
            return Err(std::io::Error::other("over the cap"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn small_data_is_kept_as_sent_and_large_data_cut_to_its_first_bytes() {
        let small = json!({"msg": "hello", "n": [1, 2, 3]});
        assert_eq!(bound_log_data(small.clone()), small);
        let large = json!({"msg": "é".repeat(1_000_000)});
        let Value::String(cut) = bound_log_data(large) else {
            panic!("a cut value is a string");
        };
        assert!(
            cut.len() <= MAX_LOG_DATA_BYTES + '…'.len_utf8(),
            "{}",
            cut.len()
        );
        assert!(cut.starts_with("{\"msg\":\"éé"));
        assert!(
            cut.ends_with("é…") || cut.ends_with("\"…"),
            "{}",
            &cut[cut.len() - 8..]
        );
    }

    #[test]
    fn texts_are_cut_at_a_character_boundary() {
        assert_eq!(bound_text("short".into(), 10), "short");
        let cut = bound_text("名".repeat(10_000), MAX_MESSAGE_BYTES);
        assert!(cut.len() <= MAX_MESSAGE_BYTES + 3 && cut.ends_with('…'));
    }
}
