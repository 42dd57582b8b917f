//! One listed resource, as untrusted JSON, to a [`ResourceItem`]. Servers are untrusted and one
//! bad field must not hide an item (nor the rest of its page), so a malformed field is dropped
//! and reported as an [`ItemWarning`] while the item is kept. Only an item without a usable URI
//! is dropped: without it Lode can neither read nor identify it.
//!
//! The rules are the MCP path's (`transport::lenient`), so an item looks the same whichever
//! kind of connection listed it: `uri` a non-empty string; `name` a non-empty string, else the
//! URI; `title`/`description`/`mimeType` strings; `size` a non-negative integer; `icons` MCP
//! icons; `annotations.audience` only `"user"`/`"assistant"` (unknown roles are dropped one by
//! one, the known ones kept); `annotations.priority` a number in `0..=1`;
//! `annotations.lastModified` an RFC 3339 timestamp, or an ISO 8601 date-time without offset or
//! a plain date (what Python's `isoformat()` writes), kept as sent. `null` counts as absent;
//! unknown fields are ignored. An item is named by its URI in a warning, or by its position in
//! its page (`#12`) when the URI is unusable.

use chrono::{DateTime, NaiveDate, NaiveDateTime};
use lode_core::{Annotations, Icon, ItemWarning, ResourceItem, Role};
use serde_json::{Map, Value};

/// `index` is the item's position in its page, used to name it in a warning when its URI is
/// unusable (`#12`).
pub(crate) fn resource_item_from_json(
    server: &str,
    index: usize,
    value: Value,
    warnings: &mut Vec<ItemWarning>,
) -> Option<ResourceItem> {
    let position = format!("#{index}");
    let mut fields = match value {
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
    let uri = match fields.remove("uri") {
        Some(Value::String(uri)) if !uri.is_empty() => uri,
        Some(Value::String(_)) => return drop_item(warnings, &position, "is empty"),
        None | Some(Value::Null) => return drop_item(warnings, &position, "missing"),
        Some(other) => {
            let problem = format!("expected a string, got {}", kind(&other));
            return drop_item(warnings, &position, &problem);
        }
    };
    let mut report = Report {
        item: &uri,
        warnings,
    };
    let name = match fields.remove("name") {
        Some(Value::String(name)) if !name.is_empty() => name,
        Some(Value::String(_)) => report.fallback_name("is empty", &uri),
        None | Some(Value::Null) => report.fallback_name("missing", &uri),
        Some(other) => {
            let problem = format!("expected a string, got {}", kind(&other));
            report.fallback_name(&problem, &uri)
        }
    };
    let title = optional_string(&mut fields, "title", &mut report);
    let description = optional_string(&mut fields, "description", &mut report);
    let mime_type = optional_string(&mut fields, "mimeType", &mut report);
    let size = match fields.remove("size") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
        Some(other) => {
            let problem = format!("expected a non-negative integer, got {}", describe(&other));
            report.drop("size", problem)
        }
    };
    let annotations = match fields.remove("annotations") {
        None | Some(Value::Null) => Annotations::default(),
        Some(Value::Object(wire)) => annotations(wire, &mut report),
        Some(other) => {
            let problem = format!("expected an object, got {}", kind(&other));
            report.drop::<()>("annotations", problem);
            Annotations::default()
        }
    };
    let icons = match fields.remove("icons") {
        None | Some(Value::Null) => None,
        Some(wire) => match serde_json::from_value::<Vec<Icon>>(wire) {
            Ok(icons) => Some(icons),
            Err(error) => report.drop("icons", error.to_string()),
        },
    };
    Some(ResourceItem {
        server: server.to_owned(),
        uri,
        name,
        title,
        description,
        mime_type,
        size,
        annotations,
        icons,
    })
}

fn annotations(mut wire: Map<String, Value>, report: &mut Report<'_>) -> Annotations {
    let audience = match wire.remove("audience") {
        None | Some(Value::Null) => None,
        Some(Value::Array(roles)) => {
            Some(roles.iter().filter_map(|wire| role(wire, report)).collect())
        }
        Some(other) => {
            let problem = format!("expected an array of roles, got {}", kind(&other));
            report.drop("annotations.audience", problem)
        }
    };
    let priority = match wire.remove("priority") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => match n.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Some(p),
            _ => report.drop("annotations.priority", format!("{n} is outside 0..=1")),
        },
        Some(other) => {
            let problem = format!("expected a number, got {}", kind(&other));
            report.drop("annotations.priority", problem)
        }
    };
    let last_modified = match wire.remove("lastModified") {
        None | Some(Value::Null) => None,
        Some(Value::String(stamp)) if is_timestamp(&stamp) => Some(stamp),
        Some(other) => {
            let problem = format!("{} is not an RFC 3339 timestamp", describe(&other));
            report.drop("annotations.lastModified", problem)
        }
    };
    Annotations {
        audience,
        priority,
        last_modified,
    }
}

