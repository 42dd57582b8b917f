//! Tests of connection drafts: every problem Save would refuse, found as the person types.

use std::collections::BTreeMap;

use super::*;

fn stdio(command: &str) -> TransportSpec {
    TransportSpec::Stdio {
        command: command.into(),
        args: vec![],
        env: BTreeMap::new(),
        cwd: None,
    }
}

fn saved(id: i64, name: &str, secrets: Vec<SecretPlace>) -> Connection {
    let mut connection = Connection::unsaved(ConnectionId(id), name, stdio("srv"));
    connection.settings.secrets = secrets;
    connection
}

fn env(name: &str) -> SecretPlace {
    SecretPlace::Env { name: name.into() }
}

fn kinds(problems: &[DraftProblem]) -> Vec<(&DraftField, &DraftProblemKind)> {
    problems.iter().map(|p| (&p.field, &p.problem)).collect()
}

#[test]
fn a_complete_draft_has_no_problems() {
    let mut draft = ConnectionDraft::new("GitHub", stdio("npx"));
    draft
        .secrets
        .push(SecretEdit::set(env("GITHUB_TOKEN"), "ghp_x"));
    assert_eq!(
        check_draft(&draft, None, &[saved(1, "Demo", vec![])]),
        vec![]
    );
}

#[test]
fn names_are_required_unique_and_plain() {
    let others = [saved(1, "Demo", vec![])];
    let blank = ConnectionDraft::new("  ", stdio("srv"));
    let taken = ConnectionDraft::new("demo", stdio("srv"));
    let control = ConnectionDraft::new("a\u{202e}b\u{7}", stdio("srv"));
    let long = ConnectionDraft::new("x".repeat(MAX_NAME_CHARS + 1), stdio("srv"));
    for (draft, expected) in [
        (blank, DraftProblemKind::Required),
        (taken, DraftProblemKind::NameTaken),
        (control, DraftProblemKind::ControlCharacter),
        (long, DraftProblemKind::TooLong { max: 100 }),
    ] {
        let problems = check_draft(&draft, None, &others);
        assert_eq!(kinds(&problems), vec![(&DraftField::Name, &expected)]);
    }
    // Editing Demo itself may keep (or re-case) its own name.
    let renamed = ConnectionDraft::new("DEMO", stdio("srv"));
    assert_eq!(check_draft(&renamed, Some(&others[0]), &others), vec![]);
}

#[test]
fn remote_urls_headers_and_secrets_are_checked() {
    let mut headers = BTreeMap::new();
    headers.insert("Bad Header".to_owned(), "v".to_owned());
    headers.insert("X-Ok".to_owned(), "a\r\nInjected: 1".to_owned());
    let mut draft = ConnectionDraft::new(
        "Remote",
        TransportSpec::Http {
            url: "ftp://host/mcp".into(),
            headers,
        },
    );
    draft.secrets = vec![
        SecretEdit::set(env("TOKEN"), "t"),
        SecretEdit::set(SecretPlace::Bearer, ""),
        SecretEdit::set(
            SecretPlace::Header {
                name: "x-ok".into(),
            },
            "v",
        ),
    ];
    draft.timeout_secs = 0;
    let problems = check_draft(&draft, None, &[]);
    assert_eq!(
        kinds(&problems),
        vec![
            (&DraftField::Target, &DraftProblemKind::NotHttpUrl),
            (
                &DraftField::Header {
                    key: "Bad Header".into()
                },
                &DraftProblemKind::BadHeaderName
            ),
            (
                &DraftField::Header { key: "X-Ok".into() },
                &DraftProblemKind::BadHeaderValue
            ),
            (
                &DraftField::Secret { index: 0 },
                &DraftProblemKind::WrongTransport
            ),
            (
                &DraftField::Secret { index: 1 },
                &DraftProblemKind::Required
            ),
            (
                &DraftField::Secret { index: 2 },
                &DraftProblemKind::Duplicate
            ),
            (
                &DraftField::Timeout,
                &DraftProblemKind::OutOfRange { min: 1, max: 3600 }
            ),
        ]
    );
}

#[test]
fn urls_need_a_scheme_and_a_host() {
    for (url, ok) in [
        ("http://127.0.0.1:3000/mcp", true),
        ("https://user@example.com", true),
        ("https://", false),
        ("http://:80/x", false),
        ("example.com/mcp", false),
        ("https://exa mple.com", false),
    ] {
        assert_eq!(is_http_url(url), ok, "{url}");
    }
}

#[test]
fn keeping_a_secret_needs_one_saved() {
    let editing = saved(3, "Local", vec![env("TOKEN")]);
    let mut draft = ConnectionDraft::of(&editing);
    assert_eq!(check_draft(&draft, Some(&editing), &[]), vec![]);
    draft.secrets.push(SecretEdit::keep(env("OTHER")));
    let problems = check_draft(&draft, Some(&editing), &[]);
    assert_eq!(
        kinds(&problems),
        vec![(
            &DraftField::Secret { index: 1 },
            &DraftProblemKind::NotSaved
        )]
    );
    // Adding: nothing is saved yet.
    let fresh = ConnectionDraft::of(&editing);
    assert_eq!(check_draft(&fresh, None, &[]).len(), 1);
}

#[test]
fn a_secret_variable_may_not_shadow_a_plain_one_and_oauth_is_http_only() {
    let mut plain = BTreeMap::new();
    plain.insert("TOKEN".to_owned(), "visible".to_owned());
    let mut draft = ConnectionDraft::new(
        "Local",
        TransportSpec::Stdio {
            command: "srv".into(),
            args: vec![],
            env: plain,
            cwd: Some(" ".into()),
        },
    );
    draft.secrets.push(SecretEdit::set(env("TOKEN"), "hidden"));
    draft.oauth = true;
    let problems = check_draft(&draft, None, &[]);
    assert_eq!(
        kinds(&problems),
        vec![
            (&DraftField::Cwd, &DraftProblemKind::Required),
            (
                &DraftField::Secret { index: 0 },
                &DraftProblemKind::Duplicate
            ),
            (&DraftField::Oauth, &DraftProblemKind::WrongTransport),
        ]
    );
}

#[test]
fn secret_text_never_prints() {
    let edit = SecretEdit::set(env("TOKEN"), "hunter2");
    assert!(!format!("{edit:?}").contains("hunter2"));
}
