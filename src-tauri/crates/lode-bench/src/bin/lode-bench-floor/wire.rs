//! The JSON-RPC messages as typed structs. The resource mirrors MCP's `Resource` with owned
//! strings, as a real client keeps it, so the floor pays for the same allocations a client that
//! stores the listing must pay: a floor that skipped fields would flatter itself.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Serialize)]
struct Outgoing<'a> {
    jsonrpc: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    params: Option<Value>,
}

pub fn request(id: u64, method: &str, params: Value) -> Result<Vec<u8>, String> {
    encode(Outgoing {
        jsonrpc: "2.0",
        id: Some(id),
        method,
        params: Some(params),
    })
}

pub fn notification(method: &str) -> Result<Vec<u8>, String> {
    encode(Outgoing {
        jsonrpc: "2.0",
        id: None,
        method,
        params: None,
    })
}

fn encode(message: Outgoing<'_>) -> Result<Vec<u8>, String> {
    serde_json::to_vec(&message).map_err(|e| format!("cannot encode {}: {e}", message.method))
}

/// Any message from the server. The SDK writes `result` before `id`, so the id cannot be
/// checked before the result is parsed: the whole message is parsed in one pass either way.
#[derive(Deserialize)]
struct Envelope<T> {
    id: Option<u64>,
    /// Present on the server's own requests and notifications, which are not our answer.
    method: Option<IgnoredAny>,
    result: Option<T>,
    error: Option<RpcError>,
}

#[derive(Deserialize)]
struct RpcError {
    code: i64,
    message: String,
}

/// The result of the response to request `id`, None when the message is something else (a
/// notification, a request of the server's, another id's response), an error for an error.
pub fn response<T: DeserializeOwned>(message: &[u8], id: u64) -> Result<Option<T>, String> {
    let envelope: Envelope<T> = serde_json::from_slice(message)
        .map_err(|e| format!("cannot parse a message of {} bytes: {e}", message.len()))?;
    if envelope.method.is_some() || envelope.id != Some(id) {
        return Ok(None);
    }
    match (envelope.result, envelope.error) {
        (_, Some(error)) => Err(format!(
            "the server answered with error {}: {}",
            error.code, error.message
        )),
        (Some(result), None) => Ok(Some(result)),
        (None, None) => Err(format!("response {id} has neither result nor error")),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeResult {
    pub protocol_version: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListResult {
    pub resources: Vec<Resource>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(
    dead_code,
    reason = "parsed and kept as a client keeps them; the bench only counts"
)]
pub struct Resource {
    pub uri: String,
    pub name: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub mime_type: Option<String>,
    pub size: Option<u64>,
    pub annotations: Option<Annotations>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(
    dead_code,
    reason = "parsed and kept as a client keeps them; the bench only counts"
)]
pub struct Annotations {
    pub audience: Option<Vec<String>>,
    pub priority: Option<f64>,
    pub last_modified: Option<String>,
}

#[derive(Deserialize)]
pub struct ReadResult {
    pub contents: Vec<Content>,
}

/// Text or blob in one struct: an untagged enum would buffer the 10 MiB string to try each
/// variant in turn.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(
    dead_code,
    reason = "parsed and kept as a client keeps them; the bench only counts"
)]
pub struct Content {
    pub uri: String,
    pub mime_type: Option<String>,
    pub text: Option<String>,
    pub blob: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"{"result":{"resources":[{"uri":"bench://item/000001","name":"item-000001","title":"Item 1","description":"d","mimeType":"text/plain","size":65,"annotations":{"audience":["user","assistant"],"priority":0.1,"lastModified":"2025-01-01T00:01:00.000Z"}}],"nextCursor":"4"},"jsonrpc":"2.0","id":2}"#;

    #[test]
    fn a_page_is_parsed_whole_even_with_the_id_last() {
        let page: ListResult = response(PAGE.as_bytes(), 2).unwrap().unwrap();
        assert_eq!(page.next_cursor.as_deref(), Some("4"));
        let resource = &page.resources[0];
        assert_eq!(resource.mime_type.as_deref(), Some("text/plain"));
        let annotations = resource.annotations.as_ref().unwrap();
        assert_eq!(annotations.audience.as_ref().unwrap().len(), 2);
        assert!(annotations.last_modified.is_some());
    }

    #[test]
    fn other_messages_are_skipped_and_errors_reported() {
        assert!(response::<ListResult>(PAGE.as_bytes(), 3)
            .unwrap()
            .is_none());
        let note =
            br#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}"#;
        assert!(response::<ListResult>(note, 2).unwrap().is_none());
        let asks = br#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
        assert!(response::<ListResult>(asks, 2).unwrap().is_none());
        let error =
            br#"{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Resource not found"}}"#;
        let message = response::<ReadResult>(error, 2).err().unwrap();
        assert!(
            message.contains("-32002") && message.contains("not found"),
            "{message}"
        );
    }

    #[test]
    fn requests_carry_their_id_and_notifications_none() {
        let request = request(7, "resources/list", serde_json::json!({"cursor": "a\"b"})).unwrap();
        let request: Value = serde_json::from_slice(&request).unwrap();
        assert_eq!(request["id"], 7);
        assert_eq!(request["params"]["cursor"], "a\"b");
        let note: Value = serde_json::from_slice(&notification("n").unwrap()).unwrap();
        assert!(note.get("id").is_none() && note.get("params").is_none());
    }
}
