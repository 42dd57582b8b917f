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
    let transport = stdio("np\u{202E}x", &[("A\u{200B}", "b")]);
    let lines = command_lines(&Program {
        transport: &transport,
        secrets: vec![],
        inherit_env: false,
    });
    assert!(lines.contains("np⟨U+202E⟩x"), "{lines}");
    assert!(lines.contains("A⟨U+200B⟩=b"), "{lines}");
}

fn env_secret(name: &str) -> SecretPlace {
    SecretPlace::Env { name: name.into() }
}

/// An enabled stdio connection with the secret `API_KEY`, and its draft, unchanged.
fn enabled_program() -> (Connection, ConnectionDraft) {
    let before = saved(stdio("npx", &[]), true, vec![env_secret("API_KEY")]);
    let draft = ConnectionDraft::of(&before);
    (before, draft)
}

/// Both questions about `draft`, which must be asked; their messages.
fn both_asked(draft: &ConnectionDraft, before: &Connection) -> [String; 2] {
    [
        for_saving(draft, Some(before)).expect("saving is confirmed"),
        for_testing(draft, Some(before)).expect("testing is confirmed"),
    ]
    .map(|asked| {
        assert_eq!(asked.accept, "Run");
        asked.message
    })
}

#[test]
fn an_unchanged_enabled_program_is_not_asked_about() {
    let (before, draft) = enabled_program();
    assert_eq!(for_saving(&draft, Some(&before)), None);
    assert_eq!(for_testing(&draft, Some(&before)), None);
}

#[test]
fn a_new_secret_variable_is_a_new_program() {
    let (before, mut draft) = enabled_program();
    draft
        .secrets
        .push(SecretEdit::set(env_secret("BASH_ENV"), "/tmp/evil.sh"));
    for message in both_asked(&draft, &before) {
        assert!(
            message.contains("secret variable BASH_ENV (new) ⚠"),
            "{message}"
        );
        assert!(
            message.contains("BASH_ENV=•••••• (a new value, hidden)   ⚠ changes what code runs"),
            "{message}"
        );
        assert!(
            message.contains("API_KEY=•••••• (from the keychain)"),
            "{message}"
        );
        assert!(!message.contains("/tmp/evil.sh"), "{message}");
    }
}

#[test]
fn a_new_value_for_a_secret_variable_is_a_new_program() {
    let (before, mut draft) = enabled_program();
    draft.secrets = vec![SecretEdit::set(env_secret("API_KEY"), "typed")];
    for message in both_asked(&draft, &before) {
        assert!(
            message.contains("secret variable API_KEY (new value)"),
            "{message}"
        );
        assert!(
            message.contains("API_KEY=•••••• (a new value, hidden)"),
            "{message}"
        );
        assert!(!message.contains("typed"), "{message}");
    }
    // Dropping one changes what it starts with too.
    draft.secrets = vec![];
    for message in both_asked(&draft, &before) {
        assert!(
            message.contains("secret variable API_KEY (removed)"),
            "{message}"
        );
    }
}

#[test]
fn code_loading_secret_names_are_flagged() {
    for name in [
        "NODE_OPTIONS",
        "LD_PRELOAD",
        "NPM_CONFIG_REGISTRY",
        "PATH",
        "PYTHONPATH",
    ] {
        let (before, mut draft) = enabled_program();
        draft.secrets.push(SecretEdit::set(env_secret(name), "x"));
        for message in both_asked(&draft, &before) {
            assert!(
                message.contains(&format!(
                    "  {name}=•••••• (a new value, hidden)   ⚠ changes what code runs"
                )),
                "{message}"
            );
        }
    }
}

#[test]
fn inherit_env_switched_on_is_a_new_program_and_named() {
    let (before, mut draft) = enabled_program();
    draft.inherit_env = true;
    for message in both_asked(&draft, &before) {
        assert!(message.contains("inherit_env (now on"), "{message}");
        assert!(
            message.contains("with all of Lode's environment (inherit_env is on)"),
            "{message}"
        );
    }
    // Starting a program that was off names it too.
    let mut off = before.clone();
    off.settings.enabled = false;
    off.settings.inherit_env = true;
    let asked = for_starting(&[off]).expect("asked");
    assert!(
        asked.message.contains("inherit_env is on"),
        "{}",
        asked.message
    );
    // Switched off again: what it starts with changes once more.
    let mut on = before;
    on.settings.inherit_env = true;
    draft.inherit_env = false;
    for message in both_asked(&draft, &on) {
        assert!(message.contains("inherit_env (now off"), "{message}");
    }
}

#[test]
fn a_new_working_folder_is_a_new_program() {
    let (before, mut draft) = enabled_program();
    if let TransportSpec::Stdio { cwd, .. } = &mut draft.transport {
        *cwd = Some("/tmp/elsewhere".into());
    }
    for message in both_asked(&draft, &before) {
        assert!(message.contains("the working folder"), "{message}");
        assert!(message.contains("  in /tmp/elsewhere"), "{message}");
    }
}

