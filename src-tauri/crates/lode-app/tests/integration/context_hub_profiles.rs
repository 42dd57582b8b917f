//! Hub profiles as the person makes them (nothing exposed by default; unknown connections
//! refused before anything is saved), their tokens (made on first use in the keychain, revoked
//! with a new generation another process can follow, removed with the profile) and their
//! bounded activity, written by one process (`lode serve`) and read by another (the app).
//! The keychain is lode-secrets' MemoryStore, shared by two `Lode`s on one data folder.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::context_hub::{HubActivityKind, HubProfile, ACTIVITY_AT_MOST};
use lode_core::index::AudienceFilter;
use lode_core::{ConnectionDraft, ConnectionId, ErrorCode, TransportSpec};
use lode_secrets::{MemoryStore, SecretKey, SecretStore};

fn open(dir: &tempfile::TempDir, secrets: &Arc<MemoryStore>) -> Lode {
    let secrets: Arc<dyn SecretStore> = secrets.clone();
    Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode")
}

async fn add(lode: &Lode, name: &str) -> ConnectionId {
    let transport = TransportSpec::Http {
        url: "http://127.0.0.1:9/mcp".to_owned(),
        headers: Default::default(),
    };
    lode.add_connection(&ConnectionDraft::new(name, transport))
        .await
        .expect("added")
        .id
}

fn stored_token(secrets: &MemoryStore, profile: &str) -> Option<String> {
    let key = SecretKey::new(format!("hub/{profile}/bearer")).expect("key");
    secrets
        .get(&key)
        .expect("keychain")
        .map(|s| s.expose().to_owned())
}

#[tokio::test]
async fn nothing_is_exposed_until_the_person_makes_a_profile() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = open(&dir, &secrets);
    add(&lode, "Notes").await;
    assert_eq!(lode.hub_profiles().expect("profiles"), []);
    let missing = lode.hub_profile("default").expect_err("no default profile");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert!(
        missing.message.contains("\"default\""),
        "{}",
        missing.message
    );
    let how = missing.detail.unwrap_or_default();
    assert!(how.contains("--expose"), "{how}");
    assert!(how.contains("Hub pane"), "{how}");
}

#[tokio::test]
async fn expose_makes_or_updates_a_profile_by_connection_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = open(&dir, &secrets);
    let notes = add(&lode, "Notes").await;
    let docs = add(&lode, "Docs").await;

    let made = lode
        .expose("Claude", &["notes".to_owned(), " DOCS ".to_owned()])
        .expect("exposed");
    assert_eq!(made.connections, [notes, docs]);
    assert!(!made.paused && made.audience.is_none() && made.default_budget.is_none());

    // Its other settings are kept when exposure changes.
    lode.save_hub_profile(HubProfile {
        audience: Some(AudienceFilter::Assistant),
        default_budget: Some(4_000),
        ..made
    })
    .expect("saved");
    let updated = lode.expose("claude", &["Docs".into()]).expect("exposed");
    assert_eq!(updated.connections, [docs]);
    assert_eq!(updated.audience, Some(AudienceFilter::Assistant));
    assert_eq!(updated.default_budget, Some(4_000));

    // One unknown name among known ones saves nothing.
    let refused = lode
        .expose("claude", &["Notes".into(), "Nope".into()])
        .expect_err("unknown");
    assert_eq!(refused.code, ErrorCode::UnknownConnection);
    assert!(refused.message.contains("Nope"), "{}", refused.message);
    assert_eq!(
        lode.hub_profile("Claude").expect("kept").connections,
        [docs]
    );
    let refused = lode.expose("Fresh", &["Nope".into()]).expect_err("unknown");
    assert_eq!(refused.code, ErrorCode::UnknownConnection);
    assert_eq!(lode.hub_profiles().expect("profiles").len(), 1, "no Fresh");

    // An unknown id is refused by a save, too.
    let bad = lode.save_hub_profile(HubProfile {
        connections: vec![ConnectionId(4242)],
        ..lode.hub_profile("Claude").expect("profile")
    });
    assert_eq!(
        bad.map_err(|e| e.code).err(),
        Some(ErrorCode::UnknownConnection)
    );
    assert_eq!(
        lode.hub_profile("Claude").expect("kept").connections,
        [docs]
    );
}

