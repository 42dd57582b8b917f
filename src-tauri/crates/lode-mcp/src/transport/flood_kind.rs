//! What the flood gate (`flood_gate.rs`) needs to know of a message, and the messages it hands
//! on for what it held: as rmcp messages (stdio) and as SSE events (HTTP and legacy SSE).

// Logging is deprecated by SEP-2577, but servers of every era still send it, and Lode's own
// word on what it left out reaches the person the same way.
#![allow(deprecated)]

use rmcp::model::{
    JsonRpcMessage, LoggingLevel, LoggingMessageNotification, LoggingMessageNotificationParam,
    PromptListChangedNotification, ResourceListChangedNotification, ResourceUpdatedNotification,
    ResourceUpdatedNotificationParam, ServerJsonRpcMessage, ServerNotification,
    ToolListChangedNotification,
};
use serde::de::IgnoredAny;
use serde::Deserialize;
use sse_stream::Sse;

use super::flood_gate::{Kind, List, Out};

/// The kind of a decoded message.
pub(crate) fn of_message(message: &ServerJsonRpcMessage) -> Kind {
    let JsonRpcMessage::Notification(notification) = message else {
        return Kind::Passes;
    };
    match &notification.notification {
        ServerNotification::ResourceListChangedNotification(_) => {
            Kind::ListChanged(List::Resources)
        }
        ServerNotification::ToolListChangedNotification(_) => Kind::ListChanged(List::Tools),
        ServerNotification::PromptListChangedNotification(_) => Kind::ListChanged(List::Prompts),
        ServerNotification::ResourceUpdatedNotification(updated) => {
            Kind::Updated(updated.params.uri.clone())
        }
        ServerNotification::LoggingMessageNotification(_) => Kind::Log,
        ServerNotification::ProgressNotification(_) => Kind::Progress,
        _ => Kind::Other,
    }
}

/// The envelope of a JSON-RPC message: only what tells a notification's kind is read (the
/// rest, a log message's data included, is skipped without being kept).
#[derive(Deserialize)]
struct Envelope {
    id: Option<IgnoredAny>,
    method: Option<String>,
    params: Option<Params>,
}

#[derive(Deserialize)]
struct Params {
    uri: Option<String>,
}

/// The kind of the message an SSE event carries, read from its data without decoding it
/// (rmcp decodes what is handed on). Anything that is not plainly a notification passes: an
/// event without a message, a batch, JSON that is not JSON-RPC (rmcp reports it).
pub(crate) fn of_event(event: &Sse) -> Kind {
    if !matches!(event.event.as_deref(), None | Some("") | Some("message")) {
        return Kind::Passes;
    }
    let Some(data) = event.data.as_deref() else {
        return Kind::Passes;
    };
    let Ok(envelope) = serde_json::from_str::<Envelope>(data) else {
        return Kind::Passes;
    };
    let (None, Some(method)) = (envelope.id, envelope.method) else {
        return Kind::Passes;
    };
    match method.as_str() {
        "notifications/resources/list_changed" => Kind::ListChanged(List::Resources),
        "notifications/tools/list_changed" => Kind::ListChanged(List::Tools),
        "notifications/prompts/list_changed" => Kind::ListChanged(List::Prompts),
        "notifications/resources/updated" => match envelope.params.and_then(|p| p.uri) {
            Some(uri) => Kind::Updated(uri),
            // Without a URI rmcp would not take it either; let it say so.
            None => Kind::Passes,
        },
        "notifications/message" => Kind::Log,
        "notifications/progress" => Kind::Progress,
        _ => Kind::Other,
    }
}

/// What the gate hands on, as an rmcp message.
pub(crate) fn to_message(out: Out<ServerJsonRpcMessage>) -> ServerJsonRpcMessage {
    let notification = match out {
        Out::Message(message) => return message,
        Out::ListChanged(List::Resources) => {
            ServerNotification::ResourceListChangedNotification(ResourceListChangedNotification {
                method: Default::default(),
                extensions: Default::default(),
            })
        }
        Out::ListChanged(List::Tools) => {
            ServerNotification::ToolListChangedNotification(ToolListChangedNotification {
                method: Default::default(),
                extensions: Default::default(),
            })
        }
        Out::ListChanged(List::Prompts) => {
            ServerNotification::PromptListChangedNotification(PromptListChangedNotification {
                method: Default::default(),
                extensions: Default::default(),
            })
        }
        Out::Updated(uri) => ServerNotification::ResourceUpdatedNotification(
            ResourceUpdatedNotification::new(ResourceUpdatedNotificationParam::new(uri)),
        ),
        Out::Report(text) => {
            let mut param = LoggingMessageNotificationParam::new(
                LoggingLevel::Warning,
                serde_json::Value::String(text),
            );
            param.logger = Some("lode".to_owned());
            ServerNotification::LoggingMessageNotification(LoggingMessageNotification::new(param))
        }
    };
    ServerJsonRpcMessage::notification(notification)
}

/// What the gate hands on, as an SSE event (a held one becomes a new event without an id).
pub(crate) fn to_event(out: Out<Sse>) -> Sse {
    let message = match out {
        Out::Message(event) => return event,
        Out::ListChanged(list) => to_message(Out::ListChanged(list)),
        Out::Updated(uri) => to_message(Out::Updated(uri)),
        Out::Report(text) => to_message(Out::Report(text)),
    };
    // A notification Lode built always serializes; `null` would be reported by rmcp if not.
    let data = serde_json::to_string(&message).unwrap_or_else(|_| "null".to_owned());
    Sse::default().data(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(data: &str) -> Sse {
        Sse::default().data(data.to_owned())
    }

    #[test]
    fn events_are_told_apart_from_their_envelope_alone() {
        let kind = |data: &str| of_event(&event(data));
        assert_eq!(
            kind(
                r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"deep":[1,2,3]}}}"#
            ),
            Kind::Log
        );
        assert_eq!(
            kind(
                r#"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"a://b\u0041"}}"#
            ),
            Kind::Updated("a://bA".to_owned())
        );
        assert_eq!(
            kind(r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#),
            Kind::ListChanged(List::Tools)
        );
        assert_eq!(
            kind(
                r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#
            ),
            Kind::Other
        );
        // Requests, responses, batches and what is not JSON-RPC pass.
        for passes in [
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            r#"[{"jsonrpc":"2.0","method":"notifications/message"}]"#,
            "not json",
            r#"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{}}"#,
        ] {
            assert_eq!(kind(passes), Kind::Passes, "{passes}");
        }
    }

    #[test]
    fn what_the_gate_held_becomes_events_rmcp_reads_back_as_the_same_kind() {
        for out in [
            Out::ListChanged(List::Resources),
            Out::ListChanged(List::Prompts),
            Out::Updated("x://1".to_owned()),
            Out::Report("Lode left out 3 log messages".to_owned()),
        ] {
            let expected = match &out {
                Out::ListChanged(list) => Kind::ListChanged(*list),
                Out::Updated(uri) => Kind::Updated(uri.clone()),
                _ => Kind::Log,
            };
            let sse = to_event(out);
            assert_eq!(of_event(&sse), expected);
            let decoded: ServerJsonRpcMessage =
                serde_json::from_str(sse.data.as_deref().unwrap_or_default()).expect("decodes");
            assert_eq!(of_message(&decoded), expected);
        }
    }
}
