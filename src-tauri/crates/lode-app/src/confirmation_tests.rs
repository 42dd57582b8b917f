//! Which changes need the person's confirmation, and what the dialog says.

use std::collections::BTreeMap;

use lode_core::{ConnectionId, SecretEdit, SecretText};

use super::*;

fn stdio(command: &str, env: &[(&str, &str)]) -> TransportSpec {
    TransportSpec::Stdio {
        command: command.into(),
        args: vec!["-y".into(), "--token=abcdef123456".into()],
        env: env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect::<BTreeMap<_, _>>(),
        cwd: None,
    }
}

fn saved(transport: TransportSpec, enabled: bool, secrets: Vec<SecretPlace>) -> Connection {
    let mut connection = Connection::unsaved(ConnectionId(7), "saved", transport);
    connection.settings.enabled = enabled;
    connection.settings.secrets = secrets;
    connection
}

fn keep(place: SecretPlace) -> SecretEdit {
    SecretEdit {
        place,
        change: SecretChange::Keep,
    }
}

#[test]
fn a_new_or_changed_program_needs_confirming_an_unchanged_one_does_not() {
    let draft = ConnectionDraft::new(
        "notes",
        stdio("npx", &[("NODE_OPTIONS", "--require /x.js")]),
    );
    let asked = for_saving(&draft, None).expect("a new program is confirmed");
    assert_eq!(asked.accept, "Run");
    assert!(
        asked.message.contains("npx -y --token=••••••"),
        "{}",
        asked.message
    );
    assert!(!asked.message.contains("abcdef123456"), "{}", asked.message);
    assert!(
        asked
            .message
            .contains("NODE_OPTIONS=--require /x.js   ⚠ changes what code runs"),
        "{}",
        asked.message
    );

    let before = saved(draft.transport.clone(), true, vec![]);
    assert_eq!(
        for_saving(&draft, Some(&before)),
        None,
        "only the name may change"
    );
    let changed = ConnectionDraft::new("notes", stdio("node", &[]));
    assert!(for_saving(&changed, Some(&before)).is_some());
    // Turning on a program that was never started runs it.
    let off = saved(draft.transport.clone(), false, vec![]);
    assert!(for_saving(&draft, Some(&off)).is_some());
    assert!(for_testing(&draft, Some(&off)).is_some());
    assert_eq!(for_testing(&draft, Some(&before)), None);
    assert!(for_testing(&changed, Some(&before)).is_some());
}

#[test]
fn kept_secrets_to_a_new_address_need_confirming() {
    let before = saved(
        TransportSpec::http("https://mcp.example.com/mcp"),
        true,
        vec![SecretPlace::Bearer],
    );
    let mut draft = ConnectionDraft::new("remote", TransportSpec::http("https://evil.example/mcp"));
    draft.secrets = vec![keep(SecretPlace::Bearer)];
    let asked = for_testing(&draft, Some(&before)).expect("redirected");
    assert_eq!(asked.accept, "Send");
    assert!(
        asked.message.contains("https://evil.example/mcp"),
        "{}",
        asked.message
    );
    assert!(for_saving(&draft, Some(&before)).is_some());

    // Typed secrets are the window's own; the same address is no redirect.
    draft.secrets = vec![SecretEdit {
        place: SecretPlace::Bearer,
        change: SecretChange::Set {
            value: SecretText::new("typed"),
        },
    }];
    assert_eq!(for_testing(&draft, Some(&before)), None);
    let mut same =
        ConnectionDraft::new("remote", TransportSpec::http("https://mcp.example.com/mcp"));
    same.secrets = vec![keep(SecretPlace::Bearer)];
    assert_eq!(for_testing(&same, Some(&before)), None);
}

#[test]
fn starting_lists_only_programs_never_started() {
    let off = saved(
        stdio("npx", &[]),
        false,
        vec![SecretPlace::Env {
            name: "API_KEY".into(),
        }],
    );
    let on = saved(stdio("uvx", &[]), true, vec![]);
    let remote = saved(TransportSpec::http("https://h/mcp"), false, vec![]);
    let asked = for_starting(&[off, on.clone(), remote.clone()]).expect("one program");
    assert!(asked.message.contains("npx"), "{}", asked.message);
    assert!(
        asked.message.contains("API_KEY=••••••"),
        "{}",
        asked.message
    );
    assert!(!asked.message.contains("uvx"), "{}", asked.message);
    assert_eq!(for_starting(&[on, remote]), None);
}

#[test]
fn hidden_characters_are_revealed_in_the_dialog() {
    let lines = command_lines(&stdio("np\u{202E}x", &[("A\u{200B}", "b")]), &[]);
    assert!(lines.contains("np⟨U+202E⟩x"), "{lines}");
    assert!(lines.contains("A⟨U+200B⟩=b"), "{lines}");
}