#[tokio::test]
async fn exposing_more_is_confirmed_and_less_is_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = open(&dir, &secrets);
    let notes = add(&lode, "Notes").await;
    let docs = add(&lode, "Docs").await;
    let profile = HubProfile {
        name: "Claude".into(),
        connections: vec![notes],
        audience: None,
        default_budget: None,
        paused: false,
    };
    let asked = lode
        .confirm_exposing(&profile)
        .expect("decided")
        .expect("a new profile exposing Notes is asked");
    assert!(asked.message.contains("\"Claude\""), "{}", asked.message);
    assert!(asked.message.contains("• Notes"), "{}", asked.message);
    lode.save_hub_profile(profile.clone()).expect("saved");

    let more = HubProfile {
        connections: vec![notes, docs],
        ..profile.clone()
    };
    let asked = lode
        .confirm_exposing(&more)
        .expect("decided")
        .expect("asked");
    assert!(asked.message.contains("• Docs"), "{}", asked.message);
    assert!(
        !asked.message.contains("Notes"),
        "only what is new: {}",
        asked.message
    );

    for unasked in [
        profile.clone(),
        HubProfile {
            connections: vec![],
            ..profile.clone()
        },
        HubProfile {
            paused: true,
            default_budget: Some(10),
            ..profile.clone()
        },
    ] {
        assert_eq!(lode.confirm_exposing(&unasked).expect("decided"), None);
    }
    // A profile with no connection asks nothing.
    let empty = HubProfile {
        name: "Empty".into(),
        connections: vec![],
        ..profile
    };
    assert_eq!(lode.confirm_exposing(&empty).expect("decided"), None);
}

#[tokio::test]
async fn pausing_and_removing_a_profile() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = open(&dir, &secrets);
    add(&lode, "Notes").await;
    lode.expose("Claude", &["Notes".into()]).expect("exposed");
    assert!(
        lode.set_hub_profile_paused("claude", true)
            .expect("paused")
            .paused
    );
    assert!(lode.hub_profile("Claude").expect("profile").paused);
    assert!(
        !lode
            .set_hub_profile_paused("Claude", false)
            .expect("resumed")
            .paused
    );
    assert_eq!(
        lode.set_hub_profile_paused("nobody", true)
            .map_err(|e| e.code)
            .err(),
        Some(ErrorCode::NotFound)
    );

    let token = lode.hub_profile_token("Claude").await.expect("token");
    assert_eq!(
        stored_token(&secrets, "claude").as_deref(),
        Some(token.expose())
    );
    let generation = lode.hub_token_generation("Claude").expect("generation");
    assert!(generation.is_some());
    lode.remove_hub_profile("CLAUDE").await.expect("removed");
    assert_eq!(
        stored_token(&secrets, "claude"),
        None,
        "the token left the keychain"
    );
    assert_eq!(
        lode.hub_token_generation("Claude").expect("generation"),
        None
    );
    assert_eq!(lode.hub_profiles().expect("profiles"), []);
    assert_eq!(
        lode.remove_hub_profile("Claude")
            .await
            .map_err(|e| e.code)
            .err(),
        Some(ErrorCode::NotFound)
    );
    // Made again under the name, it gets a new token.
    lode.expose("Claude", &[]).expect("made again");
    let again = lode.hub_profile_token("claude").await.expect("token");
    assert_ne!(again.expose(), token.expose());
}

