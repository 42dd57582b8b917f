//! tests/servers/registry-server.mjs: a loopback MCP registry (plain node:http, no dependency),
//! started on a free port and ended when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::servers::servers_dir;

const START_TIMEOUT: Duration = Duration::from_secs(30);

pub struct RegistryServer {
    child: Child,
    /// The registry's address, `http://127.0.0.1:P`.
    pub url: String,
}

impl RegistryServer {
    pub fn start() -> Self {
        Self::start_with(&[])
    }

    /// Started with `args` (`--remote URL`: the loopback remote entry points at a real MCP
    /// server at URL/mcp).
    pub fn start_with(args: &[&str]) -> Self {
        let script = servers_dir().join("registry-server.mjs");
        assert!(script.is_file(), "{} is missing", script.display());
        let mut child = Command::new("node")
            .arg(&script)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start node (is Node.js installed?)");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            let _ = sender.send(line);
            let _ = std::io::copy(&mut reader, &mut std::io::sink());
        });
        let line = receiver.recv_timeout(START_TIMEOUT).unwrap_or_default();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the registry server did not start (first line {line:?})"))
            .to_owned();
        Self { child, url }
    }

    /// The same server under a path that answers otherwise (`/not-json`, `/huge`, `/fails`,
    /// `/moved`, `/same-moved`), or the registry again (`/sub`).
    pub fn at(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }
}

impl RegistryServer {
    /// `POST /admin/publish` with `body` (the tests' own endpoint: a new version published now,
    /// or a version's status changed).
    pub fn publish(&self, body: &serde_json::Value) {
        use std::io::{Read, Write};
        let address = self.url.trim_start_matches("http://");
        let mut stream = std::net::TcpStream::connect(address).expect("connect to the registry");
        let body = body.to_string();
        write!(
            stream,
            "POST /admin/publish HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("send");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("answer");
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "publish failed: {answer}"
        );
    }
}

impl Drop for RegistryServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
