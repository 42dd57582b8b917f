//! A bundle's update in place against the test bundle's manifest and changed copies of it.

use super::tests::{opened, places, MANIFEST};
use super::*;
use crate::install::InstallValues;
use crate::{Connection, ConnectionId, LodeResult, SecretChange, SecretPlace, TransportSpec};

/// The test bundle installed into the test places with folders `/a` and `/b` and a token.
fn installed() -> Connection {
    let mut values = InstallValues::default();
    values.add("user_config.folders", "/a");
    values.add("user_config.folders", "/b");
    values.add("user_config.token", "s3cret");
    let plan = plan_mcpb(&opened(), &places(), &values, &[])
        .expect("a plan")
        .plan;
    let mut connection =
        Connection::unsaved(ConnectionId(1), "Notes", plan.draft.transport.clone());
    connection.settings = plan.draft.settings();
    connection.origin = Some(plan.preview.origin);
    connection
}

fn new_places() -> McpbPlaces {
    McpbPlaces {
        folder: "/data/bundles/new".into(),
        ..places()
    }
}

/// The test manifest at version 1.3.0, changed by `change`.
fn newer(change: impl Fn(&mut serde_json::Value)) -> McpbManifest {
    let mut manifest: serde_json::Value = serde_json::from_slice(MANIFEST).expect("JSON");
    manifest["version"] = "1.3.0".into();
    change(&mut manifest);
    parse_manifest(manifest.to_string().as_bytes(), "linux").expect("manifest")
}

/// The manifest with no `NOTES_TOKEN` in its environment.
fn without_token_env(manifest: &mut serde_json::Value) {
    if let Some(env) = manifest["server"]["mcp_config"]["env"].as_object_mut() {
        env.remove("NOTES_TOKEN");
    }
}

fn update(saved: &Connection, new: &McpbManifest) -> LodeResult<McpbCommandPlan> {
    let old = opened().manifest;
    let origin = saved.origin.clone().expect("an origin");
    updated_mcpb(
        saved,
        &origin,
        McpbVersion {
            manifest: &old,
            places: &places(),
        },
        McpbVersion {
            manifest: new,
            places: &new_places(),
        },
        "1.3.0",
    )
}

#[test]
fn the_origin_keeps_the_values_given_and_only_a_mark_for_a_sensitive_one() {
    let origin = installed().origin.expect("an origin");
    let kept = origin.mcpb_values.expect("values kept");
    assert_eq!(kept["user_config.folders"], ["/a", "/b"]);
    assert_eq!(kept["user_config.token"], [KEPT_IN_KEYCHAIN]);
    assert!(
        !kept.contains_key("user_config.limit"),
        "a default is not a value given"
    );
    assert!(!serde_json::to_string(&kept)
        .expect("JSON")
        .contains("s3cret"));
}

#[test]
fn an_update_runs_the_new_folder_with_the_same_values_and_keeps_the_secret() {
    let saved = installed();
    let planned = update(&saved, &newer(|_| {})).expect("an update");
    let TransportSpec::Stdio { args, cwd, env, .. } = &planned.transport else {
        panic!("stdio");
    };
    assert_eq!(
        args,
        &[
            "/data/bundles/new/server/index.js",
            "--limit",
            "50",
            "/a",
            "/b"
        ]
    );
    assert_eq!(cwd.as_deref(), Some("/data/bundles/new"));
    assert!(!env.contains_key("NOTES_TOKEN"));
    assert_eq!(planned.secrets.len(), 1);
    assert_eq!(
        planned.secrets[0].place,
        SecretPlace::Env {
            name: "NOTES_TOKEN".into()
        }
    );
    assert!(matches!(planned.secrets[0].change, SecretChange::Keep));
}

#[test]
fn an_update_that_cannot_keep_what_was_given_is_refused_with_why() {
    let saved = installed();
    let cases: Vec<(McpbManifest, &str)> = vec![
        (
            newer(|m| {
                m["user_config"]["region"] =
                    serde_json::json!({"type": "string", "title": "Region", "required": true})
            }),
            "it requires new values (user_config.region)",
        ),
        (
            newer(|m| {
                m["server"]["mcp_config"]["env"]["NOTES_TOKEN"] =
                    "Bearer ${user_config.token}".into()
            }),
            "passes a sensitive value another way (the environment variable NOTES_TOKEN)",
        ),
        (
            newer(|m| {
                without_token_env(m);
                m["server"]["mcp_config"]["env"]["API_TOKEN"] = "${user_config.token}".into();
            }),
            "the environment variable API_TOKEN",
        ),
        (
            newer(|m| {
                without_token_env(m);
            }),
            "it no longer takes a sensitive value (the environment variable NOTES_TOKEN)",
        ),
    ];
    for (manifest, why) in cases {
        let error = update(&saved, &manifest).expect_err(why);
        assert!(
            error.message.contains(why) && error.message.contains("install that version anew"),
            "{why}: {}",
            error.message
        );
    }

    // A connection edited since it was installed, or installed before values were kept.
    let mut edited = installed();
    if let TransportSpec::Stdio { args, .. } = &mut edited.transport {
        args.push("--verbose".into());
    }
    let error = update(&edited, &newer(|_| {})).expect_err("edited");
    assert!(
        error.message.contains("changed since it was installed"),
        "{}",
        error.message
    );
    let mut older = installed();
    if let Some(origin) = older.origin.as_mut() {
        origin.mcpb_values = None;
    }
    let error = update(&older, &newer(|_| {})).expect_err("no values");
    assert!(
        error.message.contains("did not keep the values"),
        "{}",
        error.message
    );
}

#[test]
fn a_new_option_with_a_default_and_a_dropped_option_update_in_place() {
    let saved = installed();
    let planned = update(
        &saved,
        &newer(|m| {
            m["user_config"]["depth"] =
                serde_json::json!({"type": "number", "title": "Depth", "required": true, "default": 2});
            m["server"]["mcp_config"]["args"] =
                serde_json::json!(["${__dirname}/server/index.js", "--depth", "${user_config.depth}", "${user_config.folders}"]);
            m["user_config"].as_object_mut().map(|o| o.remove("limit")).map(drop).unwrap_or(());
        }),
    )
    .expect("an update");
    let TransportSpec::Stdio { args, .. } = &planned.transport else {
        panic!("stdio");
    };
    assert_eq!(
        args,
        &[
            "/data/bundles/new/server/index.js",
            "--depth",
            "2",
            "/a",
            "/b"
        ]
    );
    assert!(!planned.values.contains_key("user_config.limit"));
}
