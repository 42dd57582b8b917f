//! The bytes one ask may take in what the window receives ([`MAX_ASK_BYTES`]), spent as the
//! ask is read. A server's ask is untrusted: each string already has its own bound, but a
//! sampling request of 200 messages of 64 parts of 64 KiB each would still weigh hundreds of
//! MiB. The budget bounds the whole, whatever its shape, so the window's payloads are bounded
//! by the number of asks alone (`MAX_WAITING_ASKS` × `MAX_ASK_BYTES`).
//!
//! [`MAX_ASK_BYTES`]: super::MAX_ASK_BYTES

/// What one item (a message, a part, a tool, a hint) weighs besides its text: its JSON keys,
/// tags and punctuation, generously.
const ITEM_BYTES: usize = 96;

/// The bytes an ask may still take, as JSON.
#[derive(Debug, Clone)]
pub struct AskBudget {
    left: usize,
}

impl AskBudget {
    pub fn new(bytes: usize) -> Self {
        Self { left: bytes }
    }

    pub fn left(&self) -> usize {
        self.left
    }

    /// Takes one item's framing; `false` (nothing taken) when too little is left for it, and
    /// the item is then left out.
    pub fn item(&mut self) -> bool {
        if self.left < ITEM_BYTES {
            return false;
        }
        self.left -= ITEM_BYTES;
        true
    }

    /// `text` cut to `max` bytes and to what is left, with `…` when cut; what it weighs as a
    /// JSON string (escapes count: a control character takes six bytes) is taken.
    pub fn text(&mut self, text: &str, max: usize) -> String {
        let shown = cut_to(text, max, self.left.saturating_sub(2));
        self.left = self.left.saturating_sub(json_len(&shown) + 2);
        shown
    }
}

/// `text` if it is within `max` bytes and `max_json` bytes as JSON; otherwise its longest start
/// that is, with `…`.
fn cut_to(text: &str, max: usize, max_json: usize) -> String {
    if text.len() <= max && json_len(text) <= max_json {
        return text.to_owned();
    }
    let ellipsis = '…'.len_utf8();
    if max < ellipsis || max_json < ellipsis {
        return String::new();
    }
    let (max, max_json) = (max - ellipsis, max_json - ellipsis);
    let (mut end, mut weight) = (0, 0);
    for c in text.chars() {
        let next = (end + c.len_utf8(), weight + escaped_len(c));
        if next.0 > max || next.1 > max_json {
            break;
        }
        (end, weight) = next;
    }
    format!("{}…", &text[..end])
}

/// What `text` weighs inside a JSON string, as serde_json writes it (quotes not counted).
pub fn json_len(text: &str) -> usize {
    text.chars().map(escaped_len).sum()
}

fn escaped_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
        c if u32::from(c) < 0x20 => 6,
        c => c.len_utf8(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_cut_to_what_is_left_as_json() {
        let mut budget = AskBudget::new(100);
        assert_eq!(budget.text("short", 50), "short");
        assert_eq!(budget.left(), 93);
        let controls = "\u{1}".repeat(1000);
        let shown = budget.text(&controls, 10_000);
        assert!(shown.ends_with('…'));
        assert!(
            serde_json::to_string(&shown).unwrap().len() <= 93,
            "{shown:?}"
        );
        assert!(budget.left() < 10);
        assert!(!budget.item());
        let shown = budget.text("more text than fits", 100);
        assert!(shown.len() <= 3, "{shown:?}");
    }

    #[test]
    fn json_len_matches_serde_json() {
        for text in ["plain", "é\"\\\n\t\u{1}\u{7f}", "日本語"] {
            assert_eq!(
                json_len(text) + 2,
                serde_json::to_string(text).unwrap().len(),
                "{text:?}"
            );
        }
    }
}
