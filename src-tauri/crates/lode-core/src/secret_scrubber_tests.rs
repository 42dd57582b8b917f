use super::*;

const SECRET: &str = "planted-secret-5c1e9d0b";

fn scrubber() -> SecretScrubber {
    SecretScrubber::new([SECRET])
}

/// What is left of `text` outside the replacements: at most a few characters that shared bits
/// with the bytes around the secret.
fn left_over(text: &str) -> usize {
    text.replace(SCRUBBED, "").len()
}

#[test]
fn the_literal_value_and_its_json_escapes_are_replaced() {
    let s = scrubber();
    assert_eq!(s.scrub(&format!("token={SECRET};")), "token=[secret];");
    let escaped: String = SECRET
        .chars()
        .map(|c| format!("\\u{:04x}", c as u32))
        .collect();
    assert_eq!(s.scrub(&format!("\"{escaped}\"")), "\"[secret]\"");
    assert_eq!(
        s.scrub(&escaped.to_uppercase().replace("\\U", "\\u")),
        SCRUBBED
    );
    // That escape as text, inside a message's JSON: each backslash escaped again.
    let as_text = serde_json::json!({ "echo": escaped }).to_string();
    assert_eq!(s.scrub(&as_text), r#"{"echo":"[secret]"}"#);
    // serde's own escapes, for a secret holding quotes and backslashes.
    let quoted = r#"a"b\c-d"#;
    let s = SecretScrubber::new([quoted]);
    let json = serde_json::json!({ "echo": quoted }).to_string();
    assert_eq!(
        json,
        r#"{"echo":"[secret]"}"#.replace("[secret]", r#"a\"b\\c-d"#)
    );
    assert_eq!(s.scrub(&json), r#"{"echo":"[secret]"}"#);
}

#[test]
fn url_encodings_are_replaced_in_either_case() {
    let s = scrubber();
    for encoded in [
        "planted%2Dsecret%2D5c1e9d0b",
        "planted%2dsecret%2d5c1e9d0b",
        &SECRET
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect::<String>(),
        &SECRET
            .bytes()
            .map(|b| format!("%{b:02x}"))
            .collect::<String>(),
    ] {
        assert_eq!(s.scrub(&format!("?k={encoded}&x=1")), "?k=[secret]&x=1");
    }
    let spaced = SecretScrubber::new(["two words/here"]);
    assert_eq!(spaced.scrub("q=two+words%2Fhere"), "q=[secret]");
    assert_eq!(spaced.scrub("q=two%20words%2Fhere"), "q=[secret]");
}

#[test]
fn base64_at_every_alignment_and_in_both_alphabets_is_replaced() {
    let s = scrubber();
    // From Python's base64 module: the secret after 0, 1 or 2 other bytes, followed by 0, 1 or
    // 2 more; standard and URL-safe are the same for these.
    for encoded in [
        "cGxhbnRlZC1zZWNyZXQtNWMxZTlkMGI=",
        "cGxhbnRlZC1zZWNyZXQtNWMxZTlkMGIh",
        "cGxhbnRlZC1zZWNyZXQtNWMxZTlkMGIhPw==",
        "eHBsYW50ZWQtc2VjcmV0LTVjMWU5ZDBi",
        "eHBsYW50ZWQtc2VjcmV0LTVjMWU5ZDBiIQ==",
        "eHBsYW50ZWQtc2VjcmV0LTVjMWU5ZDBiIT8=",
        "eHlwbGFudGVkLXNlY3JldC01YzFlOWQwYg==",
        "eHlwbGFudGVkLXNlY3JldC01YzFlOWQwYiE=",
        "eHlwbGFudGVkLXNlY3JldC01YzFlOWQwYiE/",
    ] {
        let scrubbed = s.scrub(encoded);
        assert!(scrubbed.contains(SCRUBBED), "{encoded} → {scrubbed}");
        assert!(left_over(&scrubbed) <= 8, "{encoded} → {scrubbed}");
    }
    // A secret whose encoding uses the characters the two alphabets differ in.
    let odd = "k\u{fe}?>~ \"/\\x";
    let s = SecretScrubber::new([odd]);
    for encoded in ["cWvDvj8+fiAiL1x4", "cWvDvj8-fiAiL1x4"] {
        let scrubbed = s.scrub(encoded);
        assert!(scrubbed.contains(SCRUBBED), "{encoded} → {scrubbed}");
        assert!(left_over(&scrubbed) <= 4, "{encoded} → {scrubbed}");
    }
}

#[test]
fn text_without_a_secret_is_left_alone_and_short_values_are_not_secrets() {
    let s = SecretScrubber::new([SECRET, "abc", ""]);
    let text = "a plain line about abc and planted seeds";
    assert!(matches!(s.scrub(text), Cow::Borrowed(t) if t == text));
    assert!(SecretScrubber::new(["abc"]).is_empty());
    assert!(SecretScrubber::default().scrub(SECRET) == SECRET);
}

#[test]
fn a_secret_inside_another_is_replaced_whole_once() {
    let s = SecretScrubber::new(["inner-key", "outer-inner-key-x"]);
    assert_eq!(s.scrub("outer-inner-key-x inner-key"), "[secret] [secret]");
}

#[test]
fn json_values_and_keys_are_scrubbed_in_place() {
    let s = scrubber();
    let mut value = serde_json::json!({
        SECRET: [format!("echo {SECRET}"), 3, {"deep": SECRET}],
        "plain": "kept",
    });
    s.scrub_json(&mut value);
    assert_eq!(
        value,
        serde_json::json!({"[secret]": ["echo [secret]", 3, {"deep": "[secret]"}], "plain": "kept"})
    );
}

#[test]
fn the_start_of_a_secret_left_at_a_cut_is_found() {
    let s = scrubber();
    assert_eq!(s.partial_at_end("text then plant"), 5);
    assert_eq!(s.partial_at_end("text then pla"), 0);
    // The `\uXXXX` form as JSON writes it: `\\u0070…`, seven bytes a character.
    assert_eq!(s.longest_form(), SECRET.len() * 7);
}

#[test]
fn the_scrubber_never_prints_its_secrets() {
    let printed = format!("{:?}", scrubber());
    assert!(!printed.contains(SECRET) && !printed.contains("cGxhbnRl"));
}
