//! A compromised page asking for icons: `icon_data_url` with a URL no server listed is refused
//! through IPC, and no request reaches the address it named (a listener on this machine stands
//! for the person's router, a cloud metadata service, or a page's own collection point).

use std::net::TcpListener;
use std::time::Duration;

use crate::support::ipc_harness as support;

use serde_json::json;
use support::{harness, invoke};

#[test]
fn an_icon_no_server_listed_is_refused_and_nothing_is_sent() {
    let h = harness();
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.set_nonblocking(true).expect("non-blocking");
    let port = listener.local_addr().expect("an address").port();
    for src in [
        format!("https://127.0.0.1:{port}/icon.png?data=the-basket"),
        format!("https://localhost:{port}/icon.png"),
        format!("http://127.0.0.1:{port}/icon.png"),
        "https://evil.example/?data=secret".to_owned(),
    ] {
        let error = invoke(&h.window, "icon_data_url", json!({ "src": src }))
            .expect_err("no server listed it");
        assert_eq!(error["code"], "urlRefused", "{src}: {error}");
        assert!(
            error["message"]
                .as_str()
                .is_some_and(|m| m.contains("no connected server listed")),
            "{src}: {error}"
        );
    }
    // Anything sent would have connected by now (the command answered).
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        listener.accept().is_err(),
        "a request reached the address the page named"
    );
}
