//! Skills through lode-app, against the official TypeScript SDK v2's skills server
//! (tests/servers/skills-sdk-server.mjs, which lists no skill file in `resources/list`) and a
//! server whose file changed since listed (tests/servers/skills-server.mjs --tampered): skills'
//! files are a kind in the browser, known from `skills/list`; a preview read of one is checked
//! against its digest; a whole skill goes to a basket in one action, every file of it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_app::ReadPiece;
use lode_core::basket::ItemKind;
use lode_core::browse::ListingState;
use lode_core::index::{Filters, Query, ResourceKind};
use lode_core::skills::FileCheck;
use lode_core::{ConnectionDraft, ConnectionId, TransportSpec};

fn node_server(script: &str, args: &[&str]) -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/")
        .join(script);
    let mut all = vec![script.display().to_string()];
    all.extend(args.iter().map(|arg| (*arg).to_owned()));
    TransportSpec::Stdio {
        command: "node".into(),
        args: all,
        env: Default::default(),
        cwd: None,
    }
}

/// Waits until every one of `servers` is listed with its skills.
async fn until_listed(lode: &Lode, servers: &[&str]) {
    let mut changes = lode.browse_changes();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let status = lode.browse_status();
        let done = servers.iter().all(|name| {
            status
                .servers
                .iter()
                .any(|s| s.server == *name && s.state == ListingState::Listed)
        });
        if done {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if tokio::time::timeout(left, changes.changed()).await.is_err() {
            panic!("timed out waiting for {servers:?}; last status: {status:#?}");
        }
    }
}

async fn skill_rows(lode: &Lode, server: &str) -> Vec<(String, Option<String>)> {
    let answer = lode
        .browse_list(Query {
            filters: Filters {
                servers: Some(vec![server.to_owned()]),
                kind: Some(ResourceKind::Skill),
                ..Filters::default()
            },
            limit: 100,
            ..Query::default()
        })
        .await
        .expect("list");
    let mut rows: Vec<_> = answer
        .rows
        .into_iter()
        .map(|row| (row.item.uri, row.skill))
        .collect();
    rows.sort();
    rows
}

