//! `lode serve --rotate-token` against a running `lode serve --http` (another process): it
//! prints a new token, and the running server refuses the old one within a second and admits
//! the new one. Uses the keychain like every `lode` command (`.ci/with-keychain`).

use crate::support::Cli;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// `lode serve --http` on a free port, killed when dropped.
struct Serving {
    child: Child,
    url: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(cli: &Cli) -> Serving {
    let mut child = cli
        .command(&["serve", "--basket", "ctx", "--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start lode serve --http");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = reader.read_line(&mut line);
        let _ = sender.send(line);
        let _ = std::io::copy(&mut reader, &mut std::io::sink());
    });
    let line = receiver
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_default();
    let url = line.trim().to_owned();
    let serving = Serving { child, url };
    assert!(
        serving.url.starts_with("http://127.0.0.1:") && !serving.url.contains(":0/"),
        "lode serve --http printed {line:?}"
    );
    serving
}

fn printed_token(cli: &Cli, flag: &str) -> String {
    let output = cli.run(&["serve", flag]);
    assert!(output.status.success(), "lode serve {flag} failed");
    let token = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    assert_eq!(token.len(), 64, "32 bytes in hex: {token:?}");
    token
}

/// The status of an `initialize` POST with `token`, over a plain socket.
fn status_with(url: &str, token: &str) -> u16 {
    let authority = url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .to_owned();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}"#;
    let mut stream = TcpStream::connect(&authority).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {authority}\r\nAuthorization: Bearer {token}\r\n\
         Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("send");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).expect("a status line");
    String::from_utf8_lossy(&head[9..12])
        .parse()
        .expect("a status code")
}

#[test]
fn rotating_from_the_cli_refuses_the_old_token_in_a_running_server() {
    let cli = Cli::new();
    let made = cli.run(&["basket", "new", "ctx"]);
    assert!(made.status.success(), "lode basket new");
    let old = printed_token(&cli, "--show-token");
    let server = serve(&cli);
    assert_eq!(status_with(&server.url, &old), 200);

    let new = printed_token(&cli, "--rotate-token");
    assert_ne!(new, old);
    assert_eq!(printed_token(&cli, "--show-token"), new);
    let started = Instant::now();
    while status_with(&server.url, &old) != 401 {
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "the running server still admits the old token"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(status_with(&server.url, &new), 200);
}
