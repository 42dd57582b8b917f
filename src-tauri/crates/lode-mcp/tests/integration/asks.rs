//! Elicitation and sampling end to end: the demo server (2026-07-28, asks carried by
//! `input_required` rounds) and a server on the official TypeScript SDK (2025-11-25, asks sent
//! as requests to the client), answered by a scripted asker in place of the person.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lode_core::asks::{
    AskRequest, ElicitationAnswer, ElicitationMode, ElicitationRequest, SamplingAnswer,
    SamplingContent, SamplingRequest,
};
use lode_core::{ToolResult, TransportSpec};
use lode_mcp::{AskFuture, AskRefused, ConnectOptions, McpClient, ServerAsks};
use serde_json::{json, Value};

/// Answers like a person who accepts every form as it is and types one reply; or, `hanging`,
/// like a person who never answers (counting the asks dropped unanswered).
#[derive(Debug, Default)]
struct Person {
    seen: Mutex<Vec<AskRequest>>,
    hanging: bool,
    dropped: Arc<AtomicUsize>,
    limit: Option<Duration>,
}

struct CountDrop(Arc<AtomicUsize>);
impl Drop for CountDrop {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

impl Person {
    fn answer<T: Send + 'static>(&self, answer: T) -> AskFuture<T> {
        if self.hanging {
            let guard = CountDrop(self.dropped.clone());
            Box::pin(async move {
                let _guard = guard;
                std::future::pending::<T>().await
            })
        } else {
            Box::pin(async move { answer })
        }
    }
}

impl ServerAsks for Person {
    fn elicit(
        &self,
        request: ElicitationRequest,
    ) -> Result<AskFuture<ElicitationAnswer>, AskRefused> {
        let content = match &request.mode {
            ElicitationMode::Form { form, .. } => form.defaults.clone(),
            ElicitationMode::Url { .. } => serde_json::Map::new(),
        };
        self.seen
            .lock()
            .unwrap()
            .push(AskRequest::Elicitation(request));
        Ok(self.answer(ElicitationAnswer::Accept { content }))
    }

    fn sample(&self, request: SamplingRequest) -> Result<AskFuture<SamplingAnswer>, AskRefused> {
        self.seen
            .lock()
            .unwrap()
            .push(AskRequest::Sampling(request));
        Ok(self.answer(SamplingAnswer::Reply {
            text: "hello from a person".into(),
            model: "human".into(),
        }))
    }

    fn time_limit(&self) -> Duration {
        self.limit.unwrap_or(lode_mcp::ASK_TIME_LIMIT)
    }
}

fn demo_spec() -> TransportSpec {
    let exe = std::env::current_exe().expect("test executable");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>");
    TransportSpec::Stdio {
        command: dir.join("lode-demo-server").display().to_string(),
        args: vec!["stdio".into()],
        env: Default::default(),
        cwd: None,
    }
}

fn sdk_server_spec(give_up_ms: u64) -> TransportSpec {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/servers/asks-server.mjs");
    TransportSpec::Stdio {
        command: "node".into(),
        args: vec![
            script.display().to_string(),
            "--give-up-ms".into(),
            give_up_ms.to_string(),
        ],
        env: Default::default(),
        cwd: None,
    }
}

async fn connect(spec: &TransportSpec, person: Option<Arc<Person>>) -> McpClient {
    let mut options = ConnectOptions::new("asks");
    options.request_timeout = Duration::from_secs(20);
    options.asks = person.map(|p| p as Arc<dyn ServerAsks>);
    McpClient::connect(spec, options).await.expect("connect")
}

fn text(result: &ToolResult) -> String {
    match result.content.first() {
        Some(lode_core::ContentBlock::Text { text, .. }) => text.clone(),
        other => panic!("expected text, got {other:?}"),
    }
}

