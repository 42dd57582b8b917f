//! A server's asks from the command line: without a terminal `lode` declines and says so on
//! stderr; on a terminal (a pty from `script`) it prompts, Enter takes each default, and a typed
//! reply answers a sampling request. Against the demo server's `ask_form` and `ask_reply`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::support::{demo_stdio, stderr, Cli};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn without_terminal(cli: &Cli, tool: &str) -> Output {
    cli.command(&["call", tool, "--stdio", &demo_stdio()])
        .stdin(Stdio::null())
        .output()
        .expect("run lode")
}

#[test]
fn without_a_terminal_an_ask_is_declined_with_a_word_on_stderr() {
    let cli = Cli::new();
    let form = without_terminal(&cli, "ask_form");
    assert!(form.status.success(), "{}", stderr(&form));
    assert!(
        stdout(&form).contains(r#"The client answered: {"action":"decline"}"#),
        "{}",
        stdout(&form)
    );
    assert!(
        stderr(&form)
            .contains("asked for information (elicitation); declined: there is no terminal"),
        "{}",
        stderr(&form)
    );

    let reply = without_terminal(&cli, "ask_reply");
    assert!(
        stderr(&reply).contains("asked for a model's reply (sampling); declined"),
        "{}",
        stderr(&reply)
    );
    assert!(
        stderr(&reply).contains("declined the sampling request"),
        "{}",
        stderr(&reply)
    );
}

/// `lode args` on a pseudo-terminal (util-linux `script`), `typed` as the person's keys.
fn on_terminal(cli: &Cli, args: &[&str], typed: &str) -> String {
    let lode = cli.command(&[]);
    let data_dir = lode
        .get_envs()
        .find(|(key, _)| *key == "LODE_DATA_DIR")
        .and_then(|(_, value)| value)
        .expect("the CLI's data folder")
        .to_owned();
    let quoted: Vec<String> = std::iter::once(lode.get_program().to_string_lossy().into_owned())
        .chain(args.iter().map(|a| (*a).to_owned()))
        .map(|word| format!("'{}'", word.replace('\'', r"'\''")))
        .collect();
    let mut script = Command::new("script")
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .env("LODE_DATA_DIR", data_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs lode on a pty");
    // The keys arrive before lode asks: the terminal holds them until it reads.
    script
        .stdin
        .take()
        .expect("stdin")
        .write_all(typed.as_bytes())
        .expect("type");
    let output = script.wait_with_output().expect("script ends");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn on_a_terminal_enter_takes_each_default_and_a_typed_reply_is_sent() {
    let cli = Cli::new();
    let demo = demo_stdio();
    // Ten fields, Enter each, then Enter to accept.
    let form = on_terminal(
        &cli,
        &["call", "ask_form", "--stdio", &demo],
        &"\r".repeat(11),
    );
    assert!(form.contains("Name* [\"Ada Lovelace\"]: "), "{form}");
    assert!(form.contains(r#""action":"accept""#), "{form}");
    assert!(
        form.contains(r#""name":"Ada Lovelace""#)
            && form.contains(r#""toppings":["cheese","olives"]"#),
        "{form}"
    );

    let reply = on_terminal(
        &cli,
        &["call", "ask_reply", "--stdio", &demo],
        "Ore in the dark\r\r",
    );
    assert!(reply.contains("Lode has no model of its own"), "{reply}");
    assert!(reply.contains("You are a poet"), "{reply}");
    assert!(
        reply.contains("Reply from human: Ore in the dark"),
        "{reply}"
    );
}
