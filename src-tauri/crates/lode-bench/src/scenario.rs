//! What is measured: each scenario is one server configuration and one client operation, run
//! over both transports.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    Http,
}

impl Transport {
    pub const ALL: [Transport; 2] = [Transport::Stdio, Transport::Http];

    pub fn label(self) -> &'static str {
        match self {
            Transport::Stdio => "stdio",
            Transport::Http => "Streamable HTTP",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Init,
    List,
    Read(&'static str),
}

impl Op {
    /// The operation as both clients take it on their command line.
    pub fn args(self) -> Vec<String> {
        match self {
            Op::Init => vec!["init".into()],
            Op::List => vec!["list".into()],
            Op::Read(uri) => vec!["read".into(), "--uri".into(), uri.into()],
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    pub name: &'static str,
    /// The bench server's arguments (bench/peer/bench_server.mjs).
    pub server: &'static [&'static str],
    pub op: Op,
}

/// In table order. The read and connect scenarios list only 10 items: the server's size does
/// not matter to them, and a small server starts faster.
pub const SCENARIOS: [Scenario; 5] = [
    Scenario {
        name: "list 100k, pages of 100",
        server: &["--n", "100000", "--page", "100"],
        op: Op::List,
    },
    Scenario {
        name: "list 100k, one page",
        server: &["--n", "100000", "--page", "0"],
        op: Op::List,
    },
    Scenario {
        name: "read 10 MiB text",
        server: &["--n", "10"],
        op: Op::Read("bench://large/10mb.txt"),
    },
    Scenario {
        name: "read 5 MiB blob",
        server: &["--n", "10"],
        op: Op::Read("bench://large/5mb.bin"),
    },
    Scenario {
        name: "connect",
        server: &["--n", "10"],
        op: Op::Init,
    },
];
