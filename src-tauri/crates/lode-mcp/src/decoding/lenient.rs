//! One malformed item must not fail a whole `resources/list` page. Servers are untrusted: a
//! bad field is dropped (or, for `name`, replaced by the URI) and reported as an
//! [`ItemWarning`]; only an item without a usable URI is left out, since Lode could neither
//! read nor identify it. The warnings travel to `client::operations::resources` inside the page's
//! `_meta` under [`WARNINGS_META_KEY`], as the typed page has no other place for them.
//!
//! Two ways in: [`check_page`] runs on every page rmcp's types accepted, because they accept
//! more than MCP allows (a priority of 7, any string as `lastModified`, an empty URI) and
//! must stay cheap; [`repair_page`] runs only when the typed parse failed, and rebuilds the
//! page item by item from a `serde_json::Value`.
//!
//! The rules: `uri` a non-empty string; `name` a non-empty string, else the URI;
//! `title`/`description`/`mimeType` strings; `size` a non-negative integer; `icons` MCP icons;
//! `_meta` an object; `annotations.audience` only `"user"`/`"assistant"` (unknown roles are
//! dropped one by one, the known ones kept); `annotations.priority` a number in `0..=1`;
//! `annotations.lastModified` an RFC 3339 timestamp, or an ISO 8601 date-time without offset
//! or date (what Python's `isoformat()` writes). `null` counts as absent. An item is named
//! by its URI in a warning, or by its position in its page (`#12`) when the URI is unusable.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime};
use lode_core::ItemWarning;
use rmcp::model::{Icon, ListResourcesResult, MetaObject, Resource};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::item_bounds::bound_resource;
use crate::convert::WARNINGS_META_KEY;

/// Validates what the typed parse let through; drops and reports what MCP does not allow.
pub(crate) fn check_page(page: &mut ListResourcesResult) {
    let mut warnings = Vec::new();
    let mut index = 0;
    page.resources.retain_mut(|resource| {
        let keep = check_resource(index, resource, &mut warnings);
        index += 1;
        keep
    });
    attach(page, warnings);
}

/// Applies the rules to one item the typed parse accepted, and cuts its over-long fields
/// (`item_bounds`); `false` when it must be left out.
pub(crate) fn check_resource(
    index: usize,
    resource: &mut Resource,
    warnings: &mut Vec<ItemWarning>,
) -> bool {
    check_fields(index, resource, warnings) && bound_resource(index, resource, warnings)
}

fn check_fields(index: usize, resource: &mut Resource, warnings: &mut Vec<ItemWarning>) -> bool {
    if resource.uri.is_empty() {
        warnings.push(warning(
            &format!("#{index}"),
            "uri",
            "is empty; the item is left out".to_owned(),
        ));
        return false;
    }
    if resource.name.is_empty() {
        warnings.push(warning(
            &resource.uri,
            "name",
            "is empty; the URI stands in for it".to_owned(),
        ));
        resource.name = resource.uri.clone();
    }
    let Some(annotations) = resource.annotations.as_mut() else {
        return true;
    };
    if let Some(priority) = annotations.priority {
        if !(0.0..=1.0).contains(&priority) {
            annotations.priority = None;
            let problem = format!("{priority} is outside 0..=1");
            warnings.push(warning(&resource.uri, "annotations.priority", problem));
        }
    }
    if let Some(stamp) = &annotations.last_modified {
        if !is_timestamp(stamp) {
            let problem = format!("{stamp:?} is not an RFC 3339 timestamp");
            warnings.push(warning(&resource.uri, "annotations.lastModified", problem));
            annotations.last_modified = None;
        }
    }
    true
}

