//! The demo server's catalog in-process: listing, annotations, reads, errors, templates.

use crate::support;

use support::*;

#[tokio::test]
async fn pagination_returns_every_resource_once_in_pages_of_the_configured_size() {
    let (demo, client, _) = start(options(7, 60_000)).await;
    let pages = list_pages(&client).await;
    let all: Vec<_> = pages.iter().flatten().collect();
    let uris: HashSet<_> = all.iter().map(|r| r.uri.as_str()).collect();

    assert_eq!(all.len(), demo.total());
    assert_eq!(uris.len(), all.len(), "no resource is listed twice");
    assert!(
        all.len() >= 60,
        "about sixty fixed resources, got {}",
        all.len()
    );
    assert_eq!(pages.len(), all.len().div_ceil(7));
    assert!(pages.iter().all(|page| page.len() <= 7));
    for uri in [
        "file:///project/README.md",
        "file:///project/docs/guides/getting-started.md",
        "table://user",
        "table://item",
        "beeos://agent/config",
        "beeos://agent/skills",
        "demo://clock/now",
    ] {
        assert!(uris.contains(uri), "{uri} is listed");
    }
    let schemes: HashSet<_> = uris
        .iter()
        .filter_map(|u| u.split_once("://"))
        .map(|(s, _)| s)
        .collect();
    assert!(schemes.len() >= 3, "at least three schemes: {schemes:?}");

    let bad = client
        .list_resources(Some(
            PaginatedRequestParams::default().with_cursor(Some("x".into())),
        ))
        .await
        .expect_err("a malformed cursor is refused");
    assert_eq!(error_code(bad), ErrorCode::INVALID_PARAMS);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn page_size_zero_lists_everything_in_one_page_including_synthetic() {
    let mut options = options(0, 60_000);
    options.synthetic = 2_500;
    let (demo, client, _) = start(options).await;
    let pages = list_pages(&client).await;
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].len(), demo.total());
    let synthetic = pages[0]
        .iter()
        .filter(|r| r.uri.starts_with("demo://synthetic/"))
        .count();
    assert_eq!(synthetic, 2_500);

    let last = pages[0].last().expect("non-empty");
    let text = text_of(read(&client, &last.uri).await);
    assert_eq!(Some(text.len() as u64), last.size);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn every_annotation_combination_is_present_including_absent() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let all: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();

    let audiences = [
        Some(vec![Role::User]),
        Some(vec![Role::Assistant]),
        Some(vec![Role::User, Role::Assistant]),
        None,
    ];
    let priorities: Vec<Option<i32>> = (0..=10).map(Some).chain([None]).collect();
    let seen: HashSet<(String, Option<i32>)> = all
        .iter()
        .map(|r| {
            let annotations = r.annotations.as_ref();
            let audience = annotations.and_then(|a| a.audience.clone());
            let priority = annotations
                .and_then(|a| a.priority)
                .map(|p| (p * 10.0).round() as i32);
            (format!("{audience:?}"), priority)
        })
        .collect();
    for audience in &audiences {
        for priority in &priorities {
            assert!(
                seen.contains(&(format!("{audience:?}"), *priority)),
                "audience {audience:?} with priority {priority:?}"
            );
        }
    }

    assert!(
        all.iter().any(|r| r.annotations.is_none()),
        "a resource with no annotations"
    );
    let stamps: Vec<Option<&String>> = all
        .iter()
        .map(|r| {
            r.annotations
                .as_ref()
                .and_then(|a| a.last_modified.as_ref())
        })
        .collect();
    assert!(
        stamps.iter().any(Option::is_none),
        "lastModified absent somewhere"
    );
    let now = Utc::now();
    let times: Vec<DateTime<Utc>> = stamps
        .iter()
        .flatten()
        .map(|s| {
            DateTime::parse_from_rfc3339(s)
                .expect("RFC 3339")
                .with_timezone(&Utc)
        })
        .collect();
    assert!(times.len() > 30);
    assert!(times.iter().all(|t| *t <= now + TimeDelta::minutes(1)));
    assert!(times.iter().all(|t| *t >= now - TimeDelta::days(366)));
    let oldest = times.iter().min().expect("some");
    assert!(
        *oldest < now - TimeDelta::days(180),
        "spread over the past year"
    );

    // Most resources carry the descriptive fields.
    let described = all
        .iter()
        .filter(|r| r.title.is_some() && r.description.is_some() && r.size.is_some())
        .count();
    assert!(described * 10 >= all.len() * 9);
    assert!(all.iter().filter(|r| r.icons.is_some()).count() * 4 >= all.len() * 3);
    assert!(
        all.iter().any(|r| r.mime_type.is_none()),
        "one resource has no mimeType"
    );
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn reads_text_tables_blobs_with_sizes_that_match_the_listing() {
    let (_, client, _) = start(options(0, 60_000)).await;

    let readme = text_of(read(&client, "file:///project/README.md").await);
    assert!(readme.starts_with("# Atlas"));

    let user: Value = serde_json::from_str(&text_of(read(&client, "table://user").await))
        .expect("table text is JSON");
    assert_eq!(user["table"], "user");
    let records = user["records"].as_array().expect("records array");
    assert!(records.len() >= 10);
    assert_eq!(user["count"].as_u64(), Some(records.len() as u64));

    let row: Value = serde_json::from_str(&text_of(read(&client, "table://user/3").await))
        .expect("row text is JSON");
    assert_eq!(row["record"]["id"], 3);

    let png = blob_of(read(&client, "file:///project/assets/logo.png").await);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let pdf = blob_of(read(&client, "file:///project/docs/spec.pdf").await);
    assert!(pdf.starts_with(b"%PDF-1.4"));

    let config: Value = serde_json::from_str(&text_of(read(&client, "beeos://agent/config").await))
        .expect("agent config is JSON");
    assert!(config["model"].is_string() && config["tools"].is_array());
    let skills: Value = serde_json::from_str(&text_of(read(&client, "beeos://agent/skills").await))
        .expect("skills are JSON");
    assert!(skills["skills"][0]["description"].is_string());

    // `size` is the byte length of what a read returns, for every fixed resource.
    let all = list_pages(&client).await.remove(0);
    for resource in &all {
        let contents = read(&client, &resource.uri).await;
        let (length, mime) = match contents {
            ResourceContents::TextResourceContents {
                text, mime_type, ..
            } => (text.len(), mime_type),
            ResourceContents::BlobResourceContents {
                blob, mime_type, ..
            } => (
                base64::engine::general_purpose::STANDARD
                    .decode(blob)
                    .expect("base64")
                    .len(),
                mime_type,
            ),
            other => panic!("unexpected contents {other:?}"),
        };
        assert_eq!(
            Some(length as u64),
            resource.size,
            "size of {}",
            resource.uri
        );
        assert_eq!(mime, resource.mime_type, "mimeType of {}", resource.uri);
    }
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn unknown_uri_is_resource_not_found_with_the_uri_in_the_message() {
    let (_, client, _) = start(options(50, 60_000)).await;
    for uri in [
        "file:///project/nope.md",
        "table://nope",
        "table://user/999",
        "demo://notes/1",
    ] {
        let error = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await
            .expect_err("unknown resource");
        let ServiceError::McpError(data) = error else {
            panic!("expected an MCP error for {uri}");
        };
        assert_eq!(data.code, ErrorCode::RESOURCE_NOT_FOUND, "{uri}");
        assert_eq!(data.code.0, -32002);
        assert!(
            data.message.contains(uri),
            "message names {uri}: {}",
            data.message
        );
    }
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn templates_complete_table_names_ids_file_paths_and_prompt_values() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let templates = client
        .list_all_resource_templates()
        .await
        .expect("templates");
    let patterns: Vec<_> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert!(patterns.contains(&"table://{name}") && patterns.contains(&"file:///{path}"));

    let tables = client
        .complete_resource_simple("table://{name}", "name", "u")
        .await
        .expect("completion");
    assert_eq!(tables, ["user"]);

    let paths = client
        .complete_resource_simple("file:///{path}", "path", "project/docs/g")
        .await
        .expect("completion");
    assert!(paths.contains(&"project/docs/guides/getting-started.md".to_owned()));
    assert!(paths.iter().all(|p| p.starts_with("project/docs/g")));

    let context =
        CompletionContext::with_arguments([("name".to_owned(), "user".to_owned())].into());
    let ids = client
        .complete_resource_argument("table://{name}/{id}", "id", "1", Some(context))
        .await
        .expect("completion");
    assert_eq!(ids.values, ["1", "10", "11", "12"]);
    assert_eq!(ids.total, Some(4));

    let depth = client
        .complete_prompt_simple("research", "depth", "d")
        .await
        .expect("completion");
    assert_eq!(depth, ["deep"]);
    let all_depths = client
        .complete_prompt_simple("research", "depth", "")
        .await
        .expect("completion");
    assert_eq!(all_depths, ["brief", "standard", "deep"]);
    client.cancel().await.expect("client closes");
}
