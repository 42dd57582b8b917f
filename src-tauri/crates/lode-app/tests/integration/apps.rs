//! MCP Apps through lode-app, against tests/servers/app-probe-server.mjs (the official
//! TypeScript SDK): an app's review (the listing's and the read's `_meta.ui` merged), the
//! question before the first run and none after it, asked again when the declaration changes,
//! the page served under its policy, and what its bridge may ask of the same server only.

use std::path::PathBuf;
use std::sync::Arc;

use lode_app::apps::AppApproval;
use lode_app::Lode;
use lode_core::{ConnectionDraft, ErrorCode, TransportSpec};
use lode_secrets::MemoryStore;
use serde_json::json;

const APP: &str = "ui://probe/app.html";

fn probe_server() -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/app-probe-server.mjs");
    TransportSpec::Stdio {
        command: "node".into(),
        args: vec![script.display().to_string()],
        env: Default::default(),
        cwd: None,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_app_is_reviewed_asked_about_once_served_under_its_policy_and_kept_to_its_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut draft = ConnectionDraft::new("Probe", probe_server());
    draft.timeout_secs = 30;
    let id = lode.add_connection(&draft).await.expect("added").id;

    // The read's declaration wins field by field; the listing's fills in none here, as the
    // read declares the same origin and adds a border.
    let review = lode.review_app(id, APP).await.expect("review");
    assert_eq!(review.approval, AppApproval::New);
    let declaration = review.declaration.clone().expect("declared");
    let connect = &declaration.csp.as_ref().expect("csp").connect_domains;
    assert_eq!(connect.len(), 1);
    assert!(connect[0].starts_with("http://127.0.0.1:"), "{connect:?}");
    assert_eq!(declaration.prefers_border, Some(true));
    assert!(
        review
            .frame_csp
            .policy
            .contains(&format!("connect-src {}", connect[0])),
        "{}",
        review.frame_csp.policy
    );

    // The first run is asked about, naming what the app may reach.
    let (prepared, question) = lode.app_to_run(id, APP).await.expect("to run");
    let question = question.expect("a first run is asked about");
    assert!(
        question.message.contains(&connect[0]),
        "{}",
        question.message
    );
    let opened = lode.open_app_view(prepared).await.expect("opened");
    assert_eq!(opened.review.approval, AppApproval::Approved);

    // Its page is served with the policy first, under an unguessable token.
    assert_eq!(opened.view.len(), 32);
    let page = lode.app_page(&opened.view).expect("served");
    assert!(page
        .html
        .starts_with("<!doctype html><meta http-equiv=\"Content-Security-Policy\""));
    assert_eq!(page.policy, review.frame_csp.policy);
    assert!(lode.app_page("0123456789abcdef0123456789abcdef").is_none());

    // Asked no more: the same declaration runs unasked.
    let (_, again) = lode.app_to_run(id, APP).await.expect("to run again");
    assert!(again.is_none(), "an approved app is not asked about again");

    // The bridge: a tool listed for apps runs (read-only: unasked); one kept from apps is
    // refused; a javascript: link is refused before any question; a web link is asked about.
    let (connection, question) = lode
        .app_tool_call_question(&opened.view, "echo", &json!({"text": "hi"}))
        .await
        .expect("echo may be called");
    assert_eq!(connection, id);
    assert!(question.is_none(), "a read-only tool runs unasked");
    let refused = lode
        .app_tool_call_question(&opened.view, "model_only", &json!({}))
        .await
        .expect_err("model_only is kept from apps");
    assert_eq!(refused.code, ErrorCode::InvalidInput);
    let refused = lode
        .app_link_question(&opened.view, "javascript:alert(1)")
        .expect_err("no javascript: link");
    assert!(
        refused.message.contains("only web addresses"),
        "{}",
        refused.message
    );
    let asked = lode
        .app_link_question(&opened.view, "https://example.org/\u{200b}x")
        .expect("a web link is asked about");
    assert!(
        asked.message.contains("https://example.org/⟨U+200B⟩x"),
        "{}",
        asked.message
    );
    let contents = lode
        .app_read_resource(&opened.view, APP)
        .await
        .expect("its own server's resource");
    assert_eq!(contents.len(), 1);

    // A declaration that changed is asked about again, saying so.
    lode.call_tool(id, "widen", json!({})).await.expect("widen");
    let (_, changed) = lode.app_to_run(id, APP).await.expect("to run after widen");
    let changed = changed.expect("a changed declaration is asked about again");
    assert!(changed
        .message
        .contains("Its declaration changed since you last ran it."));
    assert!(
        changed.message.contains("https://widened.example"),
        "{}",
        changed.message
    );
    assert_eq!(
        lode.review_app(id, APP).await.expect("review").approval,
        AppApproval::Changed
    );

    // A closed view answers nothing more.
    lode.close_app_view(&opened.view);
    assert!(lode.app_page(&opened.view).is_none());
    let gone = lode
        .app_read_resource(&opened.view, APP)
        .await
        .expect_err("closed");
    assert_eq!(gone.code, ErrorCode::NotFound);
    lode.shutdown().await;
}
