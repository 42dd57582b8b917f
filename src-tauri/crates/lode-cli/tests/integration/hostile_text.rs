//! Every server-controlled string `lode` prints reaches the terminal harmless: a raw stdio
//! server (support/hostile_text_server.py) puts escape sequences, C1 controls, a BEL and a
//! right-to-left override in every name, description, text, tool result, prompt, log line and
//! error message, and no command's stdout or stderr holds one of them, in text or in `--json`.

use crate::support::{stderr, Cli};

/// The characters a terminal acts on that the server sends.
const FORBIDDEN: [char; 4] = ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}'];

fn server_line() -> String {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/integration/support/hostile_text_server.py");
    format!("python3 \"{}\"", script.display())
}

fn assert_harmless(args: &[&str], what: &str, text: &str) {
    for forbidden in FORBIDDEN {
        assert!(
            !text.contains(forbidden),
            "lode {args:?}: {forbidden:?} reached the terminal on {what}: {text:?}"
        );
    }
}

#[test]
fn no_server_string_reaches_the_terminal_raw() {
    let cli = Cli::new();
    let line = server_line();
    let commands: [&[&str]; 11] = [
        &["info"],
        &["ls"],
        &["ls", "--tree"],
        &["templates"],
        &["tools"],
        &["prompts"],
        &["prompt", "evil_prompt"],
        &["call", "evil_tool"],
        &["read", "evil://x/plain"],
        &["read", "evil://x/missing"],
        &["ls", "--json"],
    ];
    let mut printed = 0;
    for command in commands {
        let mut args = command.to_vec();
        args.extend(["--stdio", &line, "--timeout", "20"]);
        let output = cli.run(&args);
        let out = String::from_utf8_lossy(&output.stdout);
        assert_harmless(&args, "stdout", &out);
        assert_harmless(&args, "stderr", &stderr(&output));
        printed += out.len();
        if command == ["read", "evil://x/missing"] {
            assert!(
                stderr(&output).contains("⟨U+001B⟩[2J"),
                "the error is shown, made visible: {}",
                stderr(&output)
            );
        }
    }
    assert!(printed > 0);
    let listed = cli.run(&["ls", "--stdio", &line]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert!(
        String::from_utf8_lossy(&listed.stdout).contains("⟨U+001B⟩[2J⟨U+001B⟩]0;pwned⟨U+0007⟩"),
        "the names are shown, their escapes made visible"
    );
    let read = cli.run(&["read", "evil://x/plain", "--stdio", &line]);
    assert!(
        String::from_utf8_lossy(&read.stdout).contains("contents"),
        "{}",
        stderr(&read)
    );
}
