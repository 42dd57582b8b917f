//! Tests of RFC 6570 URI templates: parsing, expansion, and the variables a template takes.

use std::collections::BTreeMap;

use super::*;

/// The string variables of RFC 6570 §1.2 and §3.2 (the lists and maps are out of scope).
fn rfc_values() -> BTreeMap<String, String> {
    [
        ("var", "value"),
        ("hello", "Hello World!"),
        ("path", "/foo/bar"),
        ("x", "1024"),
        ("y", "768"),
        ("empty", ""),
        ("half", "50%"),
        ("base", "http://example.com/home/"),
        ("who", "fred"),
        ("dub", "me/too"),
        ("v", "6"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect()
}

fn assert_expansions(cases: &[(&str, &str)]) {
    let values = rfc_values();
    for (template, expected) in cases {
        assert_eq!(
            expand_template(template, &values).as_deref(),
            Ok(*expected),
            "{template}"
        );
    }
}

#[test]
fn level_1_simple_string_expansion() {
    assert_expansions(&[
        ("{var}", "value"),
        ("{hello}", "Hello%20World%21"),
        ("{half}", "50%25"),
        ("O{empty}X", "OX"),
        ("O{undef}X", "OX"),
        ("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"),
    ]);
}

#[test]
fn level_2_reserved_and_fragment_expansion() {
    assert_expansions(&[
        ("{+var}", "value"),
        ("{+hello}", "Hello%20World!"),
        ("{+half}", "50%25"),
        ("{+path}/here", "/foo/bar/here"),
        ("here?ref={+path}", "here?ref=/foo/bar"),
        ("{+base}index", "http://example.com/home/index"),
        ("O{+empty}X", "OX"),
        ("O{+undef}X", "OX"),
        ("X{#var}", "X#value"),
        ("X{#hello}", "X#Hello%20World!"),
        ("{#half}", "#50%25"),
        ("X{#undef}", "X"),
    ]);
}

#[test]
fn level_3_multiple_variables_and_every_operator() {
    assert_expansions(&[
        ("map?{x,y}", "map?1024,768"),
        ("{x,hello,y}", "1024,Hello%20World%21,768"),
        ("?{x,empty}", "?1024,"),
        ("?{x,undef}", "?1024"),
        ("?{undef,y}", "?768"),
        ("{+x,hello,y}", "1024,Hello%20World!,768"),
        ("{+path,x}/here", "/foo/bar,1024/here"),
        ("{#x,hello,y}", "#1024,Hello%20World!,768"),
        ("{#path,x}/here", "#/foo/bar,1024/here"),
        ("X{.var}", "X.value"),
        ("X{.x,y}", "X.1024.768"),
        ("{.who}", ".fred"),
        ("{.who,who}", ".fred.fred"),
        ("{.half,who}", ".50%25.fred"),
        ("X{.empty}", "X."),
        ("X{.undef}", "X"),
        ("{/var}", "/value"),
        ("{/var,x}/here", "/value/1024/here"),
        ("{/who,who}", "/fred/fred"),
        ("{/half,who}", "/50%25/fred"),
        ("{/who,dub}", "/fred/me%2Ftoo"),
        ("{/var,empty}", "/value/"),
        ("{/var,undef}", "/value"),
        ("{;x,y}", ";x=1024;y=768"),
        ("{;x,y,empty}", ";x=1024;y=768;empty"),
        ("{;who}", ";who=fred"),
        ("{;half}", ";half=50%25"),
        ("{;empty}", ";empty"),
        ("{;v,empty,who}", ";v=6;empty;who=fred"),
        ("{;v,bar,who}", ";v=6;who=fred"),
        ("{;x,y,undef}", ";x=1024;y=768"),
        ("{?x,y}", "?x=1024&y=768"),
        ("{?x,y,empty}", "?x=1024&y=768&empty="),
        ("{?who}", "?who=fred"),
        ("{?half}", "?half=50%25"),
        ("{?x,y,undef}", "?x=1024&y=768"),
        ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
        ("{&x,y,empty}", "&x=1024&y=768&empty="),
        ("{&who}", "&who=fred"),
        ("{&half}", "&half=50%25"),
    ]);
}

#[test]
fn level_4_prefixes_and_explode_on_strings() {
    assert_expansions(&[
        ("{var:3}", "val"),
        ("{var:30}", "value"),
        ("{+path:6}/here", "/foo/b/here"),
        ("{#path:6}/here", "#/foo/b/here"),
        ("X{.var:3}", "X.val"),
        ("{/var:1,var}", "/v/value"),
        ("{;hello:5}", ";hello=Hello"),
        ("{?var:3}", "?var=val"),
        ("{&var:3}", "&var=val"),
        // Explode changes nothing for a string value (RFC 6570 §2.4.2).
        ("{var*}", "value"),
        ("{/who*}", "/fred"),
        ("{;who*}", ";who=fred"),
        ("{?x*,y}", "?x=1024&y=768"),
    ]);
}

#[test]
fn the_demo_servers_templates_expand_as_lode_reads_them() {
    let values: BTreeMap<String, String> = [("name", "item"), ("id", "3"), ("path", "a b/c.md")]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    for (template, expected) in [
        ("table://{name}/{id}", "table://item/3"),
        ("file:///{path}", "file:///a%20b%2Fc.md"),
        ("file:///{+path}", "file:///a%20b/c.md"),
    ] {
        assert_eq!(
            expand_template(template, &values).as_deref(),
            Ok(expected),
            "{template}"
        );
    }
}

#[test]
fn values_are_encoded_as_utf8_and_literals_only_where_a_uri_cannot_hold_them() {
    let values = BTreeMap::from([("q".to_owned(), "日本 é".to_owned())]);
    assert_eq!(
        expand_template("s://x y/{q}", &values).as_deref(),
        Ok("s://x%20y/%E6%97%A5%E6%9C%AC%20%C3%A9")
    );
    // A prefix counts characters, not bytes, and never splits a kept triplet.
    assert_eq!(
        expand_template("{q:2}", &values).as_deref(),
        Ok("%E6%97%A5%E6%9C%AC")
    );
    let triplet = BTreeMap::from([("p".to_owned(), "%2Fab".to_owned())]);
    assert_eq!(expand_template("{+p:2}", &triplet).as_deref(), Ok("%2Fa"));
    assert_eq!(expand_template("{p:2}", &triplet).as_deref(), Ok("%252"));
}

#[test]
fn lists_variables_in_order_and_fields_once_each() {
    let template = UriTemplate::parse("s://{a}{+b}{#c}{.d}{/e*}{;f:3}{?g,h}{&i}{/a}").expect("ok");
    let named: Vec<(&str, TemplateOperator)> = template
        .variables()
        .map(|v| (v.name.as_str(), v.operator))
        .collect();
    use TemplateOperator::*;
    assert_eq!(
        named,
        [
            ("a", Simple),
            ("b", Reserved),
            ("c", Fragment),
            ("d", Label),
            ("e", Path),
            ("f", PathParam),
            ("g", Query),
            ("h", Query),
            ("i", Continuation),
            ("a", Path),
        ]
    );
    let fields = template.fields();
    assert_eq!(fields.len(), 9, "a is one field");
    assert_eq!(fields[0].operator, Simple, "as first named");
    assert!(fields[4].explode);
    assert_eq!(fields[5].prefix, Some(3));
    assert_eq!(
        template.as_str(),
        "s://{a}{+b}{#c}{.d}{/e*}{;f:3}{?g,h}{&i}{/a}"
    );
}

#[test]
fn variable_names_may_be_dotted_and_percent_encoded() {
    let template = UriTemplate::parse("{user.id,%41b,_x9}").expect("ok");
    let names: Vec<&str> = template.variables().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["user.id", "%41b", "_x9"]);
    let values = BTreeMap::from([("user.id".to_owned(), "7".to_owned())]);
    assert_eq!(
        expand_template("{?user.id}", &values).as_deref(),
        Ok("?user.id=7")
    );
}

#[test]
fn malformed_templates_are_typed_errors_with_their_position() {
    use TemplateError::*;
    let cases: Vec<(&str, TemplateError)> = vec![
        ("file:///{path", UnclosedBrace { offset: 8 }),
        ("a{b{c}", UnclosedBrace { offset: 1 }),
        ("a}b", UnopenedBrace { offset: 1 }),
        ("x{}", EmptyExpression { offset: 1 }),
        (
            "{=x}",
            ReservedOperator {
                offset: 1,
                operator: '=',
            },
        ),
        (
            "{|x}",
            ReservedOperator {
                offset: 1,
                operator: '|',
            },
        ),
        (
            "s://{user-id}",
            BadVariableName {
                offset: 5,
                name: "user-id".into(),
            },
        ),
        (
            "{?a,}",
            BadVariableName {
                offset: 4,
                name: String::new(),
            },
        ),
        (
            "{a..b}",
            BadVariableName {
                offset: 1,
                name: "a..b".into(),
            },
        ),
        (
            "{.a.}",
            BadVariableName {
                offset: 2,
                name: "a.".into(),
            },
        ),
        (
            "{%4g}",
            BadVariableName {
                offset: 1,
                name: "%4g".into(),
            },
        ),
        (
            "{x:0}",
            BadPrefix {
                offset: 2,
                name: "x".into(),
                prefix: "0".into(),
            },
        ),
        (
            "{x:10000}",
            BadPrefix {
                offset: 2,
                name: "x".into(),
                prefix: "10000".into(),
            },
        ),
        (
            "{x:}",
            BadPrefix {
                offset: 2,
                name: "x".into(),
                prefix: String::new(),
            },
        ),
        (
            "{x*y}",
            BadModifier {
                offset: 2,
                name: "x".into(),
                modifier: "*y".into(),
            },
        ),
        (
            "{x:3*}",
            BadPrefix {
                offset: 2,
                name: "x".into(),
                prefix: "3*".into(),
            },
        ),
    ];
    for (template, expected) in cases {
        assert_eq!(UriTemplate::parse(template), Err(expected), "{template}");
    }
}

#[test]
fn offsets_count_characters_not_bytes() {
    assert_eq!(
        UriTemplate::parse("é{x").map(|_| ()),
        Err(TemplateError::UnclosedBrace { offset: 1 })
    );
}

#[test]
fn an_overlong_template_is_refused() {
    let long = "a".repeat(MAX_TEMPLATE_CHARS + 1);
    assert_eq!(
        UriTemplate::parse(&long).map(|_| ()),
        Err(TemplateError::TooLong {
            chars: MAX_TEMPLATE_CHARS + 1
        })
    );
}

#[test]
fn errors_cross_ipc_as_invalid_input_with_a_caret_under_the_problem() {
    let template = "file:///{pa th}";
    let error = UriTemplate::parse(template)
        .expect_err("malformed")
        .into_lode_error(template);
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert_eq!(
        error.message,
        "malformed URI template: \"pa th\" at character 10 is not a variable name (letters, \
         digits, _ and %XX, parts separated by single dots)"
    );
    assert_eq!(error.detail.as_deref(), Some("file:///{pa th}\n         ^"));
}

#[test]
fn the_variable_description_serializes_for_the_ui() {
    let variable = TemplateVariable {
        name: "id".into(),
        operator: TemplateOperator::PathParam,
        explode: false,
        prefix: None,
    };
    assert_eq!(
        serde_json::to_value(&variable).ok(),
        Some(serde_json::json!({"name": "id", "operator": "pathParam", "explode": false}))
    );
}

#[test]
fn arbitrary_text_never_panics() {
    let values = rfc_values();
    let samples = [
        "",
        "{",
        "}",
        "{{}}",
        "{,}",
        "{:}",
        "{*}",
        "{+}",
        "{#,}",
        "%",
        "%%{x}",
        "{x:9999}",
        "\u{0}{x}",
        "{日本}",
        "{x}{",
        "}{",
        "{?x:1,y*,z}",
    ];
    for sample in samples {
        let _ = expand_template(sample, &values);
    }
}
