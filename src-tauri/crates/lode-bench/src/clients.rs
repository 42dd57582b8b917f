//! The command lines of the three clients and of the bench server they talk to.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::scenario::Scenario;

/// The TS SDK's stdio client refuses messages over 10 MiB; this lifts the cap to 64 MiB, as
/// docs/benchmark.md's table does, so the peer has a figure at all.
pub const LIFTED_MAXBUF: u64 = 64 * 1024 * 1024;

/// Where a client finds the server.
pub enum Endpoint {
    /// The client starts the server itself, once per run.
    Stdio,
    /// A server already listening (see http_server.rs).
    Http(String),
}

/// The clients a row compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    Ts,
    Lode,
    Floor,
}

impl Client {
    pub const ALL: [Client; 3] = [Client::Ts, Client::Lode, Client::Floor];

    pub fn label(self) -> &'static str {
        match self {
            Client::Ts => "TS",
            Client::Lode => "Lode",
            Client::Floor => "floor",
        }
    }
}

pub struct Clients {
    pub peer: PathBuf,
    pub lode: PathBuf,
    /// lode-bench-floor: the same operations with nothing but typed serde parsing.
    pub floor: PathBuf,
}

impl Clients {
    pub fn ts(&self, scenario: &Scenario, endpoint: &Endpoint, maxbuf: Option<u64>) -> Command {
        let mut command = Command::new("node");
        command
            .arg(self.peer.join("client_ts.mjs"))
            .args(scenario.op.args());
        if let Some(bytes) = maxbuf {
            command.arg("--maxbuf").arg(bytes.to_string());
        }
        self.target(command, scenario, endpoint)
    }

    pub fn lode(&self, scenario: &Scenario, endpoint: &Endpoint) -> Command {
        self.rust(&self.lode, scenario, endpoint)
    }

    pub fn floor(&self, scenario: &Scenario, endpoint: &Endpoint) -> Command {
        self.rust(&self.floor, scenario, endpoint)
    }

    /// Both Rust clients take the same command line.
    fn rust(&self, program: &Path, scenario: &Scenario, endpoint: &Endpoint) -> Command {
        let mut command = Command::new(program);
        command.args(scenario.op.args());
        self.target(command, scenario, endpoint)
    }

    fn target(&self, mut command: Command, scenario: &Scenario, endpoint: &Endpoint) -> Command {
        match endpoint {
            Endpoint::Http(url) => command.arg("--url").arg(url),
            Endpoint::Stdio => command
                .arg("--")
                .arg("node")
                .arg(self.peer.join("bench_server.mjs"))
                .args(scenario.server),
        };
        command.current_dir(&self.peer);
        inherit_only_the_basics(&mut command);
        command
    }
}

/// What the TS SDK passes to the servers it starts (its `DEFAULT_INHERITED_ENV_VARS` on Unix).
const BASIC_ENV: [&str; 6] = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

/// Every client, and so every server, starts with the environment the TS SDK gives its servers.
/// Lode passes its whole environment on, and a variable like NODE_EXTRA_CA_CERTS costs node
/// ~80 ms at every start: the stdio rows would measure the environment, not the client.
fn inherit_only_the_basics(command: &mut Command) {
    command.env_clear();
    for name in BASIC_ENV {
        if let Some(value) = std::env::var_os(name) {
            command.env(name, value);
        }
    }
}

/// The HTTP server's command line: loopback.cjs pins listening to 127.0.0.1, and port 0
/// lets the system pick a free port, which the server then prints.
pub fn http_server(peer: &Path, scenario: &Scenario) -> Command {
    let mut command = Command::new("node");
    command
        .arg("-r")
        .arg(peer.join("loopback.cjs"))
        .arg(peer.join("bench_server.mjs"))
        .args(["--http", "0"])
        .args(scenario.server)
        .current_dir(peer);
    inherit_only_the_basics(&mut command);
    command
}
