//! A gateway that answers JSON-RPC -32003 (agent reply timeout) when its agent is slow
//! (tests/servers/slow-gateway.mjs, on the MCP TypeScript SDK): the person sees the gateway's
//! error and message, not Lode's own timeout, because a tool call waits longer than other
//! requests (the connection's timeout plus 30 s). Real gateways answer after 60 s against
//! Lode's default 60 s; here the gateway answers after 3 s against a 2 s `--timeout` (time
//! enough for node to start), the same race in little.

use crate::support;

use std::time::{Duration, Instant};

use support::servers::servers_dir;
use support::{assert_failed, stderr, Cli};

fn gateway(delay_ms: u64) -> String {
    let script = servers_dir().join("slow-gateway.mjs");
    assert!(
        servers_dir()
            .join("node_modules/@modelcontextprotocol/sdk/package.json")
            .is_file(),
        "run `npm ci --prefix tests/servers` first"
    );
    format!("node {} --delay-ms {delay_ms}", script.display())
}

#[test]
fn the_gateways_agent_timeout_reaches_the_person_as_its_own_error() {
    let cli = Cli::new();
    let cmd = gateway(3_000);
    let started = Instant::now();
    let output = cli.run(&[
        "call",
        "--stdio",
        &cmd,
        "--timeout",
        "2",
        "ask_agent",
        "--args",
        r#"{"question":"status?"}"#,
    ]);
    let took = started.elapsed();
    // Exit 2 (a server error), not 4 (Lode's own timeout).
    assert_failed(&output, 2, "the gateway's -32003");
    let stderr = stderr(&output);
    assert!(
        stderr.starts_with("lode: upstream-timeout: calling tool ask_agent"),
        "{stderr}"
    );
    assert!(
        stderr.contains("-32003") && stderr.contains("agent reply timeout"),
        "{stderr}"
    );
    assert!(
        took >= Duration::from_millis(3_000) && took < Duration::from_secs(30),
        "{took:?}"
    );
}
