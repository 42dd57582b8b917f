use serde_json::json;

use super::*;
use lode_core::asks::{SamplingContent, SamplingMessage};

fn form_request() -> ElicitationRequest {
    let schema = json!({"type": "object", "properties": {
        "name": {"type": "string", "default": "Ada"},
        "age": {"type": "integer", "minimum": 18}
    }, "required": ["name"]});
    ElicitationRequest::form("Who are you?", schema, None).unwrap()
}

fn sampling_request() -> SamplingRequest {
    SamplingRequest {
        messages: vec![SamplingMessage {
            role: lode_core::Role::User,
            content: vec![SamplingContent::Text { text: "Hi".into() }],
        }],
        omitted_messages: 0,
        system_prompt: None,
        model_preferences: None,
        max_tokens: 10,
        temperature: None,
        stop_sequences: Vec::new(),
        include_context: None,
        tools: Vec::new(),
        tool_choice: None,
    }
}

fn opened(event: AskEvent) -> PendingAsk {
    match event {
        AskEvent::Opened { ask } => *ask,
        other => panic!("expected an opened ask, got {other:?}"),
    }
}

#[test]
fn a_closed_desk_gives_no_asker() {
    let desk = Arc::new(AskDesk::default());
    assert!(desk.asker(ConnectionId(1), "s").is_none());
    desk.open();
    assert!(desk.asker(ConnectionId(1), "s").is_some());
}

#[tokio::test]
async fn an_answer_that_fits_reaches_the_server_checked() {
    let desk = Arc::new(AskDesk::default());
    desk.open();
    let mut events = desk.events();
    let asker = desk.asker(ConnectionId(7), "Demo").unwrap();
    let answer = asker.elicit(form_request()).unwrap();
    let ask = opened(events.recv().await.unwrap());
    assert_eq!(
        (ask.connection, ask.server.as_str()),
        (ConnectionId(7), "Demo")
    );
    assert_eq!(desk.pending(), std::slice::from_ref(&ask));

    // Too young, and the required name emptied: refused with each field, and still waiting.
    let bad = AskAnswer::Elicitation(ElicitationAnswer::Accept {
        content: json!({"name": "", "age": 3}).as_object().cloned().unwrap(),
    });
    let error = desk.answer(ask.id, bad).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    let detail: serde_json::Value = serde_json::from_str(error.detail.as_deref().unwrap()).unwrap();
    assert_eq!(
        detail,
        json!([{"field": "age", "problem": "belowMinimum", "minimum": 18.0},
               {"field": "name", "problem": "required"}])
    );
    assert_eq!(desk.pending().len(), 1);

    let good = AskAnswer::Elicitation(ElicitationAnswer::Accept {
        content: json!({"name": "Ada", "age": 20, "extra": true})
            .as_object()
            .cloned()
            .unwrap(),
    });
    desk.answer(ask.id, good).unwrap();
    assert_eq!(
        answer.await,
        ElicitationAnswer::Accept {
            content: json!({"name": "Ada", "age": 20})
                .as_object()
                .cloned()
                .unwrap()
        }
    );
    assert!(desk.pending().is_empty());
    assert!(
        events.try_recv().is_err(),
        "an answered ask sends no Closed"
    );
    let again = desk.answer(ask.id, AskAnswer::Elicitation(ElicitationAnswer::Decline));
    assert_eq!(again.unwrap_err().code, ErrorCode::NotFound);
}

#[tokio::test]
async fn a_sampling_reply_and_a_mismatched_answer() {
    let desk = Arc::new(AskDesk::default());
    desk.open();
    let mut events = desk.events();
    let asker = desk.asker(ConnectionId(1), "s").unwrap();
    let answer = asker.sample(sampling_request()).unwrap();
    let ask = opened(events.recv().await.unwrap());
    let wrong = desk.answer(ask.id, AskAnswer::Elicitation(ElicitationAnswer::Decline));
    assert_eq!(wrong.unwrap_err().code, ErrorCode::InvalidInput);
    let reply = SamplingAnswer::Reply {
        text: "Hello".into(),
        model: "human".into(),
    };
    desk.answer(ask.id, AskAnswer::Sampling(reply.clone()))
        .unwrap();
    assert_eq!(answer.await, reply);
}

