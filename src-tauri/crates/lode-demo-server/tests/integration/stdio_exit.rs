//! The stdio server ends when its client's end of stdin closes, even with a
//! `subscriptions/listen` request still open: a client that was killed must not leave it
//! running.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn exits_when_stdin_closes_while_a_listen_stream_is_open() {
    let mut server = Command::new(env!("CARGO_BIN_EXE_lode-demo-server"))
        .arg("stdio")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the demo server");
    let mut stdin = server.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(server.stdout.take().expect("stdout"));
    let meta = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}"#;
    let discover = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{{"_meta":{meta}}}}}"#
    );
    let listen = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{{"_meta":{meta},"notifications":{{"resourceSubscriptions":["demo://clock/now"]}}}}}}"#
    );
    let mut line = String::new();
    writeln!(stdin, "{discover}").expect("send discover");
    stdout.read_line(&mut line).expect("discover answer");
    writeln!(stdin, "{listen}").expect("send listen");
    line.clear();
    stdout.read_line(&mut line).expect("listen acknowledgement");
    assert!(line.contains("subscriptions/acknowledged"), "{line}");

    drop(stdin);
    let started = Instant::now();
    while server.try_wait().expect("poll the server").is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = server.kill();
            panic!("the server kept running after its stdin closed");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
