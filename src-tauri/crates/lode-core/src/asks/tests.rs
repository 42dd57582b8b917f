use serde_json::{json, Map, Value};

use super::*;

fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn problems(form: &ElicitationForm, answer: Value) -> Vec<(String, FieldProblem)> {
    match accepted_content(form, &object(answer)) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.into_iter().map(|e| (e.field, e.problem)).collect(),
    }
}

/// The conformance suite's SEP-1034 schema: accepting at once sends every default.
#[test]
fn accepting_without_editing_sends_every_default() {
    let schema = json!({"type": "object", "properties": {
        "name": {"type": "string", "description": "User name", "default": "John Doe"},
        "age": {"type": "integer", "default": 30},
        "score": {"type": "number", "default": 95.5},
        "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
        "verified": {"type": "boolean", "default": true},
        "tags": {"type": "array", "items": {"enum": ["a", "b", "c"]}, "default": ["a", "c"]},
        "noDefault": {"type": "string"}
    }, "required": []});
    let form = form_from_schema(&schema, None).unwrap();
    let expected = json!({"name": "John Doe", "age": 30, "score": 95.5, "status": "active",
        "verified": true, "tags": ["a", "c"]});
    assert_eq!(Value::Object(form.defaults.clone()), expected);
    assert_eq!(
        Value::Object(accepted_content(&form, &form.defaults).unwrap()),
        expected
    );
}

#[test]
fn fields_follow_the_wire_order_and_read_every_kind() {
    let schema = json!({"type": "object", "title": "Sign up", "properties": {
        "email": {"type": "string", "format": "email", "title": "Email"},
        "bio": {"type": "string", "minLength": 2, "maxLength": 5},
        "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}]},
        "legacy": {"type": "string", "enum": ["x", "y"], "enumNames": ["Ex", "Why"]},
        "picks": {"type": "array", "minItems": 1, "maxItems": 2,
                  "items": {"anyOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]}},
        "n": {"type": "number", "minimum": 0.5, "maximum": 9}
    }, "required": ["email"]});
    let order: Vec<String> = ["size", "email"].map(String::from).to_vec();
    let form = form_from_schema(&schema, Some(&order)).unwrap();
    let names: Vec<&str> = form.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["size", "email", "bio", "legacy", "n", "picks"]);
    assert_eq!(form.title.as_deref(), Some("Sign up"));
    assert!(form.fields[1].required && !form.fields[0].required);
    assert_eq!(
        form.fields[0].kind,
        FieldKind::Choice {
            options: vec![
                FieldOption {
                    value: "s".into(),
                    title: Some("Small".into())
                },
                FieldOption {
                    value: "l".into(),
                    title: Some("Large".into())
                },
            ]
        }
    );
    assert_eq!(
        form.fields[3].kind,
        FieldKind::Choice {
            options: vec![
                FieldOption {
                    value: "x".into(),
                    title: Some("Ex".into())
                },
                FieldOption {
                    value: "y".into(),
                    title: Some("Why".into())
                },
            ]
        }
    );
    assert!(matches!(
        &form.fields[5].kind,
        FieldKind::MultiChoice { options, min_items: Some(1), max_items: Some(2) } if options.len() == 2
    ));
    assert_eq!(
        form.fields[1].kind,
        FieldKind::Text {
            format: Some(TextFormat::Email),
            min_length: None,
            max_length: None
        }
    );
}

#[test]
fn each_rule_names_its_problem() {
    let schema = json!({"type": "object", "properties": {
        "email": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "bio": {"type": "string", "minLength": 2, "maxLength": 4},
        "age": {"type": "integer", "minimum": 18, "maximum": 99},
        "ok": {"type": "boolean"},
        "one": {"type": "string", "enum": ["a", "b"]},
        "many": {"type": "array", "items": {"enum": ["a", "b", "c"]}, "minItems": 1, "maxItems": 2}
    }, "required": ["ok"]});
    let form = form_from_schema(&schema, None).unwrap();
    let bad = |answer: Value| problems(&form, answer);
    assert_eq!(bad(json!({})), [("ok".into(), FieldProblem::Required)]);
    let base = |extra: Value| {
        let mut answer = object(json!({"ok": true}));
        answer.extend(object(extra));
        Value::Object(answer)
    };
    let cases = [
        (
            json!({"email": "nobody"}),
            FieldProblem::BadFormat {
                format: TextFormat::Email,
            },
        ),
        (
            json!({"email": "a@b"}),
            FieldProblem::BadFormat {
                format: TextFormat::Email,
            },
        ),
        (
            json!({"site": "no scheme"}),
            FieldProblem::BadFormat {
                format: TextFormat::Uri,
            },
        ),
        (
            json!({"day": "2025-02-29"}),
            FieldProblem::BadFormat {
                format: TextFormat::Date,
            },
        ),
        (
            json!({"at": "2025-01-01 10:00"}),
            FieldProblem::BadFormat {
                format: TextFormat::DateTime,
            },
        ),
        (json!({"bio": "a"}), FieldProblem::TooShort { min: 2 }),
        (json!({"bio": "abcde"}), FieldProblem::TooLong { max: 4 }),
        (
            json!({"age": 17}),
            FieldProblem::BelowMinimum { minimum: 18.0 },
        ),
        (
            json!({"age": 100}),
            FieldProblem::AboveMaximum { maximum: 99.0 },
        ),
        (json!({"age": 20.5}), FieldProblem::NotWhole),
        (json!({"age": "20"}), FieldProblem::WrongType),
        (json!({"one": "z"}), FieldProblem::NotAnOption),
        (json!({"many": []}), FieldProblem::TooFew { min: 1 }),
        (
            json!({"many": ["a", "b", "c"]}),
            FieldProblem::TooMany { max: 2 },
        ),
        (json!({"many": ["a", "a"]}), FieldProblem::NotAnOption),
        (json!({"many": ["z"]}), FieldProblem::NotAnOption),
    ];
    for (extra, problem) in cases {
        let field = object(extra.clone()).keys().next().cloned().unwrap();
        assert_eq!(bad(base(extra.clone())), [(field, problem)], "{extra}");
    }
    let good = json!({"ok": false, "email": "ada@example.org", "site": "https://x.org/a",
        "day": "2024-02-29", "at": "2025-11-26T09:30:00.5+01:00", "bio": "abc", "age": 18,
        "one": "b", "many": ["c", "a"], "unknown": 1, "bio2": ""});
    let content = accepted_content(&form, &object(good)).unwrap();
    assert!(
        !content.contains_key("unknown"),
        "only the form's fields are sent"
    );
    assert_eq!(content.len(), 9);
    // An empty optional text is left out rather than sent as "".
    assert!(
        !accepted_content(&form, &object(json!({"ok": true, "bio": ""})))
            .unwrap()
            .contains_key("bio")
    );
}

#[test]
fn a_default_that_breaks_its_field_is_not_prefilled() {
    let schema = json!({"type": "object", "properties": {
        "age": {"type": "integer", "minimum": 18, "default": 3},
        "pick": {"type": "string", "enum": ["a"], "default": "zzz"},
        "flag": {"type": "boolean", "default": "yes"},
        "ok": {"type": "number", "default": 1}
    }});
    let form = form_from_schema(&schema, None).unwrap();
    assert_eq!(Value::Object(form.defaults), json!({"ok": 1}));
}

#[test]
fn hostile_schemas_get_a_clear_refusal() {
    let many: Map<String, Value> = (0..=MAX_FIELDS)
        .map(|i| (format!("f{i}"), json!({"type": "string"})))
        .collect();
    let refusals = [
        json!("not an object"),
        json!({"type": "object", "properties": many}),
        json!({"type": "object", "properties": {"x": {"type": "object"}}}),
        json!({"type": "object", "properties": {"x": {"type": "array", "items": {"type": "string"}}}}),
        json!({"type": "object", "properties": {"x": {"type": "string",
            "enum": (0..=MAX_OPTIONS).map(|i| i.to_string()).collect::<Vec<_>>()}}}),
        json!({"type": "object", "properties": {"x": {"type": "string", "description": "d".repeat(MAX_SCHEMA_BYTES)}}}),
    ];
    for schema in refusals {
        let error = form_from_schema(&schema, None).unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidParams);
        assert!(error.message.len() < 200, "{}", error.message);
    }
    let long = json!({"type": "object", "title": "t".repeat(5000), "properties": {}});
    let form = form_from_schema(&long, None).unwrap();
    assert!(form.title.unwrap().len() <= MAX_LABEL_BYTES);
}