#[test]
fn padding_cannot_push_the_program_off_the_dialog() {
    let huge = "padding ".repeat(6250);
    let mut env: BTreeMap<String, String> = (0..5000)
        .map(|i| (format!("PAD_{i:05}"), "x".repeat(500)))
        .collect();
    env.insert(
        "NODE_OPTIONS".into(),
        "--import=data:text/javascript,evil".into(),
    );
    let mut args: Vec<String> = vec!["--require".into(), "/tmp/evil.js".into(), huge];
    args.extend((0..3000).map(|i| format!("--pad-{i}")));
    args.push("last-argument".into());
    let transport = TransportSpec::Stdio {
        command: "node".into(),
        args,
        env,
        cwd: Some("/".repeat(20_000)),
    };
    let mut draft = ConnectionDraft::new("n".repeat(50_000), transport);
    draft.inherit_env = true;
    draft.secrets = (0..3000)
        .map(|i| SecretEdit::set(env_secret(&format!("LD_{i}")), "x"))
        .collect();
    let asked = for_saving(&draft, None).expect("asked");
    let message = &asked.message;
    assert!(
        message.chars().count() <= MESSAGE_CHARS,
        "{}",
        message.len()
    );
    assert!(
        message.contains("  node --require /tmp/evil.js \"padding padding"),
        "{message}"
    );
    assert!(message.contains("characters left out"), "{message}");
    assert!(message.contains("arguments left out) … "), "{message}");
    assert!(message.contains("last-argument"), "{message}");
    assert!(message.contains("inherit_env is on"), "{message}");
    assert!(
        message
            .contains("NODE_OPTIONS=--import=data:text/javascript,evil   ⚠ changes what code runs"),
        "{message}"
    );
    // 5,000 plain and 3,001 marked variables: ten shown, the marked ones first.
    assert!(
        message.contains("… (7991 more variables left out, 2991 of them marked ⚠)"),
        "{message}"
    );
    assert!(!message.contains("PAD_"), "{message}");
    assert!(
        message.ends_with("Continue only if you trust it."),
        "{message}"
    );

    // Many programs: as many as fit, then how many more.
    let many: Vec<Connection> = (0..200)
        .map(|_| saved(stdio("npx", &[("PAD", &"p".repeat(400))]), false, vec![]))
        .collect();
    let asked = for_starting(&many).expect("asked");
    assert!(asked.message.chars().count() <= MESSAGE_CHARS);
    assert!(
        asked.message.contains("more programs left out)"),
        "{}",
        asked.message
    );
}

#[test]
fn a_bundle_update_says_who_signed_the_new_version_and_where_it_goes() {
    use lode_core::install::{InstallChoice, InstallOrigin, InstallSource};
    use lode_core::mcpb::{McpbPreview, McpbServerType, McpbSignature};

    let origin = |version: &str, folder: &str| InstallOrigin {
        source: InstallSource::Registry,
        registry: Some("https://registry.example".into()),
        name: "io.github.x/notes".into(),
        version: version.into(),
        choice: InstallChoice::Package { index: 0 },
        mcpb_folder: Some(folder.into()),
        mcpb_values: Some(BTreeMap::new()),
    };
    let mut before = saved(stdio("node", &[]), true, Vec::new());
    before.origin = Some(origin("1.0.0", "/data/mcpb/notes-1.0.0"));
    let mut draft = ConnectionDraft::of(&before);
    draft.transport = TransportSpec::Stdio {
        command: "node".into(),
        args: vec!["/data/mcpb/notes-1.3.0/server/index.js".into()],
        env: BTreeMap::new(),
        cwd: Some("/data/mcpb/notes-1.3.0".into()),
    };
    let preview = McpbPreview {
        name: "notes".into(),
        display_name: None,
        version: "1.3.0".into(),
        author: "Someone".into(),
        server_type: McpbServerType::Node,
        signature: McpbSignature::unsigned(),
        sha256: "ab".repeat(32),
        tools: Vec::new(),
        prompts: Vec::new(),
        folder: "/data/mcpb/notes-1.3.0".into(),
    };
    let update = crate::install::PlannedUpdate {
        before,
        draft,
        origin: origin("1.3.0", "/data/mcpb/notes-1.3.0"),
        mcpb: Some(crate::install::McpbUpdate {
            preview,
            folder: "/data/mcpb/notes-1.3.0".into(),
            zip: Vec::new().into(),
        }),
    };
    let asked = for_updating(&update).expect("a program changes: asked");
    assert!(
        asked.message.contains("⚠ This bundle is unsigned.")
            && asked
                .message
                .contains("It is unpacked into /data/mcpb/notes-1.3.0.")
            && asked.message.contains("from 1.0.0 to 1.3.0")
            && asked.message.contains("notes-1.3.0/server/index.js"),
        "{}",
        asked.message
    );
}