fn role(wire: &Value, report: &mut Report<'_>) -> Option<Role> {
    match wire.as_str() {
        Some("user") => Some(Role::User),
        Some("assistant") => Some(Role::Assistant),
        _ => {
            let problem = format!(
                "{} is not a role (\"user\" or \"assistant\"); dropped from the audience",
                describe(wire)
            );
            report.drop("annotations.audience", problem)
        }
    }
}

/// RFC 3339, plus the ISO 8601 forms servers commonly write instead: a date-time without an
/// offset and a plain date.
fn is_timestamp(stamp: &str) -> bool {
    DateTime::parse_from_rfc3339(stamp).is_ok()
        || NaiveDateTime::parse_from_str(stamp, "%Y-%m-%dT%H:%M:%S%.f").is_ok()
        || NaiveDate::parse_from_str(stamp, "%Y-%m-%d").is_ok()
}

fn optional_string(
    fields: &mut Map<String, Value>,
    key: &str,
    report: &mut Report<'_>,
) -> Option<String> {
    match fields.remove(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text),
        Some(other) => report.drop(key, format!("expected a string, got {}", kind(&other))),
    }
}

/// Collects the warnings of one item whose URI is known.
struct Report<'a> {
    item: &'a str,
    warnings: &'a mut Vec<ItemWarning>,
}

impl Report<'_> {
    /// Records a dropped field; returns `None` so a match arm can drop and report at once.
    fn drop<T>(&mut self, field: &str, problem: String) -> Option<T> {
        self.warnings.push(warning(self.item, field, problem));
        None
    }

    fn fallback_name(&mut self, problem: &str, uri: &str) -> String {
        let problem = format!("{problem}; the URI stands in for it");
        self.warnings.push(warning(self.item, "name", problem));
        uri.to_owned()
    }
}

fn drop_item<T>(warnings: &mut Vec<ItemWarning>, position: &str, problem: &str) -> Option<T> {
    let problem = format!("{problem}; the item is left out");
    warnings.push(warning(position, "uri", problem));
    None
}

fn warning(item: &str, field: &str, problem: String) -> ItemWarning {
    ItemWarning {
        item: item.to_owned(),
        field: field.to_owned(),
        problem,
    }
}

/// The JSON kind, for "expected X, got Y".
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

