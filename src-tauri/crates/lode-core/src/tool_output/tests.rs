use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::*;

fn check(schema: &Value, content: Value) -> OutputCheck {
    check_output(schema, Some(&content), false).expect("a check")
}

fn forecast() -> Value {
    json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "temperature": {"type": "number"},
            "conditions": {"type": "string", "enum": ["sunny", "cloudy", "rain"]}
        },
        "required": ["city", "temperature", "conditions"]
    })
}

fn unchecked(check: &OutputCheck) -> UncheckedReason {
    match check {
        OutputCheck::Unchecked { reason, .. } => *reason,
        other => panic!("expected unchecked, got {other:?}"),
    }
}

/// Fails the test when `run` takes longer than a hostile input may make it.
fn promptly<T>(run: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = run();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "took {:?}",
        start.elapsed()
    );
    value
}

#[test]
fn conforming_content_is_valid() {
    let content = json!({"city": "Lisbon", "temperature": 21.5, "conditions": "sunny"});
    assert_eq!(check(&forecast(), content), OutputCheck::Valid);
}

#[test]
fn each_mismatch_names_its_path_the_rule_and_the_value_found() {
    let content = json!({"city": "Oslo", "temperature": "cold", "conditions": "snow"});
    let OutputCheck::Mismatch { problems, total } = check(&forecast(), content) else {
        panic!("expected a mismatch");
    };
    assert_eq!(total, 2);
    let temperature = problems
        .iter()
        .find(|p| p.path == "/temperature")
        .expect("temperature");
    assert_eq!(temperature.expected, r#"type: "number""#);
    assert_eq!(temperature.found, r#""cold""#);
    assert!(
        temperature.message.contains("number"),
        "{}",
        temperature.message
    );
    let conditions = problems
        .iter()
        .find(|p| p.path == "/conditions")
        .expect("conditions");
    assert_eq!(conditions.expected, r#"enum: ["sunny","cloudy","rain"]"#);
    assert_eq!(conditions.found, r#""snow""#);
}

#[test]
fn a_missing_required_property_is_reported_at_the_object() {
    let OutputCheck::Mismatch { problems, .. } =
        check(&forecast(), json!({"city": "Oslo", "conditions": "rain"}))
    else {
        panic!("expected a mismatch");
    };
    assert_eq!(problems[0].path, "");
    assert!(
        problems[0].expected.starts_with("required: "),
        "{}",
        problems[0].expected
    );
    assert!(
        problems[0].message.contains("temperature"),
        "{}",
        problems[0].message
    );
}

#[test]
fn a_schema_with_no_structured_content_is_a_mismatch_and_errors_are_not_checked() {
    assert_eq!(
        check_output(&forecast(), None, false),
        Some(OutputCheck::Missing)
    );
    assert_eq!(check_output(&forecast(), None, true), None);
    assert!(OutputCheck::Missing
        .summary()
        .is_some_and(|s| s.contains("no structuredContent")));
    assert_eq!(OutputCheck::Valid.summary(), None);
}

#[test]
fn problems_are_bounded_in_number_and_length() {
    let schema = json!({"type": "array", "items": {"type": "string"}});
    // 5000 items of 600 bytes: within the content bound, each found value longer than a line.
    let long = "x".repeat(600);
    let content = Value::Array((0..5000).map(|_| json!({ "long": long })).collect());
    let OutputCheck::Mismatch { problems, total } = promptly(|| check(&schema, content)) else {
        panic!("expected a mismatch");
    };
    assert_eq!(problems.len(), 20);
    assert_eq!(total, 1000);
    assert!(problems
        .iter()
        .all(|p| p.found.len() <= 310 && p.message.len() <= 310));
}

#[test]
fn references_outside_the_schema_are_never_followed() {
    for schema in [
        json!({"$ref": "https://example.org/schema.json"}),
        json!({"$ref": "file:///etc/passwd"}),
        json!({"properties": {"a": {"$ref": "other.json#/x"}}}),
        json!({"$defs": {"a": {"$id": "https://example.org/a", "type": "string"}}}),
    ] {
        let check = promptly(|| check(&schema, json!({"a": 1})));
        assert_eq!(
            unchecked(&check),
            UncheckedReason::SchemaUnsupported,
            "{schema}"
        );
    }
    // An unknown metaschema is the one document the validator itself would look up.
    let schema = json!({"$schema": "https://example.org/meta", "type": "object"});
    let check = promptly(|| check(&schema, json!({})));
    assert_eq!(
        unchecked(&check),
        UncheckedReason::SchemaInvalid,
        "{check:?}"
    );
}

#[test]
fn references_that_expand_exponentially_are_refused() {
    // d0 -> d1 twice -> d2 twice ... : 2^40 subschemas from a few kilobytes.
    let mut defs = serde_json::Map::new();
    for i in 0..40 {
        let next = format!("#/$defs/d{}", i + 1);
        defs.insert(
            format!("d{i}"),
            json!({"anyOf": [{"$ref": next}, {"$ref": next, "type": "string"}]}),
        );
    }
    defs.insert("d40".into(), json!({"type": "integer"}));
    let schema = json!({"$defs": defs, "$ref": "#/$defs/d0"});
    let check = promptly(|| check(&schema, json!("x")));
    assert_eq!(unchecked(&check), UncheckedReason::SchemaTooComplex);
}

#[test]
fn a_cycle_on_the_same_value_is_refused_but_a_recursive_shape_is_checked() {
    let looping = json!({"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"});
    assert_eq!(
        unchecked(&promptly(|| check(&looping, json!(1)))),
        UncheckedReason::SchemaTooComplex
    );

    let tree = json!({
        "$defs": {"node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
        }}},
        "$ref": "#/$defs/node"
    });
    let good = json!({"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]});
    assert_eq!(check(&tree, good), OutputCheck::Valid);
    let bad = json!({"name": "a", "children": [{"name": "b", "children": [{"name": 3}]}]});
    let OutputCheck::Mismatch { problems, .. } = check(&tree, bad) else {
        panic!("expected a mismatch")
    };
    assert_eq!(problems[0].path, "/children/0/children/0/name");
}

#[test]
fn large_and_deep_schemas_and_content_are_refused() {
    let mut deep = json!({"type": "string"});
    for _ in 0..40 {
        deep = json!({"items": deep});
    }
    assert_eq!(
        unchecked(&check(&deep, json!([]))),
        UncheckedReason::SchemaTooDeep
    );

    let properties: serde_json::Map<String, Value> = (0..20_000)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let large = json!({"properties": properties});
    assert_eq!(
        unchecked(&promptly(|| check(&large, json!({})))),
        UncheckedReason::SchemaTooLarge
    );

    let content = json!({"blob": "x".repeat(MAX_CONTENT_BYTES)});
    assert_eq!(
        unchecked(&check(&forecast(), content)),
        UncheckedReason::ContentTooLarge
    );
}

#[test]
fn a_backtracking_pattern_runs_in_linear_time() {
    let schema = json!({"type": "string", "pattern": "^(a+)+$"});
    let content = json!(format!("{}!", "a".repeat(50_000)));
    let check = promptly(|| check(&schema, content));
    assert!(matches!(check, OutputCheck::Mismatch { .. }), "{check:?}");
}

#[test]
fn a_pattern_the_engine_cannot_compile_leaves_the_result_unchecked() {
    // Look-around needs a backtracking engine, which Lode does not run.
    let schema = json!({"type": "string", "pattern": "^(?!admin).*$"});
    assert_eq!(
        unchecked(&check(&schema, json!("root"))),
        UncheckedReason::SchemaInvalid
    );
    // A pattern whose compiled form is huge is refused rather than built.
    let schema = json!({"type": "string", "pattern": "(\\w{1000}){1000}"});
    assert_eq!(
        unchecked(&promptly(|| check(&schema, json!("x")))),
        UncheckedReason::SchemaInvalid
    );
}

#[test]
fn problems_come_in_the_order_of_the_content() {
    // The validator finds these in the schema's order: `properties` (/list, /z) before `allOf`
    // (/a), and as text "/list/10" sorts before "/list/2". Shown, they follow the content from
    // the top: the object itself (a missing property), then each member and item in turn.
    let schema = json!({
        "type": "object",
        "properties": {
            "z": {"type": "string"},
            "list": {"type": "array", "items": {"type": "integer"}}
        },
        "allOf": [{"properties": {"a": {"type": "string"}}}],
        "required": ["missing"]
    });
    let content = json!({"a": 1, "list": [0, 1, "two", 3, 4, 5, 6, 7, 8, 9, "ten"], "z": 2});
    let OutputCheck::Mismatch { problems, total } = check(&schema, content) else {
        panic!("expected a mismatch");
    };
    let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["", "/a", "/list/2", "/list/10", "/z"]);
    assert_eq!(total, 5);
}

#[test]
fn the_rule_shown_is_the_referenced_one_and_format_is_only_an_annotation() {
    // Draft 2020-12 by default: `format` annotates, `$defs` and `$ref` are followed, and the
    // rule named is the one in the definition the reference led to.
    let schema = json!({
        "$defs": {"when": {"type": "string", "format": "date-time", "maxLength": 5}},
        "type": "object",
        "properties": {"at": {"$ref": "#/$defs/when"}, "id": {"format": "uuid"}}
    });
    assert_eq!(
        check(&schema, json!({"at": "now", "id": "not a uuid"})),
        OutputCheck::Valid
    );
    let OutputCheck::Mismatch { problems, .. } = check(&schema, json!({"at": "yesterday"})) else {
        panic!("expected a mismatch");
    };
    assert_eq!(problems[0].path, "/at");
    assert_eq!(problems[0].expected, "maxLength: 5");
    assert_eq!(problems[0].found, r#""yesterday""#);
}

#[test]
fn an_any_of_that_fails_is_one_problem_at_its_value() {
    let schema = json!({"properties": {"v": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}});
    let OutputCheck::Mismatch { problems, total } = check(&schema, json!({"v": 1.5})) else {
        panic!("expected a mismatch");
    };
    assert_eq!(total, 1);
    assert_eq!(problems[0].path, "/v");
    assert!(
        problems[0].expected.starts_with("anyOf: ["),
        "{}",
        problems[0].expected
    );
}

#[test]
fn an_earlier_draft_named_by_the_schema_is_honoured() {
    // Draft 7: `definitions`, and `format` asserted as that draft allows.
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {"n": {"type": "integer"}},
        "properties": {"n": {"$ref": "#/definitions/n"}}
    });
    assert_eq!(check(&schema, json!({"n": 3})), OutputCheck::Valid);
    let OutputCheck::Mismatch { problems, .. } = check(&schema, json!({"n": "3"})) else {
        panic!("expected a mismatch");
    };
    assert_eq!(problems[0].path, "/n");
}

#[test]
fn a_pattern_larger_than_lode_allows_is_refused_before_the_validator_compiles_it() {
    // A pattern the `regex` crate's own 10 MiB limit (all boon has) lets through, but whose
    // automaton takes more than Lode's 1 MiB.
    let pattern = (1..=64)
        .map(|n| format!("\\w{{{}}}", n * 10))
        .find(|p| {
            let boon_compiles = regex::RegexBuilder::new(p)
                .size_limit(10 * 1024 * 1024)
                .build()
                .is_ok();
            let within_lodes = regex_automata::nfa::thompson::Compiler::new()
                .configure(
                    regex_automata::nfa::thompson::Config::new().nfa_size_limit(Some(1024 * 1024)),
                )
                .build(p)
                .is_ok();
            boon_compiles && !within_lodes
        })
        .expect("a pattern between the two limits");
    let schema = json!({"type": "string", "pattern": pattern});
    let OutputCheck::Unchecked { reason, detail } = promptly(|| check(&schema, json!("x"))) else {
        panic!("expected unchecked");
    };
    assert_eq!(reason, UncheckedReason::SchemaInvalid);
    assert!(detail.contains("compiles to more than"), "{detail}");
    // The same in a `patternProperties` name.
    let schema = json!({"patternProperties": {pattern: {"type": "string"}}});
    assert_eq!(
        unchecked(&promptly(|| check(&schema, json!({})))),
        UncheckedReason::SchemaInvalid
    );
}

#[test]
fn patterns_too_costly_to_translate_or_compile_are_refused_promptly() {
    // boon rewrites ECMA-262 escapes one parse of the whole pattern at a time: 20,000 of them
    // ran for minutes.
    for escape in ["\\cA", "\\d"] {
        let schema = json!({"type": "string", "pattern": escape.repeat(20_000)});
        let OutputCheck::Unchecked { reason, detail } = promptly(|| check(&schema, json!("x")))
        else {
            panic!("expected unchecked");
        };
        assert_eq!(reason, UncheckedReason::SchemaInvalid);
        assert!(detail.contains("escapes"), "{detail}");
    }
    // A long pattern with few escapes is checked.
    let words: Vec<String> = (0..1000).map(|n| format!("w{n}")).collect();
    let schema = json!({"type": "string", "pattern": format!("^({})$", words.join("|"))});
    assert_eq!(
        promptly(|| check(&schema, json!("w321"))),
        OutputCheck::Valid
    );
    // Patterns each within the bound, together past it.
    let properties: serde_json::Map<String, Value> = (0..400)
        .map(|n| {
            (
                format!("p{n}"),
                json!({"type": "string", "pattern": format!("^x{{{n}}}\\w{{10}}$")}),
            )
        })
        .collect();
    let schema = json!({"properties": properties});
    let OutputCheck::Unchecked { detail, .. } = promptly(|| check(&schema, json!({}))) else {
        panic!("expected unchecked");
    };
    assert!(detail.contains("together"), "{detail}");
    // A control escape is read as ECMA-262 writes it.
    let schema = json!({"type": "string", "pattern": "^\\cA$"});
    assert_eq!(check(&schema, json!("\u{1}")), OutputCheck::Valid);
}
