//! A server's free-form `_meta` on its tools, prompts, resources and templates, kept as
//! bounded JSON text: shown, never acted on, and a hostile server may send megabytes of it.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// The most of a `_meta` object kept, as compact JSON.
pub const MAX_META_BYTES: usize = 16 * 1024;

/// A `_meta` object as compact JSON text, cut when it is larger than [`MAX_META_BYTES`] (the
/// cut text is then not valid JSON, and `cut` says so).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MetaJson {
    pub json: String,
    pub cut: bool,
    /// Its whole size as compact JSON, in bytes.
    #[ts(type = "number")]
    pub bytes: u64,
}

impl MetaJson {
    /// `meta` bounded, or `None` when it is empty (nothing worth a line in the details).
    pub fn bounded(meta: &serde_json::Map<String, Value>) -> Option<MetaJson> {
        if meta.is_empty() {
            return None;
        }
        let mut kept = Kept {
            bytes: Vec::new(),
            total: 0,
        };
        // Serializes the whole object once to learn its size, keeping only the first bytes.
        let _ = serde_json::to_writer(&mut kept, meta);
        let cut = kept.total > MAX_META_BYTES;
        let mut end = kept.bytes.len();
        // Back to a character boundary: the kept bytes may end inside a UTF-8 sequence.
        while end > 0 && std::str::from_utf8(&kept.bytes[..end]).is_err() {
            end -= 1;
        }
        kept.bytes.truncate(end);
        Some(MetaJson {
            json: String::from_utf8(kept.bytes).unwrap_or_default(),
            cut,
            bytes: kept.total as u64,
        })
    }
}

struct Kept {
    bytes: Vec<u8>,
    total: usize,
}

impl std::io::Write for Kept {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.total += buf.len();
        let room = MAX_META_BYTES.saturating_sub(self.bytes.len());
        self.bytes.extend_from_slice(&buf[..room.min(buf.len())]);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn small_meta_is_kept_whole_and_empty_meta_dropped() {
        let meta = json!({"a": {"b": [1, 2]}, "ü": "ß"});
        let kept = MetaJson::bounded(meta.as_object().unwrap()).unwrap();
        assert!(!kept.cut);
        assert_eq!(serde_json::from_str::<Value>(&kept.json).unwrap(), meta);
        assert_eq!(kept.bytes, kept.json.len() as u64);
        assert_eq!(MetaJson::bounded(&serde_json::Map::new()), None);
    }

    #[test]
    fn huge_meta_is_cut_at_a_character_boundary_and_sized() {
        let meta = json!({"blob": "é".repeat(5 * 1024 * 1024)});
        let kept = MetaJson::bounded(meta.as_object().unwrap()).unwrap();
        assert!(kept.cut);
        assert!(kept.json.len() <= MAX_META_BYTES && kept.json.len() > MAX_META_BYTES - 4);
        assert_eq!(kept.bytes, 10 * 1024 * 1024 + 11);
    }
}
