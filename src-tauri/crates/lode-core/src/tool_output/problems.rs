//! boon's tree of validation errors made into the list of problems Lode shows: one problem per
//! failing keyword, in the order of the structured content (the problem shown first is the one
//! nearest the top of the content as Lode shows it), bounded in number and length.

use std::collections::HashMap;

use boon::{ErrorKind, InstanceToken, ValidationError};
use percent_encoding::percent_decode_str;
use serde_json::{Map, Value};

use super::bounds::json_len;
use super::{cut_text, OutputProblem};
use super::{MAX_COUNTED, MAX_PROBLEMS, MAX_TEXT};

/// The first problems of `error` in the content's order, and how many were counted in all.
pub(super) fn problems(
    error: &ValidationError<'_, '_>,
    schema: &Value,
    content: &Value,
) -> (Vec<OutputProblem>, u32) {
    let failures = failing_keywords(error);
    let total = u32::try_from(failures.len()).unwrap_or(MAX_COUNTED);
    let mut order = DocumentOrder::new(content);
    let mut keyed: Vec<(Vec<usize>, &ValidationError<'_, '_>)> = failures
        .into_iter()
        .map(|failure| (order.key(&failure.instance_location.tokens), failure))
        .collect();
    // Stable: problems at one location keep the validator's order (the schema's keywords).
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let shown = keyed
        .into_iter()
        .take(MAX_PROBLEMS)
        .map(|(_, failure)| problem(failure, schema, content))
        .collect();
    (shown, total)
}

/// The errors that are problems of their own, in the validator's order, at most
/// [`MAX_COUNTED`]. The tree's inner nodes (the schema, a group, a `$ref`, an `allOf`) are
/// looked through; a failed `anyOf`, `oneOf`, `not`, `contains` or `propertyNames` is one
/// problem, not its branches' failures (those are alternatives that were tried, not faults).
fn failing_keywords<'e, 's, 'v>(
    error: &'e ValidationError<'s, 'v>,
) -> Vec<&'e ValidationError<'s, 'v>> {
    let mut found = Vec::new();
    // Depth-first without recursion: the tree is as deep as the content and the schema.
    let mut pending = vec![error];
    while let Some(next) = pending.pop() {
        let looked_through = matches!(
            next.kind,
            ErrorKind::Schema { .. }
                | ErrorKind::Group
                | ErrorKind::Reference { .. }
                | ErrorKind::AllOf
        );
        if looked_through && !next.causes.is_empty() {
            pending.extend(next.causes.iter().rev());
        } else {
            found.push(next);
            if found.len() >= MAX_COUNTED as usize {
                break;
            }
        }
    }
    found
}

fn problem(failure: &ValidationError<'_, '_>, schema: &Value, content: &Value) -> OutputProblem {
    let path = failure.instance_location.to_string();
    let found = content.pointer(&path).map_or_else(String::new, compact);
    OutputProblem {
        expected: cut_text(&rule(failure, schema), MAX_TEXT),
        found: cut_text(&found, MAX_TEXT),
        message: cut_text(&failure.kind.to_string(), MAX_TEXT),
        path: cut_text(&path, MAX_TEXT),
    }
}

/// The failing keyword and its value in the schema, e.g. `type: "number"`.
fn rule(failure: &ValidationError<'_, '_>, schema: &Value) -> String {
    let keyword = match &failure.kind {
        // boon names this one in the singular.
        ErrorKind::AdditionalProperties { .. } => "additionalProperties",
        ErrorKind::FalseSchema => return "false".to_owned(),
        ErrorKind::RefCycle { .. } => return "$ref".to_owned(),
        kind => match kind.keyword_path() {
            Some(path) => path.keyword,
            None => return String::new(),
        },
    };
    // `schema_url` is where the failing subschema is, `$ref`s followed: `urn:…#/pointer`.
    let fragment = failure
        .schema_url
        .split_once('#')
        .map_or("", |(_, fragment)| fragment);
    let pointer = percent_decode_str(fragment).decode_utf8_lossy();
    match schema.pointer(&pointer).and_then(|at| at.get(keyword)) {
        Some(value) => format!("{keyword}: {}", compact(value)),
        None => keyword.to_owned(),
    }
}

/// Where a location comes in the content read from the top: for each step, the index of the
/// member or item taken. Comparing these keys sorts a parent before its children and siblings
/// in the order the content lists them (the order Lode shows it in).
struct DocumentOrder<'v> {
    content: &'v Value,
    /// The members' indices of each object met, built once per object (by its address).
    members: HashMap<*const Map<String, Value>, HashMap<&'v str, usize>>,
}

impl<'v> DocumentOrder<'v> {
    fn new(content: &'v Value) -> Self {
        Self {
            content,
            members: HashMap::new(),
        }
    }

    fn key(&mut self, tokens: &[InstanceToken<'_>]) -> Vec<usize> {
        let mut key = Vec::with_capacity(tokens.len());
        let mut at = self.content;
        for token in tokens {
            let (index, next) = match (at, token) {
                (Value::Array(items), InstanceToken::Item(index)) => (*index, items.get(*index)),
                (Value::Object(map), InstanceToken::Prop(name)) => {
                    let indices =
                        self.members
                            .entry(std::ptr::from_ref(map))
                            .or_insert_with(|| {
                                map.keys()
                                    .enumerate()
                                    .map(|(index, name)| (name.as_str(), index))
                                    .collect()
                            });
                    (
                        indices.get(name.as_ref()).copied().unwrap_or(usize::MAX),
                        map.get(name.as_ref()),
                    )
                }
                _ => (usize::MAX, None),
            };
            key.push(index);
            match next {
                Some(next) => at = next,
                None => break,
            }
        }
        key
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
