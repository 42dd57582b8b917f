//! The demo server's live behaviour in-process: subscriptions, list changes, tools, prompts.

use crate::support;

use support::*;

#[tokio::test]
#[allow(deprecated)] // resources/subscribe is the pre-2026-07-28 mechanism, still widely used.
async fn subscription_delivers_clock_updates_until_unsubscribed() {
    let (_, client, mut events) = start(options(50, 100)).await;
    client
        .subscribe(SubscribeRequestParams::new("demo://clock/now"))
        .await
        .expect("subscribe");
    let heard = next_heard(&mut events, Duration::from_secs(3)).await;
    assert_eq!(heard, Some(Heard::Updated("demo://clock/now".into())));

    let first = text_of(read(&client, "demo://clock/now").await);
    assert!(first.starts_with("Current time: "));

    client
        .unsubscribe(UnsubscribeRequestParams::new("demo://clock/now"))
        .await
        .expect("unsubscribe");
    // A tick already in flight may still land; after that, silence.
    tokio::time::sleep(Duration::from_millis(250)).await;
    while events.try_recv().is_ok() {}
    assert_eq!(
        next_heard(&mut events, Duration::from_millis(600)).await,
        None
    );

    let refused = client
        .subscribe(SubscribeRequestParams::new("demo://nope"))
        .await
        .expect_err("subscribing to an unknown resource");
    assert_eq!(error_code(refused), ErrorCode::RESOURCE_NOT_FOUND);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn add_note_notifies_list_changed_and_the_note_is_listed_and_readable() {
    let (demo, client, mut events) = start(options(50, 60_000)).await;
    // A second client sees the change too: list_changed goes to every session.
    let (other, mut other_events) = connect(demo.clone()).await;
    let before = demo.total();

    let arguments = json!({ "title": "Standup", "text": "Ship the demo server." });
    let result = client
        .call_tool(
            CallToolRequestParams::new("add_note")
                .with_arguments(arguments.as_object().cloned().expect("object")),
        )
        .await
        .expect("add_note");
    assert_ne!(result.is_error, Some(true));

    assert_eq!(
        next_heard(&mut events, Duration::from_secs(3)).await,
        Some(Heard::ListChanged)
    );
    assert_eq!(
        next_heard(&mut other_events, Duration::from_secs(3)).await,
        Some(Heard::ListChanged)
    );

    let all: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();
    assert_eq!(all.len(), before + 1);
    let note = all
        .iter()
        .find(|r| r.uri == "demo://notes/1")
        .expect("the note is listed");
    assert_eq!(note.title.as_deref(), Some("Standup"));
    let text = text_of(read(&client, "demo://notes/1").await);
    assert!(text.contains("Ship the demo server."));
    assert_eq!(Some(text.len() as u64), note.size);

    other.cancel().await.expect("client closes");
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn tools_and_prompt_behave() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let tools = client.list_all_tools().await.expect("tools");
    let names: Vec<_> = tools.iter().map(|t| t.name.as_ref()).collect();
    // The one assertion of the demo's tools and their order (the CLI's tests only check that
    // `lode tools` lists what a server lists): a tool added to the demo is added here.
    assert_eq!(
        names,
        [
            "add_note",
            "row_count",
            "slow_count",
            "ask_form",
            "ask_url",
            "ask_reply",
            "demo_clock"
        ]
    );

    let count = client
        .call_tool(
            CallToolRequestParams::new("row_count").with_arguments(
                json!({ "table": "item" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("row_count");
    let text = count.content[0].as_text().expect("text").text.clone();
    assert_eq!(text, "15");

    let missing = client
        .call_tool(
            CallToolRequestParams::new("row_count").with_arguments(
                json!({ "table": "nope" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("a tool-level error, not a protocol error");
    assert_eq!(missing.is_error, Some(true));

    let prompts = client.list_all_prompts().await.expect("prompts");
    assert_eq!(prompts[0].name, "research");
    let prompt = client
        .get_prompt(
            GetPromptRequestParams::new("research").with_arguments(
                json!({ "topic": "stock alerts", "depth": "brief" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("prompt");
    assert_eq!(prompt.messages.len(), 1);
    assert_eq!(prompt.messages[0].role, Role::User);
    let body = serde_json::to_string(&prompt.messages[0].content).expect("serialises");
    assert!(body.contains("stock alerts") && body.contains("five bullet points"));

    let error = client
        .get_prompt(GetPromptRequestParams::new("research"))
        .await
        .expect_err("topic is required");
    assert_eq!(error_code(error), ErrorCode::INVALID_PARAMS);

    let info = client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("lode-demo-server")
    );
    client.cancel().await.expect("client closes");
}

/// 2026-07-28 clients have no `initialize` and no `resources/subscribe`: they hold
/// `subscriptions/listen` open. Lode's Auto lifecycle takes this path with us.

#[tokio::test]
async fn modern_clients_listen_for_clock_updates_and_list_changes() {
    let demo = Demo::launch(options(50, 100)).expect("demo");
    let client = ()
        .serve_with_lifecycle(
            serve_in_process(demo.clone()),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("discover lifecycle");
    let mut subscription = client
        .listen(
            SubscriptionFilter::builder()
                .resources_list_changed()
                .resource_subscription("demo://clock/now")
                .resource_subscription("demo://does-not-exist")
                .build(),
        )
        .await
        .expect("listen");
    assert_eq!(
        subscription.acknowledged().resource_subscriptions,
        Some(vec!["demo://clock/now".to_owned()]),
        "only existing URIs are acknowledged"
    );

    let update = tokio::time::timeout(Duration::from_secs(3), subscription.next())
        .await
        .expect("an update within 3 s")
        .expect("subscription open")
        .expect("a notification");
    let ServerNotification::ResourceUpdatedNotification(update) = update else {
        panic!("expected resources/updated, got {update:?}");
    };
    assert_eq!(update.params.uri, "demo://clock/now");

    client
        .call_tool(
            CallToolRequestParams::new("add_note").with_arguments(
                json!({ "title": "t", "text": "x" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("add_note");
    let list_changed = async {
        loop {
            match subscription.next().await {
                Ok(Some(ServerNotification::ResourceListChangedNotification(_))) => return true,
                Ok(Some(_)) => continue,
                _ => return false,
            }
        }
    };
    assert!(tokio::time::timeout(Duration::from_secs(3), list_changed)
        .await
        .expect("list_changed within 3 s"));

    // SEP-2164: from 2026-07-28, rmcp maps resource-not-found to -32602.
    let error = client
        .read_resource(ReadResourceRequestParams::new("demo://nope"))
        .await
        .expect_err("unknown resource");
    assert_eq!(error_code(error), ErrorCode::INVALID_PARAMS);

    drop(subscription);
    client.cancel().await.expect("client closes");
}