#[tokio::test]
async fn a_token_is_made_once_and_revoking_changes_it_and_its_generation() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let app = open(&dir, &secrets);
    app.expose("Claude", &[]).expect("made");
    assert_eq!(
        app.hub_profile_token("nobody")
            .await
            .map_err(|e| e.code)
            .err(),
        Some(ErrorCode::NotFound)
    );
    assert_eq!(
        app.hub_token_generation("Claude").expect("generation"),
        None
    );
    let first = app.hub_profile_token("Claude").await.expect("token");
    assert_eq!(first.expose().len(), 64);
    assert!(first.expose().chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(
        app.hub_profile_token("claude")
            .await
            .expect("again")
            .expose(),
        first.expose(),
        "made on first use only"
    );
    let made = app.hub_token_generation("Claude").expect("generation");
    assert!(made.is_some());

    // Another process (the CLI) revokes: the app sees a new token and a new generation.
    let cli = open(&dir, &secrets);
    cli.revoke_hub_profile_token("CLAUDE")
        .await
        .expect("revoked");
    let second = app.hub_profile_token("Claude").await.expect("token");
    assert_ne!(second.expose(), first.expose());
    let revoked = app.hub_token_generation("Claude").expect("generation");
    assert!(revoked.is_some());
    assert_ne!(revoked, made);
    assert!(
        !revoked
            .as_deref()
            .unwrap_or_default()
            .contains(second.expose()),
        "the generation is not the token"
    );
    // Each profile has its own token.
    app.expose("Other", &[]).expect("made");
    let other = app.hub_profile_token("Other").await.expect("token");
    assert_ne!(other.expose(), second.expose());
    assert_eq!(
        app.revoke_hub_profile_token("nobody")
            .await
            .map_err(|e| e.code)
            .err(),
        Some(ErrorCode::NotFound)
    );
}

#[tokio::test]
async fn activity_written_by_one_process_is_read_by_another_bounded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let app = open(&dir, &secrets);
    app.expose("Claude", &[]).expect("made");
    let serve = open(&dir, &secrets);
    for n in 0..=ACTIVITY_AT_MOST {
        serve
            .record_hub_activity(
                "claude",
                HubActivityKind::Search {
                    query: format!("q{n}"),
                    hits: 2,
                },
            )
            .expect("recorded");
    }
    serve
        .record_hub_activity(
            "Claude",
            HubActivityKind::Read {
                connection: "Notes".into(),
                uri: format!("notes://{}", "x".repeat(4_000)),
            },
        )
        .expect("recorded");
    let activity = app.hub_activity("Claude", 10_000).expect("activity");
    assert_eq!(activity.len(), ACTIVITY_AT_MOST);
    let HubActivityKind::Read { uri, .. } = &activity[0].kind else {
        panic!("newest first: {:?}", activity[0]);
    };
    assert!(uri.chars().count() <= 512 && uri.contains("characters left out"));
    assert_eq!(activity[0].profile, "Claude");
    assert!(activity[0].at.ends_with('Z'), "{}", activity[0].at);
    assert!(chrono_like(&activity[0].at), "RFC 3339: {}", activity[0].at);
    // q0 and q1 were dropped: 201 searches and a read, 200 kept.
    assert_eq!(
        activity.last().map(|a| a.kind.clone()),
        Some(HubActivityKind::Search {
            query: "q2".into(),
            hits: 2
        })
    );
    assert_eq!(app.hub_activity("Claude", 5).expect("five").len(), 5);
    assert_eq!(
        serve
            .record_hub_activity(
                "nobody",
                HubActivityKind::Refused {
                    what: "search".into(),
                    why: "paused".into()
                }
            )
            .map_err(|e| e.code)
            .err(),
        Some(ErrorCode::NotFound)
    );
    assert_eq!(
        app.hub_activity("nobody", 5).map_err(|e| e.code).err(),
        Some(ErrorCode::NotFound)
    );
}

/// `YYYY-MM-DDTHH:MM:SS(.fff)Z`.
fn chrono_like(at: &str) -> bool {
    let bytes = at.as_bytes();
    bytes.len() >= 20
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes[10] == b'T'
        && bytes[13] == b':'
        && bytes[16] == b':'
}
