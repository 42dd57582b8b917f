//! A schema's regular expressions (`pattern`, the names in `patternProperties`), bounded before
//! the validator sees them. boon compiles each with the `regex` crate's own limit of 10 MiB and
//! no way to lower it, so a schema of a few `(\w{1000}){1000}` would cost seconds and
//! gigabytes: each is compiled here first under a small limit. And boon translates ECMA-262
//! syntax (`\d`, `\w`, `\s`, `\cX`) one escape at a time, parsing the whole pattern again after
//! each: the work grows with the square of a pattern's escapes (20,000 `\cA` ran for minutes),
//! so the escapes are counted first. (Matching is linear in the `regex` crate: nothing to bound.)

use std::borrow::Cow;

use regex_automata::nfa::thompson::{Compiler, Config, WhichCaptures};
use serde_json::Value;

use super::bounds::Refusal;
use super::UncheckedReason;

/// The most memory one compiled pattern may take.
pub(super) const MAX_PATTERN_BYTES: usize = 1024 * 1024;
/// The most all of a schema's compiled patterns may take together (and so the time compiling
/// them: it grows with their size).
pub(super) const MAX_PATTERNS_BYTES: usize = 4 * 1024 * 1024;
/// The translation work all of a schema's patterns may take, in bytes parsed (boon's parser does
/// some tens of millions a second; 20 million or so on a loaded machine).
const MAX_TRANSLATION_WORK: u64 = 4_000_000;
/// The most one escape may grow a pattern when translated: `\s` becomes a class of 19 bytes.
const ESCAPE_GROWTH: u64 = 20;

/// Why `schema` is refused for its patterns, or `None`. Called on a schema already within the
/// depth bound, so the walk's recursion is bounded too.
pub(super) fn oversized_pattern(schema: &Value) -> Option<Refusal> {
    let mut work: u64 = 0;
    let mut compiled: usize = 0;
    each_pattern(schema, &mut |pattern| {
        // Counted before compiling: this walk itself stays within the bounds it enforces.
        work = work.saturating_add(translation_work(pattern));
        if work > MAX_TRANSLATION_WORK {
            return Some((
                UncheckedReason::SchemaInvalid,
                format!("its patterns have too many escapes (\\d, \\w, \\s…) to translate: more than {MAX_TRANSLATION_WORK} bytes of parsing"),
            ));
        }
        compile_within(pattern, &mut compiled)
    })
}

/// An upper bound of the bytes boon parses translating `pattern`: once, then once more after
/// each escape it rewrites, the pattern growing a little each time.
fn translation_work(pattern: &str) -> u64 {
    let length = pattern.len() as u64;
    let escapes = pattern.bytes().filter(|b| *b == b'\\').count() as u64;
    (escapes + 1).saturating_mul(length.saturating_add(escapes.saturating_mul(ESCAPE_GROWTH)))
}

/// Compiles `pattern` within what is left of the schema's allowance, adding what it took to
/// `compiled`; a refusal when it does not fit. A pattern the `regex` crate cannot parse is left
/// to boon, which says what is wrong with it. The `regex` crate's `\w` and `\d` are Unicode,
/// larger than ECMA-262's ASCII ones: this overestimates what boon compiles, never lets a larger
/// one through. ("Not a usable schema" is what the `jsonschema` crate Lode used before said.)
fn compile_within(pattern: &str, compiled: &mut usize) -> Option<Refusal> {
    let pattern_as_rust = control_escapes(pattern);
    let mut used: usize = 0;
    // Forward and reversed, as the `regex` crate compiles a pattern (its limit is on each).
    for reverse in [false, true] {
        let room = MAX_PATTERNS_BYTES.saturating_sub(compiled.saturating_add(used));
        let limit = room.min(MAX_PATTERN_BYTES);
        // A reverse NFA cannot have capture states (regex-automata refuses to build one), and
        // the `regex` crate compiles its reverse one without them too.
        let captures = if reverse {
            WhichCaptures::None
        } else {
            WhichCaptures::All
        };
        let config = Config::new()
            .nfa_size_limit(Some(limit))
            .reverse(reverse)
            .which_captures(captures);
        let built = Compiler::new().configure(config).build(&pattern_as_rust);
        match built {
            Ok(nfa) => used = used.saturating_add(nfa.memory_usage()),
            Err(error) if error.size_limit().is_some() => return Some(too_large(pattern, limit)),
            Err(_) => return None,
        }
    }
    *compiled = compiled.saturating_add(used);
    None
}

fn too_large(pattern: &str, limit: usize) -> Refusal {
    let detail = if limit < MAX_PATTERN_BYTES {
        format!(
            "its patterns together compile to more than {} KiB",
            MAX_PATTERNS_BYTES / 1024
        )
    } else {
        format!(
            "the pattern {} compiles to more than {} KiB",
            super::cut_text(pattern, 100),
            MAX_PATTERN_BYTES / 1024
        )
    };
    (UncheckedReason::SchemaInvalid, detail)
}

/// `pattern` with ECMA-262's control escapes (`\cA` is U+0001) written as the `regex` crate
/// writes them, as boon translates them: the one ECMA-262 escape that crate cannot parse.
fn control_escapes(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains("\\c") {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('c') if chars.peek().is_some_and(char::is_ascii_alphabetic) => {
                let letter = chars.next().map_or(0, |l| l as u32);
                out.push_str(&format!("\\x{{{:02x}}}", letter % 32));
            }
            Some(next) => {
                out.push('\\');
                out.push(next);
            }
            None => out.push('\\'),
        }
    }
    Cow::Owned(out)
}

/// Calls `visit` on every pattern of `schema` until it returns a refusal.
fn each_pattern(
    schema: &Value,
    visit: &mut impl FnMut(&str) -> Option<Refusal>,
) -> Option<Refusal> {
    match schema {
        Value::Object(map) => map.iter().find_map(|(key, value)| {
            let own = match (key.as_str(), value) {
                ("pattern", Value::String(pattern)) => visit(pattern),
                ("patternProperties", Value::Object(names)) => {
                    names.keys().find_map(|pattern| visit(pattern))
                }
                _ => None,
            };
            own.or_else(|| each_pattern(value, visit))
        }),
        Value::Array(items) => items.iter().find_map(|item| each_pattern(item, visit)),
        _ => None,
    }
}
