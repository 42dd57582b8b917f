//! Ctrl-C while `lode` waits at a server's question on a terminal: the running call is
//! cancelled on the server (`notifications/cancelled`) and `lode` exits 130 straight away. The
//! terminal is a real pseudo-terminal (util-linux `script`) and Ctrl-C is typed on it, so the
//! terminal itself sends SIGINT while `lode` is blocked reading the answer: a read that cannot
//! be interrupted, which used to hold `lode` up until the runtime's shutdown grace (a second)
//! ran out.

#![cfg(unix)]

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::servers::servers_dir;
use crate::support::{demo_server, Cli};

/// Past this, `lode` waited for something after Ctrl-C (the shutdown grace is a second).
const PROMPT_EXIT: Duration = Duration::from_millis(800);

#[test]
fn ctrl_c_at_a_form_question_cancels_the_call_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let received = dir.path().join("received.jsonl");
    // The official TypeScript SDK's server (2025-11-25: it asks with `elicitation/create` while
    // its `tools/call` runs); what `lode` sends it is copied to a file on the way in.
    let server = servers_dir().join("asks-server.mjs");
    let wrapper = script_file(
        dir.path(),
        "sdk.sh",
        &format!(
            "tee -a '{}' | exec node '{}'",
            received.display(),
            server.display()
        ),
    );
    let ended = ctrl_c_at_the_question(&wrapper, "elicit_defaults", "[\"John Doe\"]: ");
    let sent = std::fs::read_to_string(&received).expect("what lode sent");
    assert!(
        sent.contains(r#""method":"notifications/cancelled""#),
        "the call was not cancelled on the server: {sent}"
    );
    assert!(
        !sent.contains(r#""action":"accept""#),
        "Ctrl-C accepted the form: {sent}"
    );
    assert!(ended < PROMPT_EXIT, "lode took {ended:?} to end on Ctrl-C");
}

/// The demo server on 2026-07-28 asks through an `input_required` result: the ask runs inside
/// `lode`'s own retry of the call, and Ctrl-C must end that just as promptly.
#[test]
fn ctrl_c_at_a_sampling_question_of_a_modern_server_ends_lode_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wrapper = script_file(
        dir.path(),
        "demo.sh",
        &format!("exec '{}' stdio 2>/dev/null", demo_server().display()),
    );
    let ended = ctrl_c_at_the_question(&wrapper, "ask_reply", "An empty reply declines.");
    assert!(ended < PROMPT_EXIT, "lode took {ended:?} to end on Ctrl-C");
}

fn script_file(dir: &std::path::Path, name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;

    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write wrapper");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// Runs `lode call TOOL` against `server` on a pseudo-terminal, types Ctrl-C once `question`
/// shows, and returns how long `lode` took to end after it (checking it ended with 130).
fn ctrl_c_at_the_question(server: &std::path::Path, tool: &str, question: &str) -> Duration {
    let cli = Cli::new();
    let stdio = format!("\"{}\"", server.display());
    let mut terminal = on_a_terminal(&cli, &["call", tool, "--stdio", &stdio]);
    let screen = screen_of(&mut terminal);
    let shown = Instant::now();
    let mut seen = String::new();
    while !seen.contains(question) {
        match screen.recv_timeout(Duration::from_secs(1)) {
            Ok(text) => seen.push_str(&text),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("lode ended early: {seen}"),
        }
        assert!(
            shown.elapsed() < Duration::from_secs(20),
            "no question: {seen}"
        );
    }
    // Typed on the terminal: its line discipline sends SIGINT to `lode`, blocked in its read.
    std::thread::sleep(Duration::from_millis(200));
    let mut keys = terminal.stdin.take().expect("the terminal's keys");
    keys.write_all(b"\x03").expect("type Ctrl-C");
    let pressed = Instant::now();
    let status = loop {
        if let Some(status) = terminal.try_wait().expect("wait") {
            break status;
        }
        assert!(
            pressed.elapsed() < Duration::from_secs(10),
            "lode did not end on Ctrl-C: {seen}"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let ended = pressed.elapsed();
    drop(keys);
    while let Ok(text) = screen.recv_timeout(Duration::from_millis(200)) {
        seen.push_str(&text);
    }
    // `script -e` ends with its command's status.
    assert_eq!(status.code(), Some(130), "{status:?}: {seen}");
    assert!(seen.contains("lode: interrupted"), "{seen}");
    eprintln!("Ctrl-C at {tool}'s question ended lode in {ended:?}");
    ended
}

/// `lode ARGS` on a pseudo-terminal (util-linux `script`), its keys and screen piped.
fn on_a_terminal(cli: &Cli, args: &[&str]) -> Child {
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
    Command::new("script")
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .env("LODE_DATA_DIR", data_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script (util-linux) runs lode on a pty")
}

/// What the terminal shows, as it comes.
fn screen_of(terminal: &mut Child) -> mpsc::Receiver<String> {
    let mut output = terminal.stdout.take().expect("the terminal's screen");
    let (shown, screen) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = output.read(&mut buffer) {
            if read == 0
                || shown
                    .send(String::from_utf8_lossy(&buffer[..read]).into_owned())
                    .is_err()
            {
                break;
            }
        }
    });
    screen
}
