//! Prompts and tools against the real demo server over stdio: listing, rendering a prompt,
//! completing its argument, calling a tool, and keeping both answers in a basket.

use crate::support::demo as support;

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_app::Lode;
use lode_core::basket::ItemKind;
use lode_core::{ConnectionDraft, ConnectionId, ContentBlock, ResourceContent, Role};
use lode_secrets::MemoryStore;
use serde_json::json;

fn open(dir: &tempfile::TempDir) -> Arc<Lode> {
    let secrets = Arc::new(MemoryStore::default());
    Arc::new(Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode"))
}

async fn add_demo(lode: &Lode) -> ConnectionId {
    let mut draft = ConnectionDraft::new("Demo", support::demo());
    draft.timeout_secs = 30;
    lode.add_connection(&draft).await.expect("added").id
}

#[tokio::test(flavor = "multi_thread")]
async fn prompts_are_listed_completed_rendered_and_kept_in_a_basket() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;

    let prompts = lode.list_prompts(demo).await.expect("prompts");
    let research = prompts
        .iter()
        .find(|p| p.name == "research")
        .expect("research");
    let topic = &research.arguments[0];
    assert_eq!((topic.name.as_str(), topic.required), ("topic", true));
    assert!(!research.arguments[1].required);

    let completion = lode
        .complete_prompt(demo, "research", "topic", "st", BTreeMap::new())
        .await
        .expect("complete");
    assert!(
        completion.values.iter().any(|v| v == "stock alerts"),
        "{completion:?}"
    );

    let arguments = BTreeMap::from([
        ("topic".to_owned(), "stock alerts".to_owned()),
        ("depth".to_owned(), "brief".to_owned()),
    ]);
    let result = lode
        .get_prompt(demo, "research", &arguments)
        .await
        .expect("prompt");
    assert_eq!(result.messages.len(), 1);
    assert_eq!(result.messages[0].role, Role::User);
    let ContentBlock::Text { text, .. } = &result.messages[0].content else {
        panic!("text expected: {result:?}");
    };
    assert!(text.contains("stock alerts"), "{text}");

    let missing = lode.get_prompt(demo, "research", &BTreeMap::new()).await;
    assert!(missing.is_err(), "a required argument left out is refused");

    let basket = lode.create_basket("ctx", None).expect("basket").id;
    let report = lode
        .add_prompt_to_basket(basket, demo, "research", &arguments, &result)
        .expect("add");
    assert_eq!((report.added, report.refreshed), (1, 0));
    let again = lode
        .add_prompt_to_basket(basket, demo, "research", &arguments, &result)
        .expect("add again");
    assert_eq!(
        (again.added, again.refreshed),
        (0, 1),
        "same prompt, same arguments"
    );

    let kept = lode.basket(basket).expect("basket");
    let item = &kept.items[0];
    assert_eq!(item.kind, ItemKind::Prompt);
    assert_eq!(item.server, "Demo");
    assert_eq!(
        item.uri,
        "lode-prompt:research?depth=brief&topic=stock+alerts"
    );
    match item.contents.as_slice() {
        [ResourceContent::Text { text: kept, .. }] => assert_eq!(kept, &format!("user: {text}")),
        other => panic!("one text expected, got {other:?}"),
    }
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn tools_are_listed_called_and_their_results_kept_in_a_basket() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;

    let tools = lode.list_tools(demo).await.expect("tools");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    assert!(
        names.contains(&"add_note") && names.contains(&"row_count"),
        "{names:?}"
    );
    let row_count = tools
        .iter()
        .find(|t| t.name == "row_count")
        .expect("row_count");
    assert_eq!(row_count.input_schema["required"], json!(["table"]));
    // The server's annotations come through: the window shows them, the confirmation uses them.
    let hints = row_count
        .annotations
        .as_ref()
        .expect("row_count is annotated");
    assert_eq!(
        (hints.read_only_hint, hints.idempotent_hint),
        (Some(true), Some(true))
    );
    let tables = row_count.input_schema["properties"]["table"]["enum"]
        .as_array()
        .expect("enum of tables")
        .clone();
    let table = tables[0].as_str().expect("table name").to_owned();

    let arguments = json!({ "table": table });
    let result = lode
        .call_tool(demo, "row_count", arguments.clone())
        .await
        .expect("call");
    assert!(!result.is_error, "{result:?}");
    let ContentBlock::Text { text: count, .. } = &result.content[0] else {
        panic!("text expected: {result:?}");
    };
    count.parse::<u64>().expect("a count");

    let failed = lode
        .call_tool(demo, "row_count", json!({ "table": "no such table" }))
        .await
        .expect("a tool error is a result");
    assert!(failed.is_error);

    let basket = lode.create_basket("ctx", None).expect("basket").id;
    lode.add_tool_result_to_basket(basket, demo, "row_count", &arguments, &result)
        .expect("add");
    lode.add_tool_result_to_basket(
        basket,
        demo,
        "row_count",
        &json!({ "table": "no such table" }),
        &failed,
    )
    .expect("add the error");
    let kept = lode.basket(basket).expect("basket");
    assert_eq!(kept.items.len(), 2);
    let first = &kept.items[0];
    assert_eq!(first.kind, ItemKind::ToolResult);
    assert_eq!(first.uri, format!("lode-tool:row_count?table={table}"));
    assert!(
        matches!(first.contents.as_slice(), [ResourceContent::Text { text, .. }] if text == count)
    );
    assert_eq!(kept.items[1].title.as_deref(), Some("row_count (error)"));
    assert_eq!(kept.items[1].uri, "lode-tool:row_count?table=no+such+table");
    lode.shutdown().await;
}
