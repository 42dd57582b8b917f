//! The demo server cargo built into the same target folder as the tests.

use lode_app::demo_server_command;
use lode_core::TransportSpec;

/// The demo server's stdio transport, as Lode saves it.
pub fn demo() -> TransportSpec {
    let exe = std::env::current_exe().expect("test exe");
    // target/debug/deps/<test> -> target/debug/<anything>, beside lode-demo-server.
    let beside = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|dir| dir.join("lode"))
        .expect("target dir");
    demo_server_command(&beside).unwrap_or_else(|| {
        panic!(
            "build the demo server first: cargo build -p lode-demo-server (looked beside {})",
            beside.display()
        )
    })
}

/// The demo server's executable.
#[allow(dead_code)]
pub fn demo_command() -> String {
    match demo() {
        TransportSpec::Stdio { command, .. } => command,
        other => panic!("the demo server runs over stdio, not {other:?}"),
    }
}
