use super::*;
use lode_core::context_hub::ACTIVITY_TEXT_AT_MOST;
use lode_core::TransportSpec;

fn stdio(command: &str) -> TransportSpec {
    TransportSpec::Stdio {
        command: command.to_owned(),
        args: Vec::new(),
        env: Default::default(),
        cwd: None,
    }
}

fn profile(name: &str, connections: &[ConnectionId]) -> HubProfile {
    HubProfile {
        name: name.to_owned(),
        connections: connections.to_vec(),
        audience: None,
        default_budget: None,
        paused: false,
    }
}

fn search(query: &str) -> HubActivityKind {
    HubActivityKind::Search {
        query: query.to_owned(),
        hits: 1,
    }
}

#[test]
fn a_new_database_has_no_profile_exposing_anything() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.insert_connection("Notes", &stdio("notes"))?;
    assert_eq!(store.hub_profiles()?, []);
    Ok(())
}

#[test]
fn a_profile_round_trips_and_is_replaced_by_name_whatever_its_case() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    let notes = store.insert_connection("Notes", &stdio("notes"))?.id;
    let docs = store.insert_connection("Docs", &stdio("docs"))?.id;
    let wanted = HubProfile {
        name: " Claude ".to_owned(),
        connections: vec![docs, notes, docs],
        audience: Some(AudienceFilter::Assistant),
        default_budget: Some(8_000),
        paused: true,
    };
    let saved = store.save_hub_profile(&wanted)?;
    assert_eq!(
        saved,
        HubProfile {
            name: "Claude".to_owned(),
            connections: vec![docs, notes],
            ..wanted.clone()
        }
    );
    assert_eq!(store.hub_profile("claude")?, Some(saved.clone()));
    let replaced = store.save_hub_profile(&profile("CLAUDE", &[notes]))?;
    assert_eq!(replaced, profile("CLAUDE", &[notes]));
    store.save_hub_profile(&profile("Agent", &[]))?;
    let names: Vec<String> = store.hub_profiles()?.into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Agent", "CLAUDE"]);
    // A renamed connection stays exposed; a removed one leaves the profile.
    store.rename_connection(notes, "Notebook")?;
    assert_eq!(
        store.hub_profile("claude")?.map(|p| p.connections),
        Some(vec![notes])
    );
    store.delete_connections(&[notes])?;
    assert_eq!(
        store.hub_profile("claude")?.map(|p| p.connections),
        Some(vec![])
    );
    Ok(())
}

#[test]
fn an_unknown_connection_a_bad_name_or_budget_saves_nothing() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    let notes = store.insert_connection("Notes", &stdio("notes"))?.id;
    store.save_hub_profile(&profile("Claude", &[notes]))?;
    let unknown = store.save_hub_profile(&profile("Claude", &[ConnectionId(999)]));
    assert_eq!(
        unknown.map_err(|e| e.code).err(),
        Some(ErrorCode::UnknownConnection)
    );
    assert_eq!(
        store.hub_profile("Claude")?.map(|p| p.connections),
        Some(vec![notes])
    );
    for name in ["", "a/b", &"n".repeat(65)] {
        let refused = store.save_hub_profile(&profile(name, &[]));
        assert_eq!(
            refused.map_err(|e| e.code).err(),
            Some(ErrorCode::InvalidInput)
        );
    }
    let zero = HubProfile {
        default_budget: Some(0),
        ..profile("Zero", &[])
    };
    assert_eq!(
        store.save_hub_profile(&zero).map_err(|e| e.code).err(),
        Some(ErrorCode::InvalidInput)
    );
    assert_eq!(store.hub_profiles()?.len(), 1);
    Ok(())
}

#[test]
fn pausing_and_deleting_a_profile() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.save_hub_profile(&profile("Claude", &[]))?;
    assert_eq!(
        store
            .set_hub_profile_paused("claude", true)?
            .map(|p| p.paused),
        Some(true)
    );
    assert_eq!(store.hub_profile("Claude")?.map(|p| p.paused), Some(true));
    assert_eq!(store.set_hub_profile_paused("nobody", true)?, None);
    store.record_hub_activity("Claude", "2026-01-01T00:00:00Z", search("q"))?;
    assert!(store.delete_hub_profile("CLAUDE")?);
    assert!(!store.delete_hub_profile("Claude")?);
    assert_eq!(store.hub_profile("Claude")?, None);
    // Its activity went with it: a new profile of the same name starts with none.
    store.save_hub_profile(&profile("Claude", &[]))?;
    assert_eq!(store.hub_activity("Claude", 10)?, Some(vec![]));
    Ok(())
}

