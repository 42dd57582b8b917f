//! A tool result's `structuredContent` checked against the tool's `outputSchema` (MCP
//! 2025-06-18 on: "clients SHOULD validate structured results against this schema"). The schema
//! comes from a server, so it is hostile input: it is refused when too large, too deep or too
//! costly to check (see [`bounds`] and [`patterns`]), never fetches anything, and matches
//! patterns with a linear-time engine. The problems found are listed in the order of the
//! content ([`problems`]).

mod bounds;
mod check;
mod patterns;
mod problems;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use bounds::{
    json_len, MAX_CONTENT_BYTES, MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH, MAX_SCHEMA_EXPANSION,
};
use bounds::{MAX_COUNTED, MAX_PROBLEMS, MAX_TEXT};
pub use check::check_output;

/// What Lode found checking a tool result against the tool's `outputSchema`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "status", rename_all = "camelCase")]
#[ts(export)]
pub enum OutputCheck {
    /// The structured content conforms to the schema.
    Valid,
    /// The tool declares an `outputSchema`, but the result has no `structuredContent`.
    Missing,
    /// The structured content does not conform: the first problems, and how many in all.
    Mismatch {
        problems: Vec<OutputProblem>,
        /// Problems found in all (counting stops at [`MAX_COUNTED`]).
        total: u32,
    },
    /// Lode did not check: the schema or the content is past a bound, or the schema is not a
    /// usable JSON Schema.
    Unchecked {
        reason: UncheckedReason,
        /// The validator's or the bound's own words (English).
        detail: String,
    },
}

/// Why a result was not checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UncheckedReason {
    /// The schema is larger than [`MAX_SCHEMA_BYTES`].
    SchemaTooLarge,
    /// The schema nests deeper than [`MAX_SCHEMA_DEPTH`].
    SchemaTooDeep,
    /// Its `$ref`s would expand past [`MAX_SCHEMA_EXPANSION`] subschemas.
    SchemaTooComplex,
    /// It is not a JSON Schema the validator accepts.
    SchemaInvalid,
    /// It refers outside itself, or rebases its references with a nested `$id`.
    SchemaUnsupported,
    /// The structured content is larger than [`MAX_CONTENT_BYTES`].
    ContentTooLarge,
    /// Checking ran past its time budget.
    TookTooLong,
}

/// One way the structured content departs from the schema.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OutputProblem {
    /// Where in the structured content, as a JSON Pointer (`""` is the whole of it).
    pub path: String,
    /// The schema's rule that failed: its keyword and value, e.g. `type: "number"` (cut).
    pub expected: String,
    /// The value found at `path`, as JSON (cut).
    pub found: String,
    /// The validator's sentence (English), e.g. `"cold" is not of type "number"` (cut).
    pub message: String,
}

impl OutputCheck {
    /// A one-line English summary, for the CLI and logs: `None` when the result conforms.
    pub fn summary(&self) -> Option<String> {
        match self {
            OutputCheck::Valid => None,
            OutputCheck::Missing => Some(
                "the tool declares an outputSchema but its result has no structuredContent"
                    .to_owned(),
            ),
            OutputCheck::Mismatch { total, .. } => Some(format!(
                "structuredContent does not match the tool's outputSchema ({total} problem{})",
                if *total == 1 { "" } else { "s" }
            )),
            OutputCheck::Unchecked { detail, .. } => Some(format!(
                "structuredContent was not checked against the tool's outputSchema: {detail}"
            )),
        }
    }
}

/// `text` cut to at most `max` bytes at a character boundary, marked with `…` when cut.
fn cut_text(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}
