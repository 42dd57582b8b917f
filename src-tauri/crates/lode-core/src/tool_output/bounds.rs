//! What makes an `outputSchema` too costly to check, decided before the validator sees it.
//!
//! Size and depth are plain caps. The rest is about `$ref`: a schema of a few hundred bytes
//! whose definitions each refer twice to the next one expands to 2^N subschemas, and a
//! reference cycle that never steps into the instance (`a: {anyOf: [{$ref: a}]}`) recurses
//! forever on one value. So references may only point inside the schema (`#` or `#/…`), no
//! subschema may rebase them with its own `$id`, their expansion is counted, and a cycle must
//! step into a child value (through `properties`, `items`…) before it comes back.

use std::collections::HashMap;

use serde_json::Value;

use super::UncheckedReason;

/// The largest schema checked, as compact JSON.
pub const MAX_SCHEMA_BYTES: usize = 256 * 1024;
/// The deepest nesting of objects and arrays in a schema.
pub const MAX_SCHEMA_DEPTH: usize = 32;
/// Subschemas a schema may expand to once its `$ref`s are followed.
pub const MAX_SCHEMA_EXPANSION: u64 = 50_000;
/// The largest structured content checked, as compact JSON.
pub const MAX_CONTENT_BYTES: usize = 4 * 1024 * 1024;
/// Problems reported in full.
pub(super) const MAX_PROBLEMS: usize = 20;
/// Problems counted, at most.
pub(super) const MAX_COUNTED: u32 = 1000;
/// Each text of a problem is cut to this many bytes.
pub(super) const MAX_TEXT: usize = 300;
/// References followed inside one another, at most (bounds this walk's own recursion).
const MAX_REF_CHAIN: usize = 64;

/// Keywords whose subschemas apply to a child of the value (a property, an item), not to the
/// value itself: a reference cycle must pass through one of them.
const DESCENDING: &[&str] = &[
    "properties",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
];
const REFERENCES: &[&str] = &["$ref", "$dynamicRef", "$recursiveRef"];

pub(super) type Refusal = (UncheckedReason, String);

/// Why `schema` is not checked, or `None` when it is within every bound.
pub(super) fn refusal(schema: &Value) -> Option<Refusal> {
    let bytes = json_len(schema, MAX_SCHEMA_BYTES);
    if bytes > MAX_SCHEMA_BYTES {
        return Some((
            UncheckedReason::SchemaTooLarge,
            format!("the schema is larger than {} KiB", MAX_SCHEMA_BYTES / 1024),
        ));
    }
    if depth(schema) > MAX_SCHEMA_DEPTH {
        return Some((
            UncheckedReason::SchemaTooDeep,
            format!("the schema nests deeper than {MAX_SCHEMA_DEPTH} levels"),
        ));
    }
    let mut walk = Expansion {
        root: schema,
        memo: HashMap::new(),
        chain: Vec::new(),
    };
    match walk.size(schema, 0, true) {
        Ok(size) if size <= MAX_SCHEMA_EXPANSION => None,
        Ok(_) => Some((
            UncheckedReason::SchemaTooComplex,
            format!("its $refs expand to more than {MAX_SCHEMA_EXPANSION} subschemas"),
        )),
        Err(refusal) => Some(refusal),
    }
}

/// The length of `value` as compact JSON, counting no further than just past `limit`.
pub fn json_len(value: &Value, limit: usize) -> usize {
    struct Count {
        bytes: usize,
        limit: usize,
    }
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.bytes += buf.len();
            if self.bytes > self.limit {
                // Stops the serializer: the length is already known to be too much.
                return Err(std::io::Error::other("past the limit"));
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count { bytes: 0, limit };
    let _ = serde_json::to_writer(&mut count, value);
    count.bytes
}

/// How deeply objects and arrays nest in `value` (a scalar is 0), without recursion.
fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut pending = vec![(value, 0usize)];
    while let Some((next, level)) = pending.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match next {
            Value::Object(map) => Box::new(map.values()),
            Value::Array(items) => Box::new(items.iter()),
            _ => continue,
        };
        deepest = deepest.max(level + 1);
        if deepest > MAX_SCHEMA_DEPTH {
            break;
        }
        pending.extend(children.map(|child| (child, level + 1)));
    }
    deepest
}

/// Counts the subschemas `root` expands to with its references followed, memoized per target.
struct Expansion<'a> {
    root: &'a Value,
    memo: HashMap<String, u64>,
    /// The references being followed, each with the descents made when it was entered.
    chain: Vec<(String, u32)>,
}

impl Expansion<'_> {
    fn size(&mut self, node: &Value, descents: u32, is_root: bool) -> Result<u64, Refusal> {
        let mut total: u64 = 1;
        match node {
            Value::Object(map) => {
                if !is_root && map.get("$id").is_some_and(Value::is_string) {
                    return Err(unsupported("a subschema sets its own $id"));
                }
                for (key, child) in map {
                    let size = match child {
                        Value::String(target) if REFERENCES.contains(&key.as_str()) => {
                            self.reference(target, descents)?
                        }
                        _ => {
                            let step = u32::from(DESCENDING.contains(&key.as_str()));
                            self.size(child, descents + step, false)?
                        }
                    };
                    total = total.saturating_add(size);
                }
            }
            Value::Array(items) => {
                for item in items {
                    total = total.saturating_add(self.size(item, descents, false)?);
                }
            }
            _ => {}
        }
        Ok(total)
    }

    fn reference(&mut self, target: &str, descents: u32) -> Result<u64, Refusal> {
        let Some(pointer) = target
            .strip_prefix('#')
            .filter(|p| p.is_empty() || p.starts_with('/'))
        else {
            return Err(unsupported(&format!(
                "the reference {} does not point inside the schema",
                super::cut_text(target, 200)
            )));
        };
        if let Some(&(_, entered)) = self.chain.iter().find(|(p, _)| p == pointer) {
            return if descents > entered {
                // A cycle through a child value: bounded by the content's own depth.
                Ok(1)
            } else {
                Err((
                    UncheckedReason::SchemaTooComplex,
                    format!("the reference #{pointer} refers back to itself on the same value"),
                ))
            };
        }
        if let Some(&size) = self.memo.get(pointer) {
            return Ok(size);
        }
        if self.chain.len() >= MAX_REF_CHAIN {
            return Err((
                UncheckedReason::SchemaTooComplex,
                format!("more than {MAX_REF_CHAIN} references inside one another"),
            ));
        }
        let root = self.root;
        let Some(node) = root.pointer(pointer) else {
            return Err((
                UncheckedReason::SchemaInvalid,
                format!("the reference #{pointer} points at nothing"),
            ));
        };
        self.chain.push((pointer.to_owned(), descents));
        let size = self.size(node, descents, pointer.is_empty());
        self.chain.pop();
        let size = size?;
        self.memo.insert(pointer.to_owned(), size);
        Ok(size)
    }
}

fn unsupported(why: &str) -> Refusal {
    (
        UncheckedReason::SchemaUnsupported,
        format!("{why}: Lode checks only self-contained schemas whose $refs are #/… pointers"),
    )
}