#[test]
fn activity_is_newest_first_and_the_201st_record_drops_the_oldest() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.save_hub_profile(&profile("Claude", &[]))?;
    store.save_hub_profile(&profile("Other", &[]))?;
    store.record_hub_activity("Other", "2026-01-01T00:00:00Z", search("other"))?;
    for n in 0..ACTIVITY_AT_MOST {
        assert!(store.record_hub_activity(
            "claude",
            "2026-01-01T00:00:00Z",
            search(&format!("q{n}"))
        )?);
    }
    let all = store.hub_activity("Claude", 1_000)?.unwrap_or_default();
    assert_eq!(all.len(), ACTIVITY_AT_MOST);
    assert_eq!(all[ACTIVITY_AT_MOST - 1].kind, search("q0"));
    store.record_hub_activity("Claude", "2026-01-02T00:00:00Z", search("newest"))?;
    let all = store.hub_activity("Claude", 1_000)?.unwrap_or_default();
    assert_eq!(all.len(), ACTIVITY_AT_MOST);
    assert_eq!(all[0].kind, search("newest"));
    assert_eq!(all[0].at, "2026-01-02T00:00:00Z");
    assert_eq!(all[0].profile, "Claude");
    assert_eq!(
        all[ACTIVITY_AT_MOST - 1].kind,
        search("q1"),
        "q0 was dropped"
    );
    // Another profile's records are its own, and a limit is a limit.
    assert_eq!(
        store.hub_activity("Other", 1_000)?.map(|a| a.len()),
        Some(1)
    );
    assert_eq!(store.hub_activity("Claude", 3)?.map(|a| a.len()), Some(3));
    // No profile, no record and no list.
    assert!(!store.record_hub_activity("nobody", "2026-01-01T00:00:00Z", search("x"))?);
    assert_eq!(store.hub_activity("nobody", 10)?, None);
    Ok(())
}

#[test]
fn a_long_string_is_kept_cut() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.save_hub_profile(&profile("Claude", &[]))?;
    let uri = format!("file:///{}", "a".repeat(10_000));
    store.record_hub_activity(
        "Claude",
        "2026-01-01T00:00:00Z",
        HubActivityKind::Read {
            connection: "Notes".to_owned(),
            uri,
        },
    )?;
    let kept = store.hub_activity("Claude", 1)?.unwrap_or_default();
    let Some(HubActivityKind::Read { uri, .. }) = kept.first().map(|a| a.kind.clone()) else {
        panic!("a read: {kept:?}");
    };
    assert!(
        uri.chars().count() <= ACTIVITY_TEXT_AT_MOST,
        "{}",
        uri.len()
    );
    assert!(uri.starts_with("file:///aaa") && uri.contains("characters left out"));
    Ok(())
}

#[test]
fn a_database_of_schema_10_is_migrated_with_its_connections_and_no_profile() -> LodeResult<()> {
    let dir =
        tempfile::tempdir().map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
    let path = dir.path().join("lode.db");
    {
        let old = Connection::open(&path).map_err(|e| storage_error("open", e))?;
        for sql in [
            include_str!("migrations/0001_connections.sql"),
            include_str!("migrations/0002_connection_settings.sql"),
            include_str!("migrations/0003_oauth_client_id.sql"),
            include_str!("migrations/0004_baskets.sql"),
            include_str!("migrations/0005_inherit_env.sql"),
            include_str!("migrations/0006_connection_ids.sql"),
            include_str!("migrations/0007_log_level_and_roots.sql"),
            include_str!("migrations/0008_connection_eras.sql"),
            include_str!("migrations/0009_oauth_client_metadata_url.sql"),
            include_str!("migrations/0010_searches.sql"),
        ] {
            old.execute_batch(sql)
                .map_err(|e| storage_error("migrate", e))?;
        }
        old.execute_batch(
            r#"INSERT INTO connections (name, transport) VALUES
                 ('Notes', '{"kind":"stdio","command":"notes","args":[]}');
               PRAGMA user_version = 10;"#,
        )
        .map_err(|e| storage_error("rows", e))?;
    }
    let store = Store::open(&path)?;
    // Migrated to the newest schema (11 added the profiles; later ones follow).
    let newest = i64::try_from(crate::migrations::latest_version()).unwrap_or(i64::MAX);
    assert_eq!(store.schema_version()?, newest);
    assert_eq!(store.hub_profiles()?, []);
    let notes = store.list_connections()?[0].id;
    store.save_hub_profile(&profile("Claude", &[notes]))?;
    drop(store);
    let reopened = Store::open(&path)?;
    assert_eq!(
        reopened.hub_profile("Claude")?.map(|p| p.connections),
        Some(vec![notes])
    );
    assert_eq!(reopened.integrity_check()?, "ok");
    Ok(())
}

#[test]
fn an_unknown_audience_fails_rather_than_widening_the_profile() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.save_hub_profile(&profile("Claude", &[]))?;
    store
        .conn()?
        .execute("UPDATE hub_profiles SET audience = '\"robots\"'", [])
        .map_err(|e| storage_error("write", e))?;
    assert_eq!(
        store.hub_profile("Claude").map_err(|e| e.code).err(),
        Some(ErrorCode::Storage)
    );
    Ok(())
}

#[test]
fn a_setting_can_be_deleted() -> LodeResult<()> {
    let store = Store::open_in_memory()?;
    store.set_setting("hub.token_generation.claude", "a")?;
    store.delete_setting("hub.token_generation.claude")?;
    assert_eq!(store.setting("hub.token_generation.claude")?, None);
    Ok(())
}