/// Rebuilds a page the typed parse rejected. `None` when it is not a page at all (not an
/// object, or no `resources` array): then it is not a malformed item's fault.
///
/// The page is first split into its fields and items without parsing them (serde_json skips
/// a value of any depth without recursion), then each is parsed alone: an item nested deeper
/// than serde_json's recursion limit (128) is left out, reported, and its neighbours kept.
pub(crate) fn repair_page(raw: &str) -> Option<ListResourcesResult> {
    let fields: BTreeMap<String, &RawValue> = serde_json::from_str(raw).ok()?;
    let items: Vec<&RawValue> = serde_json::from_str(fields.get("resources")?.get()).ok()?;
    let mut warnings = Vec::new();
    let resources: Vec<Resource> = items
        .into_iter()
        .enumerate()
        .filter_map(
            |(index, item)| match serde_json::from_str::<Value>(item.get()) {
                Ok(value) => repair_item(index, value, &mut warnings),
                Err(error) => {
                    let problem = format!("could not be decoded ({error}); the item is left out");
                    warnings.push(warning(&format!("#{index}"), "item", problem));
                    None
                }
            },
        )
        .collect();
    let mut page = Map::new();
    for (key, value) in fields {
        if key == "resources" {
            continue;
        }
        match serde_json::from_str::<Value>(value.get()) {
            Ok(value) => {
                page.insert(key, value);
            }
            Err(error) => warnings.push(warning("(page)", &key, error.to_string())),
        }
    }
    // Page-level fields are checked one by one against the page type itself, so every rule
    // rmcp applies (ttlMs, cacheScope...) is honoured without being restated here.
    let keys: Vec<String> = page.keys().cloned().collect();
    for key in keys {
        let Some(value) = page.get(&key) else {
            continue;
        };
        let mut alone = Map::new();
        alone.insert("resources".to_owned(), Value::Array(Vec::new()));
        alone.insert(key.clone(), value.clone());
        if let Err(error) = serde_json::from_value::<ListResourcesResult>(Value::Object(alone)) {
            page.remove(&key);
            let problem = if key == "nextCursor" {
                format!("{error}; the listing ends with this page")
            } else {
                error.to_string()
            };
            warnings.push(warning("(page)", &key, problem));
        }
    }
    page.insert("resources".to_owned(), Value::Array(Vec::new()));
    let mut result: ListResourcesResult = serde_json::from_value(Value::Object(page)).ok()?;
    result.resources = resources;
    attach(&mut result, warnings);
    Some(result)
}

/// Repairs one listed item, or leaves it out (with a warning) when it has no usable URI. Also
/// the rule book of REST connections, whose items are MCP resources too.
pub(crate) fn repair_item(
    index: usize,
    item: Value,
    warnings: &mut Vec<ItemWarning>,
) -> Option<Resource> {
    let position = format!("#{index}");
    let mut fields = match item {
        Value::Object(fields) => fields,
        other => {
            let problem = format!(
                "expected an object, got {}; the item is left out",
                kind(&other)
            );
            warnings.push(warning(&position, "item", problem));
            return None;
        }
    };
    let uri = match fields.get("uri") {
        Some(Value::String(uri)) if !uri.is_empty() => uri.clone(),
        other => {
            let problem = format!("{}; the item is left out", unusable_string(other));
            warnings.push(warning(&position, "uri", problem));
            return None;
        }
    };
    let mut report = Report {
        item: &uri,
        warnings,
    };
    match fields.get("name") {
        Some(Value::String(name)) if !name.is_empty() => {}
        other => {
            let problem = format!("{}; the URI stands in for it", unusable_string(other));
            report.push("name", problem);
            fields.insert("name".to_owned(), Value::String(uri.clone()));
        }
    }
    for key in ["title", "description", "mimeType"] {
        if let Some(other) = fields.get(key).filter(|v| !v.is_null() && !v.is_string()) {
            let problem = format!("expected a string, got {}", kind(other));
            report.push(key, problem);
            fields.remove(key);
        }
    }
    if let Some(size) = fields.get("size").filter(|v| !v.is_null() && !v.is_u64()) {
        let problem = format!("expected a non-negative integer, got {}", describe(size));
        report.push("size", problem);
        fields.remove("size");
    }
    if let Some(icons) = fields.get("icons").filter(|v| !v.is_null()) {
        if let Err(error) = serde_json::from_value::<Vec<Icon>>(icons.clone()) {
            report.push("icons", error.to_string());
            fields.remove("icons");
        }
    }
    if let Some(meta) = fields
        .get("_meta")
        .filter(|v| !v.is_null() && !v.is_object())
    {
        let problem = format!("expected an object, got {}", kind(meta));
        report.push("_meta", problem);
        fields.remove("_meta");
    }
    match fields.get_mut("annotations") {
        None | Some(Value::Null) => {}
        Some(Value::Object(annotations)) => repair_annotations(annotations, &mut report),
        Some(other) => {
            let problem = format!("expected an object, got {}", kind(other));
            report.push("annotations", problem);
            fields.remove("annotations");
        }
    }
    match serde_json::from_value::<Resource>(Value::Object(fields)) {
        Ok(mut resource) => bound_resource(index, &mut resource, warnings).then_some(resource),
        // Every field rmcp checks is repaired above; this is the net for what is not.
        Err(error) => {
            report.push("item", format!("{error}; the item is left out"));
            None
        }
    }
}