async fn skill_check(lode: &Lode, id: ConnectionId, uri: &str) -> Option<FileCheck> {
    let mut heads = None;
    lode.read_resource_in_pieces(id, uri, None, 1 << 20, |piece| {
        if let ReadPiece::Started { contents, .. } = piece {
            heads = Some(contents);
        }
        Ok(())
    })
    .await
    .expect("read");
    heads.expect("a read starts with its heads")[0]
        .skill_check
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skills_are_a_kind_checked_against_their_digests_and_added_whole() {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let sdk = lode
        .add_connection(&ConnectionDraft::new(
            "Sdk",
            node_server("skills-sdk-server.mjs", &[]),
        ))
        .await
        .expect("added")
        .id;
    let tampered = lode
        .add_connection(&ConnectionDraft::new(
            "Notes",
            node_server("skills-server.mjs", &["--tampered"]),
        ))
        .await
        .expect("added")
        .id;
    lode.start_all().await.expect("started");
    until_listed(&lode, &["Sdk", "Notes"]).await;

    // The SDK's server lists none of its skills' files in `resources/list`: every one comes
    // from `skills/list`, each marked with the SKILL.md of its skill.
    let refunds = "skill://acme/billing/refunds/SKILL.md";
    let git = "skill://git-workflow/SKILL.md";
    let of = |skill: &str| Some(skill.to_owned());
    assert_eq!(
        skill_rows(&lode, "Sdk").await,
        [
            (
                "skill://acme/billing/refunds/SKILL.md".to_owned(),
                of(refunds)
            ),
            (
                "skill://acme/billing/refunds/assets/logo.png".to_owned(),
                of(refunds)
            ),
            (
                "skill://acme/billing/refunds/examples/email.md".to_owned(),
                of(refunds)
            ),
            ("skill://git-workflow/SKILL.md".to_owned(), of(git)),
        ]
    );
    // The tampered server's refused entry (a folder not named as its frontmatter) makes
    // nothing a skill; its listed SKILL.md and the unlisted template are the skill's.
    let notes = "skill://notes/SKILL.md";
    assert_eq!(
        skill_rows(&lode, "Notes").await,
        [
            ("skill://notes/SKILL.md".to_owned(), of(notes)),
            ("skill://notes/template.md".to_owned(), of(notes)),
        ]
    );

    // Each read is checked: text by its UTF-8 bytes, a PNG by its decoded bytes.
    for uri in [refunds, "skill://acme/billing/refunds/assets/logo.png"] {
        assert_eq!(
            skill_check(&lode, sdk, uri).await,
            Some(FileCheck::Matches),
            "{uri}"
        );
    }
    assert_eq!(
        skill_check(&lode, tampered, notes).await,
        Some(FileCheck::Matches)
    );
    let Some(FileCheck::Changed { listed, found, .. }) =
        skill_check(&lode, tampered, "skill://notes/template.md").await
    else {
        panic!("the changed file is not flagged");
    };
    assert_ne!(listed, found);

    // The details name the skill from any of its files.
    let details = lode
        .skill_details(sdk, "skill://acme/billing/refunds/examples/email.md")
        .await
        .expect("details");
    assert_eq!(details.name, "refunds");
    assert!(lode
        .skill_details(sdk, "skill://nowhere/SKILL.md")
        .await
        .is_err());

    // The whole skill, every file, in one action, with one token total.
    let basket = lode.create_basket("skills", None).expect("basket").id;
    let added = lode
        .add_skill_to_basket(
            basket,
            sdk,
            "skill://acme/billing/refunds/examples/email.md",
        )
        .await
        .expect("added");
    assert_eq!((added.files, added.report.added), (3, 3), "{added:?}");
    assert!(added.report.failed.is_empty(), "{added:?}");
    let items = lode.basket(basket).expect("basket").items;
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].uri, refunds, "SKILL.md comes first");
    assert!(items.iter().all(|item| item.kind == ItemKind::SkillFile));
    let tokens: u64 = items.iter().map(|item| item.tokens).sum();
    assert!(tokens > 0);
    assert_eq!(added.tokens, tokens);

    // `lode serve` hands the skill on as it came: Lode itself, connected to its served basket,
    // finds the skill under the server's label with every file matching its digest.
    let serving = lode
        .serve_basket_http("skills", "127.0.0.1:0".parse().expect("address"))
        .await
        .expect("served");
    let token = lode.serve_token().await.expect("token");
    let served = lode
        .add_connection(&ConnectionDraft::new(
            "Served",
            TransportSpec::Http {
                url: serving.url(),
                headers: [(
                    "Authorization".to_owned(),
                    format!("Bearer {}", token.expose()),
                )]
                .into(),
            },
        ))
        .await
        .expect("added")
        .id;
    lode.start_all().await.expect("started");
    until_listed(&lode, &["Served"]).await;
    let handed_on = "skill://sdk/acme/billing/refunds/SKILL.md";
    let rows = skill_rows(&lode, "Served").await;
    let uris: Vec<&str> = rows.iter().map(|(uri, _)| uri.as_str()).collect();
    assert!(uris.contains(&handed_on), "{rows:?}");
    assert!(
        uris.contains(&"skill://sdk/acme/billing/refunds/assets/logo.png"),
        "{rows:?}"
    );
    for uri in uris {
        if uri.starts_with("skill://") {
            assert_eq!(
                skill_check(&lode, served, uri).await,
                Some(FileCheck::Matches),
                "{uri}"
            );
        }
    }
    let details = lode
        .skill_details(served, handed_on)
        .await
        .expect("details");
    assert_eq!(details.name, "refunds");
}

/// A dynamic skill lists no files: where its server declares `directoryRead`, Lode walks its
/// folders (`resources/directory/read`), a nested one too, and its files join the browser as
/// the skill's. With no digests listed, nothing is checked (and nothing claims a match).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dynamic_skills_files_are_found_by_reading_its_folders() {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let id = lode
        .add_connection(&ConnectionDraft::new(
            "Dynamic",
            node_server("skills-server.mjs", &["--dynamic"]),
        ))
        .await
        .expect("added")
        .id;
    lode.start_all().await.expect("started");
    until_listed(&lode, &["Dynamic"]).await;
    let notes = Some("skill://notes/SKILL.md".to_owned());
    assert_eq!(
        skill_rows(&lode, "Dynamic").await,
        [
            ("skill://notes/SKILL.md".to_owned(), notes.clone()),
            ("skill://notes/archive/2026/q3.md".to_owned(), notes.clone()),
            ("skill://notes/template.md".to_owned(), notes),
        ]
    );
    assert_eq!(
        skill_check(&lode, id, "skill://notes/template.md").await,
        None
    );
}
