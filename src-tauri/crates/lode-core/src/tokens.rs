//! Token counts for the basket's budget, with a real tokenizer that works offline: OpenAI's
//! `o200k_base` encoding (GPT-4o and later), whose vocabulary is compiled into the binary.
//! Other assistants tokenize differently (Anthropic's tokenizer is not public); `o200k_base`
//! is the documented yardstick, and the budget is a yardstick too.

use std::sync::OnceLock;

use tiktoken_rs::CoreBPE;

/// The encoding every token count in Lode is made with.
pub const TOKEN_ENCODING: &str = "o200k_base";

/// How many `o200k_base` tokens `text` is. Special-token strings such as `<|endoftext|>` in
/// the text are counted as the ordinary text they are: server contents are data, not control.
pub fn count_tokens(text: &str) -> u64 {
    match encoder() {
        Some(bpe) => bpe.encode_ordinary(text).len() as u64,
        None => estimate(text),
    }
}

/// The encoder, built on first use (parsing the vocabulary takes a moment; see docs/basket.md).
fn encoder() -> Option<&'static CoreBPE> {
    static ENCODER: OnceLock<Option<CoreBPE>> = OnceLock::new();
    ENCODER
        .get_or_init(|| tiktoken_rs::o200k_base().ok())
        .as_ref()
}

/// Only if the compiled-in vocabulary failed to load, which its tests rule out: about four
/// bytes per token, the usual rule of thumb for English.
fn estimate(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_loads() {
        assert!(encoder().is_some());
    }

    #[test]
    fn counts_words_and_ignores_special_token_strings() {
        assert_eq!(count_tokens(""), 0);
        assert_eq!(count_tokens("hello world"), 2);
        // As ordinary text this is several tokens; as a special token it would be one.
        assert!(count_tokens("<|endoftext|>") > 1);
    }
}
