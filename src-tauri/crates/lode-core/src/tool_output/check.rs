//! The check itself, on the `boon` crate: draft 2020-12 unless the schema's `$schema` names an
//! earlier draft, `format` an annotation (as 2020-12 says), with a loader that refuses every
//! document outside the schema (boon's default one reads `file:` URLs) and the `regex` crate for
//! `pattern` (linear time: no catastrophic backtracking on a hostile pattern).

use boon::{Compiler, Draft, Schemas, UrlLoader};
use serde_json::Value;

use super::bounds::{json_len, refusal};
use super::patterns::oversized_pattern;
use super::problems::problems;
use super::{cut_text, OutputCheck, UncheckedReason, MAX_CONTENT_BYTES, MAX_TEXT};

/// The schema's own address: a name only, never fetched (its `$ref`s are `#…` pointers).
const SCHEMA_URL: &str = "urn:lode:output-schema";

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
    if let Some((reason, detail)) = refusal(schema).or_else(|| oversized_pattern(schema)) {
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
    let mut schemas = Schemas::new();
    let mut compiler = Compiler::new();
    compiler.set_default_draft(Draft::V2020_12);
    compiler.use_loader(Box::new(Refuse));
    let compiled = match compiler.add_resource(SCHEMA_URL, schema.clone()) {
        Ok(()) => compiler.compile(SCHEMA_URL, &mut schemas),
        Err(error) => Err(error),
    };
    let index = match compiled {
        Ok(index) => index,
        Err(error) => {
            return OutputCheck::Unchecked {
                reason: UncheckedReason::SchemaInvalid,
                detail: cut_text(&error.to_string(), MAX_TEXT),
            }
        }
    };
    match schemas.validate(content, index) {
        Ok(()) => OutputCheck::Valid,
        Err(error) => {
            let (problems, total) = problems(&error, schema, content);
            OutputCheck::Mismatch { problems, total }
        }
    }
}

/// Refuses every document outside the schema: a server's schema never makes Lode fetch or read
/// a file. (The metaschemas of the drafts are built into boon and never reach a loader.)
struct Refuse;

impl UrlLoader for Refuse {
    fn load(&self, url: &str) -> Result<Value, Box<dyn std::error::Error>> {
        Err(format!("Lode does not fetch schemas ({})", cut_text(url, 200)).into())
    }
}