/// A bad value for a warning: scalars as written (cut at 80 characters, a server may send
/// anything), containers by their kind.
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
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(value: Value) -> (Option<ResourceItem>, Vec<ItemWarning>) {
        let mut warnings = Vec::new();
        let item = resource_item_from_json("tables", 3, value, &mut warnings);
        (item, warnings)
    }

    fn warned(item: &str, field: &str, problem: &str) -> ItemWarning {
        warning(item, field, problem.to_owned())
    }

    #[test]
    fn keeps_every_well_formed_field() {
        let (item, warnings) = parse(json!({
            "uri": "tables://orders", "name": "orders", "title": "Orders",
            "description": "All orders", "mimeType": "application/json", "size": 1024,
            "annotations": {
                "audience": ["user", "assistant"], "priority": 0.75,
                "lastModified": "2025-01-12T15:00:58Z"
            },
            "icons": [{"src": "https://x/i.png", "mimeType": "image/png", "sizes": ["48x48"]}],
            "_meta": {"ignored": true}
        }));
        assert_eq!(warnings, vec![]);
        assert_eq!(
            item,
            Some(ResourceItem {
                server: "tables".into(),
                uri: "tables://orders".into(),
                name: "orders".into(),
                title: Some("Orders".into()),
                description: Some("All orders".into()),
                mime_type: Some("application/json".into()),
                size: Some(1024),
                annotations: Annotations {
                    audience: Some(vec![Role::User, Role::Assistant]),
                    priority: Some(0.75),
                    last_modified: Some("2025-01-12T15:00:58Z".into()),
                },
                icons: Some(vec![Icon {
                    src: "https://x/i.png".into(),
                    mime_type: Some("image/png".into()),
                    sizes: Some(vec!["48x48".into()]),
                }]),
            })
        );
    }

    #[test]
    fn nulls_count_as_absent_without_warnings() {
        let (item, warnings) = parse(json!({
            "uri": "t://a", "name": "a", "title": null, "size": null,
            "annotations": {"priority": null, "audience": null, "lastModified": null}
        }));
        assert_eq!(warnings, vec![]);
        let item = item.expect("the item is kept");
        assert!(item.annotations.is_empty());
        assert_eq!((item.title, item.size), (None, None));
    }

    #[test]
    fn drops_an_out_of_range_priority_and_keeps_the_item() {
        let (item, warnings) = parse(json!({
            "uri": "t://a", "name": "a", "annotations": {"priority": 7, "audience": ["user"]}
        }));
        assert_eq!(
            warnings,
            vec![warned(
                "t://a",
                "annotations.priority",
                "7 is outside 0..=1"
            )]
        );
        let annotations = item.map(|i| i.annotations).unwrap_or_default();
        assert_eq!(annotations.priority, None);
        assert_eq!(annotations.audience, Some(vec![Role::User]));
    }

    #[test]
    fn drops_a_priority_that_is_not_a_number() {
        let (_, warnings) = parse(json!({"uri": "t://a", "name": "a",
            "annotations": {"priority": "high"}}));
        assert_eq!(
            warnings,
            vec![warned(
                "t://a",
                "annotations.priority",
                "expected a number, got a string"
            )]
        );
    }

    #[test]
    fn drops_unknown_roles_one_by_one_and_keeps_the_known_ones() {
        let (item, warnings) = parse(json!({
            "uri": "t://a", "name": "a", "annotations": {"audience": ["system", "user", 3]}
        }));
        let problem = |role| {
            format!("{role} is not a role (\"user\" or \"assistant\"); dropped from the audience")
        };
        assert_eq!(
            warnings,
            vec![
                warned("t://a", "annotations.audience", &problem("\"system\"")),
                warned("t://a", "annotations.audience", &problem("3")),
            ]
        );
        assert_eq!(
            item.and_then(|i| i.annotations.audience),
            Some(vec![Role::User])
        );
        let (_, warnings) = parse(json!({"uri": "t://a", "name": "a",
            "annotations": {"audience": "user"}}));
        assert_eq!(
            warnings,
            vec![warned(
                "t://a",
                "annotations.audience",
                "expected an array of roles, got a string"
            )]
        );
    }

    #[test]
    fn accepts_rfc3339_and_the_common_iso8601_forms() {
        for stamp in [
            "2025-01-01T00:00:00Z",
            "2025-01-01T00:00:00.123+02:00",
            "2025-01-01T00:00:00",
            "2025-01-01",
        ] {
            let (item, warnings) = parse(json!({"uri": "t://a", "name": "a",
                "annotations": {"lastModified": stamp}}));
            assert_eq!(warnings, vec![], "{stamp}");
            assert_eq!(
                item.and_then(|i| i.annotations.last_modified).as_deref(),
                Some(stamp)
            );
        }
        for stamp in ["2025-13-01", "", "01/02/2025"] {
            assert!(!is_timestamp(stamp), "{stamp}");
        }
    }

    #[test]
    fn drops_an_unparseable_last_modified() {
        let (item, warnings) = parse(json!({
            "uri": "t://a", "name": "a", "annotations": {"lastModified": "yesterday"}
        }));
        assert_eq!(
            warnings,
            vec![warned(
                "t://a",
                "annotations.lastModified",
                "\"yesterday\" is not an RFC 3339 timestamp"
            )]
        );
        assert_eq!(item.and_then(|i| i.annotations.last_modified), None);
    }

    #[test]
    fn names_a_nameless_item_by_its_uri() {
        let (item, warnings) = parse(json!({"uri": "t://nameless"}));
        assert_eq!(
            warnings,
            vec![warned(
                "t://nameless",
                "name",
                "missing; the URI stands in for it"
            )]
        );
        assert_eq!(item.map(|i| i.name), Some("t://nameless".into()));
    }

    #[test]
    fn leaves_out_an_item_without_a_usable_uri() {
        let cases = [
            (json!({"name": "x"}), "missing; the item is left out"),
            (
                json!({"uri": 5}),
                "expected a string, got a number; the item is left out",
            ),
            (json!({"uri": ""}), "is empty; the item is left out"),
        ];
        for (value, problem) in cases {
            let (item, warnings) = parse(value);
            assert_eq!(item, None);
            assert_eq!(warnings, vec![warned("#3", "uri", problem)]);
        }
        let (item, warnings) = parse(json!("t://a"));
        assert_eq!(item, None);
        assert_eq!(
            warnings,
            vec![warned(
                "#3",
                "item",
                "expected an object, got a string; the item is left out"
            )]
        );
    }

    #[test]
    fn drops_each_malformed_plain_field_on_its_own() {
        let (item, warnings) = parse(json!({
            "uri": "t://a", "name": "a", "title": 1, "mimeType": ["x"], "size": -4,
            "annotations": "high", "icons": [{"mimeType": "image/png"}]
        }));
        let fields: Vec<_> = warnings.iter().map(|w| w.field.as_str()).collect();
        assert_eq!(
            fields,
            ["title", "mimeType", "size", "annotations", "icons"]
        );
        assert_eq!(
            warnings[2].problem,
            "expected a non-negative integer, got -4"
        );
        assert!(
            warnings[4].problem.contains("src"),
            "{}",
            warnings[4].problem
        );
        let item = item.expect("the item is kept");
        assert_eq!((item.title, item.mime_type, item.size), (None, None, None));
        assert_eq!(item.icons, None);
    }
}
