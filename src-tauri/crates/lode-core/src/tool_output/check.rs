//! The check itself, on the `jsonschema` crate: built with no way to fetch a schema (no HTTP,
//! no files, and a retriever that refuses everything, so a feature another crate turns on
//! cannot change that) and the `regex` crate for `pattern` (linear time: no catastrophic
//! backtracking on a hostile pattern).

use jsonschema::{PatternOptions, Retrieve, Uri};
use serde_json::Value;

use super::bounds::{json_len, refusal};
use super::{cut_text, OutputCheck, OutputProblem, UncheckedReason, MAX_CONTENT_BYTES};

/// Problems reported in full.
const MAX_PROBLEMS: usize = 20;
/// Problems counted, at most.
pub(super) const MAX_COUNTED: u32 = 1000;
/// Each text of a problem is cut to this many bytes.
const MAX_TEXT: usize = 300;
/// A compiled `pattern` may take this much memory (the regex crate's own default is 10 MiB).
const MAX_REGEX_BYTES: usize = 1024 * 1024;

/// Checks a result's `structured` content against the tool's `schema`. `None` when there is
/// nothing to check: the tool ran and failed (`is_error`; its content says why, in no promised
/// shape).
pub fn check_output(
    schema: &Value,
    structured: Option<&Value>,
    is_error: bool,
) -> Option<OutputCheck> {
    if is_error {
        return None;
    }
    let Some(content) = structured else {
        return Some(OutputCheck::Missing);
    };
    Some(check_value(schema, content))
}

fn check_value(schema: &Value, content: &Value) -> OutputCheck {
    if let Some((reason, detail)) = refusal(schema) {
        return OutputCheck::Unchecked { reason, detail };
    }
    if json_len(content, MAX_CONTENT_BYTES) > MAX_CONTENT_BYTES {
        return OutputCheck::Unchecked {
            reason: UncheckedReason::ContentTooLarge,
            detail: format!(
                "the structured content is larger than {} MiB",
                MAX_CONTENT_BYTES / (1024 * 1024)
            ),
        };
    }
    let validator = match jsonschema::options()
        .with_retriever(Refuse)
        .with_pattern_options(PatternOptions::regex().size_limit(MAX_REGEX_BYTES))
        .build(schema)
    {
        Ok(validator) => validator,
        Err(error) => {
            return OutputCheck::Unchecked {
                reason: UncheckedReason::SchemaInvalid,
                detail: cut_text(&error.to_string(), MAX_TEXT),
            }
        }
    };
    let mut problems = Vec::new();
    let mut total: u32 = 0;
    for error in validator.iter_errors(content) {
        total += 1;
        if problems.len() < MAX_PROBLEMS {
            let at = error.schema_path().as_str();
            let keyword = error.kind().keyword();
            let rule = schema.pointer(at).map_or_else(String::new, compact);
            problems.push(OutputProblem {
                path: cut_text(error.instance_path().as_str(), MAX_TEXT),
                expected: cut_text(&format!("{keyword}: {rule}"), MAX_TEXT),
                found: cut_text(&compact(error.instance()), MAX_TEXT),
                message: cut_text(&error.to_string(), MAX_TEXT),
            });
        }
        if total >= MAX_COUNTED {
            break;
        }
    }
    if problems.is_empty() {
        OutputCheck::Valid
    } else {
        OutputCheck::Mismatch { problems, total }
    }
}

/// Refuses every document outside the schema: a server's schema never makes Lode fetch.
struct Refuse;

impl Retrieve for Refuse {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        Err(format!("Lode does not fetch schemas ({uri})").into())
    }
}

/// `value` as compact JSON, no longer than needed for a problem's text.
fn compact(value: &Value) -> String {
    if json_len(value, MAX_TEXT) > MAX_TEXT {
        // Only the start is shown: serialize a bounded prefix rather than the whole value.
        let mut out = Vec::with_capacity(MAX_TEXT + 8);
        let _ = serde_json::to_writer(Prefix(&mut out), value);
        return String::from_utf8_lossy(&out).into_owned();
    }
    value.to_string()
}

/// A writer keeping the first bytes written and refusing the rest.
struct Prefix<'a>(&'a mut Vec<u8>);

impl std::io::Write for Prefix<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = (MAX_TEXT + 4).saturating_sub(self.0.len());
        if room == 0 {
            return Err(std::io::Error::other("enough"));
        }
        let take = room.min(buf.len());
        self.0.extend_from_slice(&buf[..take]);
        Ok(take)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
