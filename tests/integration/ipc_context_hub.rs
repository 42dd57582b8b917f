//! Exposing connections to an assistant widens what it may read, so a page (possibly hostile:
//! the window shows servers' content) cannot do it alone: saving a hub profile that exposes a
//! connection it did not is asked natively, and a "no" saves nothing. Narrowing, pausing and
//! revoking ask nothing, and no token crosses IPC. IPC on Tauri's mock runtime, as a page acts.

use crate::support::ipc_harness as support;

use std::sync::{Arc, Mutex};

use lode_app::confirmation::Confirmation;
use lode_desktop::Confirmer;
use serde_json::{json, Value};
use support::{harness_confirming, invoke, Harness};

fn answering(accept: bool) -> (Harness, Arc<Mutex<Vec<Confirmation>>>, Value) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let h = harness_confirming(Confirmer::Scripted {
        accept,
        asked: asked.clone(),
    });
    let demo = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();
    (h, asked, demo)
}

fn asked(asked: &Mutex<Vec<Confirmation>>) -> Vec<Confirmation> {
    asked.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

fn profile(connections: Value) -> Value {
    json!({"profile": {"name": "Claude", "connections": connections, "audience": null,
                       "defaultBudget": null, "paused": false}})
}

#[test]
fn a_declined_exposure_saves_nothing() {
    let (h, questions, demo) = answering(false);
    let declined =
        invoke(&h.window, "save_hub_profile", profile(json!([demo]))).expect_err("declined");
    assert_eq!(declined["code"], "declined", "{declined}");
    assert_eq!(invoke(&h.window, "hub_profiles", json!({})), Ok(json!([])));
    let questions = asked(&questions);
    assert_eq!(questions.len(), 1);
    assert_eq!(questions[0].title, "Expose connections to an assistant?");
    assert!(
        questions[0].message.contains("\"Claude\""),
        "{}",
        questions[0].message
    );
    assert!(
        questions[0].message.contains("• Demo"),
        "{}",
        questions[0].message
    );

    // A profile exposing nothing asks nothing, and is saved: still nothing is exposed.
    let empty = invoke(&h.window, "save_hub_profile", profile(json!([]))).expect("saved");
    assert_eq!(empty["connections"], json!([]));
    let declined =
        invoke(&h.window, "save_hub_profile", profile(json!([demo]))).expect_err("declined");
    assert_eq!(declined["code"], "declined");
    let listed = invoke(&h.window, "hub_profiles", json!({})).expect("listed");
    assert_eq!(listed[0]["connections"], json!([]), "still nothing exposed");
}

#[test]
fn an_accepted_exposure_is_saved_and_narrowing_pausing_revoking_ask_nothing() {
    let (h, questions, demo) = answering(true);
    let saved = invoke(&h.window, "save_hub_profile", profile(json!([demo]))).expect("saved");
    assert_eq!(saved["connections"], json!([demo]));
    assert_eq!(asked(&questions).len(), 1);

    let same = invoke(&h.window, "save_hub_profile", profile(json!([demo]))).expect("saved");
    assert_eq!(same["connections"], json!([demo]));
    let paused = invoke(
        &h.window,
        "set_hub_profile_paused",
        json!({"name": "claude", "paused": true}),
    )
    .expect("paused");
    assert_eq!(paused["paused"], true);
    let revoked = invoke(
        &h.window,
        "revoke_hub_profile_token",
        json!({"name": "Claude"}),
    );
    assert_eq!(revoked, Ok(Value::Null), "no token crosses IPC");
    let narrowed = invoke(&h.window, "save_hub_profile", profile(json!([]))).expect("saved");
    assert_eq!(narrowed["connections"], json!([]));
    assert_eq!(asked(&questions).len(), 1, "only the widening was asked");

    let activity = invoke(
        &h.window,
        "hub_activity",
        json!({"profile": "Claude", "limit": 50}),
    );
    assert_eq!(activity, Ok(json!([])));
    invoke(&h.window, "remove_hub_profile", json!({"name": "Claude"})).expect("removed");
    assert_eq!(invoke(&h.window, "hub_profiles", json!({})), Ok(json!([])));
}