fn repair_annotations(annotations: &mut Map<String, Value>, report: &mut Report<'_>) {
    match annotations.get_mut("audience") {
        None | Some(Value::Null) => {}
        Some(Value::Array(roles)) => roles.retain(|role| match role.as_str() {
            Some("user" | "assistant") => true,
            _ => {
                let problem = format!(
                    "{} is not a role (\"user\" or \"assistant\"); dropped from the audience",
                    describe(role)
                );
                report.push("annotations.audience", problem);
                false
            }
        }),
        Some(other) => {
            let problem = format!("expected an array of roles, got {}", kind(other));
            report.push("annotations.audience", problem);
            annotations.remove("audience");
        }
    }
    match annotations.get("priority") {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) if n.as_f64().is_some_and(|p| (0.0..=1.0).contains(&p)) => {}
        Some(Value::Number(n)) => {
            report.push("annotations.priority", format!("{n} is outside 0..=1"));
            annotations.remove("priority");
        }
        Some(other) => {
            let problem = format!("expected a number, got {}", kind(other));
            report.push("annotations.priority", problem);
            annotations.remove("priority");
        }
    }
    match annotations.get("lastModified") {
        None | Some(Value::Null) => {}
        Some(Value::String(stamp)) if is_timestamp(stamp) => {}
        Some(other) => {
            let problem = format!("{} is not an RFC 3339 timestamp", describe(other));
            report.push("annotations.lastModified", problem);
            annotations.remove("lastModified");
        }
    }
}

/// RFC 3339, plus the ISO 8601 forms servers commonly write instead: a date-time without an
/// offset and a plain date.
fn is_timestamp(stamp: &str) -> bool {
    is_plain_rfc3339(stamp.as_bytes())
        || DateTime::parse_from_rfc3339(stamp).is_ok()
        || NaiveDateTime::parse_from_str(stamp, "%Y-%m-%dT%H:%M:%S%.f").is_ok()
        || NaiveDate::parse_from_str(stamp, "%Y-%m-%d").is_ok()
}

/// The shape almost every server writes (`2025-01-12T15:00:58.123Z`, or with `+02:00`),
/// checked in a few nanoseconds: checking every item of a 100k listing with chrono alone
/// costs a tenth of the time it takes to parse the listing. Accepts a strict subset of what
/// chrono accepts (no leap second, `T` only), so anything else still gets chrono's word.
fn is_plain_rfc3339(s: &[u8]) -> bool {
    fn number(s: &[u8], from: usize, len: usize) -> Option<u32> {
        s.get(from..from + len)?.iter().try_fold(0, |n, b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    }
    let field = |from, len| number(s, from, len);
    let at = |i: usize, c: u8| s.get(i) == Some(&c);
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        field(0, 4),
        field(5, 2),
        field(8, 2),
        field(11, 2),
        field(14, 2),
        field(17, 2),
    ) else {
        return false;
    };
    if !(at(4, b'-') && at(7, b'-') && at(10, b'T') && at(13, b':') && at(16, b':')) {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    if day == 0 || day > days || hour > 23 || minute > 59 || second > 59 {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let digits = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 9 {
            return false;
        }
        rest = &fraction[digits..];
    }
    match rest {
        b"Z" => true,
        [b'+' | b'-', offset @ ..] if offset.len() == 5 && offset[2] == b':' => {
            matches!((number(offset, 0, 2), number(offset, 3, 2)), (Some(h), Some(m)) if h < 24 && m < 60)
        }
        _ => false,
    }
}

/// Puts the warnings where `convert::item_warnings` reads them. A server's own value under
/// Lode's key is removed first: warnings are Lode's word, not the server's.
pub(crate) fn attach(page: &mut ListResourcesResult, warnings: Vec<ItemWarning>) {
    if let Some(meta) = page.meta.as_mut() {
        meta.0.remove(WARNINGS_META_KEY);
    }
    if warnings.is_empty() {
        return;
    }
    match serde_json::to_value(&warnings) {
        Ok(value) => {
            page.meta
                .get_or_insert_with(MetaObject::new)
                .0
                .insert(WARNINGS_META_KEY.to_owned(), value);
        }
        // Three strings per warning always serialize; losing them must not lose the page.
        Err(error) => tracing::warn!(%error, "could not record listing warnings"),
    }
}

struct Report<'a> {
    item: &'a str,
    warnings: &'a mut Vec<ItemWarning>,
}

impl Report<'_> {
    fn push(&mut self, field: &str, problem: String) {
        self.warnings.push(warning(self.item, field, problem));
    }
}

fn warning(item: &str, field: &str, problem: String) -> ItemWarning {
    ItemWarning {
        item: item.to_owned(),
        field: field.to_owned(),
        problem,
    }
}

fn unusable_string(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => "missing".to_owned(),
        Some(Value::String(_)) => "is empty".to_owned(),
        Some(other) => format!("expected a string, got {}", kind(other)),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A short rendering of a bad value for a warning: scalars as written, containers by kind.
fn describe(value: &Value) -> String {
    match value {
        Value::Array(_) | Value::Object(_) => kind(value).to_owned(),
        scalar => {
            let text = scalar.to_string();
            match text.char_indices().nth(80) {
                Some((cut, _)) => format!("{}…", &text[..cut]),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests;