#[tokio::test]
async fn an_ask_dropped_by_the_server_or_its_connection_closes_its_dialog() {
    let desk = Arc::new(AskDesk::default());
    desk.open();
    let mut events = desk.events();
    let asker = desk.asker(ConnectionId(1), "s").unwrap();

    let dropped = asker.elicit(form_request()).unwrap();
    let first = opened(events.recv().await.unwrap());
    drop(dropped);
    assert_eq!(
        events.recv().await.unwrap(),
        AskEvent::Closed {
            id: first.id,
            end: AskEnd::CancelledByServer
        }
    );

    let waiting = asker.sample(sampling_request()).unwrap();
    let second = opened(events.recv().await.unwrap());
    let other = desk
        .asker(ConnectionId(2), "t")
        .unwrap()
        .sample(sampling_request())
        .unwrap();
    let third = opened(events.recv().await.unwrap());
    desk.end_connection(ConnectionId(1));
    assert_eq!(
        events.recv().await.unwrap(),
        AskEvent::Closed {
            id: second.id,
            end: AskEnd::ConnectionStopped
        }
    );
    assert_eq!(waiting.await, SamplingAnswer::Declined);
    assert_eq!(desk.pending(), [third], "another connection's ask waits on");
    drop(other);
}

#[tokio::test]
async fn an_ask_past_its_time_limit_says_so() {
    let desk = Arc::new(AskDesk::with_time_limit(Duration::from_millis(20)));
    desk.open();
    let mut events = desk.events();
    let asker = desk.asker(ConnectionId(1), "s").unwrap();
    let answer = asker.elicit(form_request()).unwrap();
    let ask = opened(events.recv().await.unwrap());
    tokio::time::sleep(Duration::from_millis(30)).await;
    drop(answer);
    assert_eq!(
        events.recv().await.unwrap(),
        AskEvent::Closed {
            id: ask.id,
            end: AskEnd::TimedOut
        }
    );
}

#[tokio::test]
async fn a_waiting_web_page_opens_once_and_only_while_it_waits() {
    let desk = Arc::new(AskDesk::default());
    desk.open();
    let mut events = desk.events();
    let asker = desk.asker(ConnectionId(3), "Pay").unwrap();
    let request = ElicitationRequest::url("Pay here", "https://pay.example/go", "e1").unwrap();
    let answer = asker.elicit(request).unwrap();
    let ask = opened(events.recv().await.unwrap());

    let question = desk.url_question(ask.id).expect("asked");
    assert!(question.message.contains("https://pay.example/go"));
    assert_eq!(
        desk.take_url_to_open(ask.id).expect("opens"),
        "https://pay.example/go"
    );
    // Twice: refused, both the question and the address.
    assert_eq!(
        desk.url_question(ask.id).map_err(|e| e.code),
        Err(ErrorCode::InvalidInput)
    );
    assert_eq!(
        desk.take_url_to_open(ask.id).map_err(|e| e.code),
        Err(ErrorCode::InvalidInput)
    );
    // A form is no page; an ask no longer waiting is refused as gone.
    let form = asker.elicit(form_request()).unwrap();
    let form_ask = opened(events.recv().await.unwrap());
    assert_eq!(
        desk.url_question(form_ask.id).map_err(|e| e.code),
        Err(ErrorCode::InvalidInput)
    );
    drop(form);
    drop(answer);
    assert_eq!(
        desk.take_url_to_open(ask.id).map_err(|e| e.code),
        Err(ErrorCode::NotFound)
    );
}

/// Past `MAX_WAITING_ASKS` across every connection, an ask is refused at once; the window hears
/// of the refusals as one count, not one event each.
#[tokio::test]
async fn past_the_desk_cap_asks_are_refused_and_counted_once() {
    use lode_core::asks::MAX_WAITING_ASKS;
    let desk = Arc::new(AskDesk::default());
    desk.open();
    let mut events = desk.events();
    let held: Vec<_> = (0..MAX_WAITING_ASKS)
        .map(|i| {
            let asker = desk.asker(ConnectionId(i as i64), "s").unwrap();
            asker.elicit(form_request()).unwrap()
        })
        .collect();
    let late = desk.asker(ConnectionId(100), "Late").unwrap();
    for _ in 0..1000 {
        let refused = late.sample(sampling_request()).err().expect("refused");
        assert!(refused.0.contains("16"), "{}", refused.0);
    }
    assert_eq!(desk.pending().len(), MAX_WAITING_ASKS);
    for _ in 0..MAX_WAITING_ASKS {
        assert!(matches!(
            events.recv().await.unwrap(),
            AskEvent::Opened { .. }
        ));
    }
    let notice = tokio::time::timeout(Duration::from_secs(2), events.recv())
        .await
        .expect("a notice")
        .unwrap();
    let AskEvent::Refused { refused } = notice else {
        panic!("{notice:?}")
    };
    assert_eq!(
        (refused.connection, refused.count),
        (ConnectionId(100), 1000)
    );
    assert!(
        events.try_recv().is_err(),
        "one notice for a thousand refusals"
    );
    assert_eq!(desk.waiting().refused, [refused]);
    drop(held);
}
