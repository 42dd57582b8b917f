//! tests/servers/oauth-server.mjs: a real OAuth authorization server and the MCP server it
//! protects (the MCP TypeScript SDK's own auth code), started for one test on an ephemeral
//! 127.0.0.1 port and killed when dropped. Installed by `npm ci --prefix tests/servers`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const START_TIMEOUT: Duration = Duration::from_secs(30);

pub struct OAuthServer {
    child: Child,
    /// The protected MCP endpoint, `http://127.0.0.1:P/mcp`.
    pub url: String,
}

impl OAuthServer {
    /// Starts the server with the script's options, e.g. `["--token-ttl", "2"]`.
    pub fn start(args: &[&str]) -> Self {
        let servers = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/servers");
        let sdk = servers.join("node_modules/@modelcontextprotocol/sdk/package.json");
        assert!(
            sdk.is_file(),
            "the MCP TypeScript SDK is not installed: run `npm ci --prefix tests/servers` from \
             the repository root (looked for {})",
            sdk.display()
        );
        let mut child = Command::new("node")
            .arg(servers.join("oauth-server.mjs"))
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
        let Some(url) = line.trim().strip_prefix("listening on ") else {
            let _ = child.kill();
            panic!("oauth-server.mjs did not start (first line {line:?})");
        };
        Self {
            url: url.to_owned(),
            child,
        }
    }

    /// The server's counters: `registrations`, `codeExchanges`, `refreshes`.
    pub async fn stats(&self) -> serde_json::Value {
        let url = self.url.replace("/mcp", "/test/stats");
        reqwest::get(url)
            .await
            .expect("GET /test/stats")
            .json()
            .await
            .expect("stats JSON")
    }

    pub async fn count(&self, name: &str) -> u64 {
        self.stats().await[name].as_u64().expect("a counter")
    }
}

impl Drop for OAuthServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