#[test]
fn only_http_addresses_open() {
    for url in [
        "https://example.org/x",
        "http://127.0.0.1:3000/a",
        "HTTPS://EXAMPLE.ORG",
    ] {
        assert!(opens_in_browser(url), "{url}");
    }
    for url in [
        "file:///etc/passwd",
        "javascript:alert(1)",
        "vscode://x",
        "https://a\n.org",
        " https://a.org",
        "ftp://a",
    ] {
        assert!(!opens_in_browser(url), "{url}");
    }
    let request = ElicitationRequest::url("go", "file:///x", "id-1").unwrap();
    assert!(matches!(
        request.mode,
        ElicitationMode::Url { opens: false, .. }
    ));
    let long = format!("https://a.org/{}", "x".repeat(MAX_ASK_MESSAGE_BYTES));
    assert!(ElicitationRequest::url("go", &long, "id").is_err());
}

#[test]
fn cut_keeps_characters_whole() {
    assert_eq!(cut("abc", 3), "abc");
    let text = "é".repeat(10);
    let shown = cut(&text, 7);
    assert!(shown.len() <= 7 && shown.ends_with('…'), "{shown}");
}

#[test]
fn the_address_kept_is_the_one_that_opens() {
    let address = |url: &str| match ElicitationRequest::url("go", url, "id").unwrap().mode {
        ElicitationMode::Url { url, opens, .. } => (url, opens),
        ElicitationMode::Form { .. } => unreachable!(),
    };
    // A Cyrillic "а" in "apple": the person reads the punycode the browser is given.
    assert_eq!(
        address("https://\u{430}pple.com/login"),
        ("https://xn--pple-43d.com/login".to_owned(), true)
    );
    assert_eq!(
        address("HTTPS://Example.ORG/a/../b/ü?q=1"),
        ("https://example.org/b/%C3%BC?q=1".to_owned(), true)
    );
    // What does not parse is kept as sent, and never opens.
    assert_eq!(
        address("https://exa mple.org"),
        ("https://exa mple.org".to_owned(), false)
    );
}

#[test]
fn an_address_with_invisible_characters_is_refused() {
    for url in [
        "https://example.org/\u{202E}gpj.exe",
        "https://exa\u{200B}mple.org",
        "https://example.org/\u{2066}x",
        "https://example.org/\u{FEFF}",
        "https://example.org/a\u{200D}b",
        "https://example.org/\u{E0041}",
        "https://example.org/\t",
    ] {
        let error = ElicitationRequest::url("go", url, "id").unwrap_err();
        assert!(error.message.contains("invisible"), "{url:?}: {error:?}");
        assert!(error.message.contains("⟨U+"), "{}", error.message);
    }
}
