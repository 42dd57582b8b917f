//! Resource templates end to end: the real demo server's templates listed through `Lode`, and
//! its completions, including one that depends on the arguments already chosen (`context`);
//! a server without templates gives an empty list, not an error.

use crate::support::demo as support;

use std::collections::BTreeMap;

use lode_app::Lode;
use lode_core::{ConnectionDraft, ConnectionId, ErrorCode, TransportSpec};
use support::demo;

fn open(dir: &tempfile::TempDir) -> (Lode, ConnectionId) {
    let lode = Lode::open(dir.path(), Some(demo())).expect("open Lode");
    let id = lode.list_connections().expect("list connections")[0].id;
    (lode, id)
}

fn context(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[tokio::test]
async fn lists_the_demo_servers_templates() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (lode, id) = open(&dir);

    let templates = lode.list_templates(id).await.expect("list templates");
    let shown: Vec<(&str, &str, Option<&str>)> = templates
        .iter()
        .map(|t| (t.name.as_str(), t.uri_template.as_str(), t.title.as_deref()))
        .collect();
    assert_eq!(
        shown,
        [
            ("project-file", "file:///{path}", Some("Project file")),
            ("table", "table://{name}", Some("Database table")),
            ("table-row", "table://{name}/{id}", Some("Table row")),
            ("slow-read", "demo://slow/{steps}", Some("Slow read")),
        ]
    );
    assert!(templates.iter().all(|t| t.server == "Demo"));
    assert_eq!(templates[1].mime_type.as_deref(), Some("application/json"));
    lode.shutdown().await;
}

#[tokio::test]
async fn completes_arguments_as_typed_and_from_the_other_arguments() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (lode, id) = open(&dir);

    let tables = lode
        .complete_template(id, "table://{name}", "name", "u", BTreeMap::new())
        .await
        .expect("complete name");
    assert_eq!(tables.values, ["user"]);
    assert_eq!(tables.total, Some(1));
    assert!(!tables.has_more);

    let paths = lode
        .complete_template(
            id,
            "file:///{path}",
            "path",
            "project/docs/g",
            BTreeMap::new(),
        )
        .await
        .expect("complete path");
    assert!(paths
        .values
        .contains(&"project/docs/guides/getting-started.md".to_owned()));

    // The same typed value completes differently depending on the table already chosen.
    let row = "table://{name}/{id}";
    let users = lode
        .complete_template(id, row, "id", "1", context(&[("name", "user")]))
        .await
        .expect("complete user ids");
    assert_eq!(users.values, ["1", "10", "11", "12"]);
    let items = lode
        .complete_template(id, row, "id", "1", context(&[("name", "item")]))
        .await
        .expect("complete item ids");
    assert_eq!(items.values, ["1", "10", "11", "12", "13", "14", "15"]);
    let no_table = lode
        .complete_template(id, row, "id", "1", BTreeMap::new())
        .await
        .expect("complete without a table");
    assert!(no_table.values.is_empty(), "{no_table:?}");
    lode.shutdown().await;
}

#[tokio::test]
async fn completion_errors_are_typed_and_leave_the_connection_usable() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (lode, id) = open(&dir);

    let unknown = lode
        .complete_template(id, "table://{name}", "colour", "", BTreeMap::new())
        .await
        .expect_err("no such argument");
    assert_eq!(unknown.code, ErrorCode::InvalidParams, "{unknown:?}");

    let missing = lode
        .list_templates(ConnectionId(9999))
        .await
        .expect_err("unknown connection");
    assert_eq!(missing.code, ErrorCode::UnknownConnection);

    assert_eq!(
        lode.list_templates(id).await.expect("still usable").len(),
        4
    );
    lode.shutdown().await;
}

/// A 2025-06-18 server that only knows `initialize`: every other request is -32601, as
/// servers without templates or completion answer (mcp-server-sqlite, for one).
const BARE_SERVER: &str = r#"
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9][0-9]*\).*/\1/p')
  [ -z "$id" ] && continue
  case "$line" in
    *'"method":"initialize"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"resources":{}},"serverInfo":{"name":"bare","version":"1"}}}\n' "$id" ;;
    *)
      printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done
"#;

#[tokio::test]
async fn a_server_without_templates_lists_none_and_completes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Lode::open(dir.path(), None).expect("open Lode");
    let bare = TransportSpec::Stdio {
        command: "sh".into(),
        args: vec!["-c".into(), BARE_SERVER.into()],
        env: Default::default(),
        cwd: None,
    };
    let connection = lode
        .add_connection(&ConnectionDraft::new("Bare", bare))
        .await
        .expect("add the bare server");

    let templates = lode
        .list_templates(connection.id)
        .await
        .expect("no templates is not an error");
    assert!(templates.is_empty());
    let completion = lode
        .complete_template(connection.id, "x://{a}", "a", "", BTreeMap::new())
        .await
        .expect("no completion is not an error");
    assert!(completion.values.is_empty() && !completion.has_more);
    lode.shutdown().await;
}