/// The JSON a tool of the SDK server answered with.
fn answered(result: &ToolResult) -> Value {
    serde_json::from_str(&text(result)).expect("JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_receives_the_form_defaults_and_the_typed_reply() {
    let person = Arc::new(Person::default());
    let client = connect(&demo_spec(), Some(person.clone())).await;

    let form = client
        .call_tool("ask_form", json!({}))
        .await
        .expect("ask_form");
    let sent = text(&form);
    let json_part = sent.strip_prefix("The client answered: ").expect(&sent);
    let answer: Value = serde_json::from_str(json_part).expect("JSON");
    assert_eq!(answer["action"], "accept");
    assert_eq!(
        answer["content"],
        json!({"name": "Ada Lovelace", "email": "ada@example.org", "website": "https://example.org",
            "born": "1815-12-10", "age": 36, "rating": 4.5, "newsletter": true, "colour": "green",
            "size": "m", "toppings": ["cheese", "olives"]})
    );

    let url = client
        .call_tool("ask_url", json!({}))
        .await
        .expect("ask_url");
    assert_eq!(text(&url), r#"The client answered: {"action":"accept"}"#);

    let reply = client
        .call_tool("ask_reply", json!({}))
        .await
        .expect("ask_reply");
    assert_eq!(text(&reply), "Reply from human: hello from a person");

    let seen = person.seen.lock().unwrap().clone();
    let [AskRequest::Elicitation(form), AskRequest::Elicitation(url), AskRequest::Sampling(sampling)] =
        seen.as_slice()
    else {
        panic!("expected two elicitations and a sampling request, saw {seen:?}");
    };
    let ElicitationMode::Form { form, .. } = &form.mode else {
        panic!("a form")
    };
    assert_eq!(form.fields.len(), 10);
    assert!(form
        .fields
        .iter()
        .any(|f| f.name == "toppings" && !f.required));
    assert!(form.fields.iter().any(|f| f.name == "email" && f.required));
    assert!(
        matches!(&url.mode, ElicitationMode::Url { opens: true, url, .. } if url.starts_with("https://"))
    );
    assert_eq!(sampling.max_tokens, 200);
    assert_eq!(
        sampling.system_prompt.as_deref(),
        Some("You are a poet who answers in exactly three lines.")
    );
    assert_eq!(
        sampling.model_preferences.as_ref().map(|p| p.hints.clone()),
        Some(vec!["claude".to_owned()])
    );
    assert!(
        matches!(&sampling.messages[0].content[0], SamplingContent::Text { text } if text.contains("haiku"))
    );
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sdk_server_asks_directly_and_sees_both_capabilities() {
    let person = Arc::new(Person::default());
    let client = connect(&sdk_server_spec(5_000), Some(person.clone())).await;

    let form = answered(
        &client
            .call_tool("elicit_defaults", json!({}))
            .await
            .expect("call"),
    );
    assert_eq!(
        form["capabilities"]["elicitation"],
        json!({"form": {}, "url": {}})
    );
    assert_eq!(form["capabilities"]["sampling"], json!({}));
    // MCP Apps: Lode says it shows apps, so a server may offer it its app tools.
    assert_eq!(
        form["capabilities"]["extensions"]["io.modelcontextprotocol/ui"],
        json!({"mimeTypes": ["text/html;profile=mcp-app"]})
    );
    assert_eq!(
        form["result"],
        json!({"action": "accept", "content": {"name": "John Doe", "age": 30, "score": 95.5,
            "status": "active", "verified": true}})
    );
    // The form's fields in the order the server wrote them (`elicitation/create`), not
    // alphabetically: rmcp keeps the wire order (`ElicitationSchema::property_order`).
    let fields: Vec<String> = match person.seen.lock().unwrap().first() {
        Some(AskRequest::Elicitation(ElicitationRequest {
            mode: ElicitationMode::Form { form, .. },
            ..
        })) => form.fields.iter().map(|f| f.name.clone()).collect(),
        other => panic!("a form first, saw {other:?}"),
    };
    assert_eq!(fields, ["name", "age", "score", "status", "verified"]);

    let url = answered(
        &client
            .call_tool("elicit_url", json!({}))
            .await
            .expect("call"),
    );
    assert_eq!(url, json!({"action": "accept"}));

    let reply = answered(&client.call_tool("sample", json!({})).await.expect("call"));
    assert_eq!(reply["role"], "assistant");
    assert_eq!(reply["model"], "human");
    assert_eq!(
        reply["content"],
        json!({"type": "text", "text": "hello from a person"})
    );
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_asker_lode_offers_neither_and_declines() {
    let client = connect(&sdk_server_spec(5_000), None).await;
    // The SDK refuses to elicit from a client that did not offer it (a JSON-RPC error).
    let error = client
        .call_tool("elicit_defaults", json!({}))
        .await
        .expect_err("refused");
    assert!(
        error.message.contains("does not support form elicitation"),
        "{}",
        error.message
    );
    client.close().await;

    let demo = connect(&demo_spec(), None).await;
    let error = demo
        .call_tool("ask_form", json!({}))
        .await
        .expect_err("declined");
    assert!(
        error.message.contains("declined the elicitation"),
        "{}",
        error.message
    );
    demo.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_gives_up_ends_the_ask_at_once() {
    let person = Arc::new(Person {
        hanging: true,
        ..Person::default()
    });
    let client = connect(&sdk_server_spec(300), Some(person.clone())).await;
    let started = Instant::now();
    let result = answered(
        &client
            .call_tool("elicit_then_give_up", json!({}))
            .await
            .expect("call"),
    );
    assert_eq!(result, json!("gave up"));
    // The server's notifications/cancelled drops the unanswered ask (its dialog closes).
    let deadline = Instant::now() + Duration::from_secs(5);
    while person.dropped.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        person.dropped.load(Ordering::SeqCst),
        1,
        "the ask was dropped"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_elicitation_is_cancelled_at_the_time_limit() {
    let person = Arc::new(Person {
        hanging: true,
        limit: Some(Duration::from_millis(300)),
        ..Person::default()
    });
    let client = connect(&sdk_server_spec(30_000), Some(person.clone())).await;
    let form = answered(
        &client
            .call_tool("elicit_defaults", json!({}))
            .await
            .expect("call"),
    );
    assert_eq!(form["result"], json!({"action": "cancel"}));
    assert_eq!(person.dropped.load(Ordering::SeqCst), 1);
    client.close().await;
}
