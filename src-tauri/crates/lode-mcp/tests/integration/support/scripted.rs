//! A scripted MCP server on the far end of an in-process pipe: it answers the handshake like
//! a 2025-06-18 server (method-not-found for `server/discover`, then `initialize`) and hands
//! every other request to the test's script, which says what to write back, well-formed or
//! not. The client runs Lode's real stdio transport over the pipe (`McpClient::connect_io`).

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_mcp::{ConnectOptions, McpClient};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

/// Something the server writes in answer to one request.
pub enum Act {
    /// One line; the newline is added.
    Line(String),
    /// Bytes exactly as given (add `\n` to end a message).
    Bytes(Vec<u8>),
    /// `head`, then `filler` bytes of `a` streamed 1 MiB at a time (never held at once), then
    /// `tail` and a newline.
    Huge {
        head: String,
        filler: usize,
        tail: String,
    },
    /// Ends the server's output: the client reads end-of-stream.
    Close,
}

/// A successful answer to `request`.
pub fn answer(request: &Value, result: Value) -> Act {
    Act::Line(json!({"jsonrpc": "2.0", "id": request["id"], "result": result}).to_string())
}

/// The `resources/read` result for `uri` with the text `text`.
pub fn contents(uri: &str, text: &str) -> Value {
    json!({"contents": [{"uri": uri, "mimeType": "text/plain", "text": text}]})
}

pub fn uri_of(request: &Value) -> &str {
    request["params"]["uri"].as_str().unwrap_or_default()
}

/// The notifications the client sent, in order.
pub type Notifications = Arc<Mutex<Vec<Value>>>;

/// Connects a client to a server following `script`, with `timeout` per request.
pub async fn connect<S>(script: S, timeout: Duration) -> McpClient
where
    S: FnMut(&Value) -> Vec<Act> + Send + 'static,
{
    connect_recording(script, timeout).await.0
}

/// Like `connect`, also recording the notifications the client sends.
pub async fn connect_recording<S>(script: S, timeout: Duration) -> (McpClient, Notifications)
where
    S: FnMut(&Value) -> Vec<Act> + Send + 'static,
{
    let (client_end, server_end) = tokio::io::duplex(1024 * 1024);
    let notifications = Notifications::default();
    tokio::spawn(serve(server_end, script, notifications.clone()));
    let (reader, writer) = tokio::io::split(client_end);
    let mut options = ConnectOptions::new("scripted");
    options.request_timeout = timeout;
    let client = McpClient::connect_io(reader, writer, options)
        .await
        .expect("the handshake with the scripted server succeeds");
    (client, notifications)
}

/// Like `connect`, with the caller's options (a protocol history, say).
pub async fn connect_with<S>(script: S, options: ConnectOptions) -> McpClient
where
    S: FnMut(&Value) -> Vec<Act> + Send + 'static,
{
    let (client_end, server_end) = tokio::io::duplex(1024 * 1024);
    tokio::spawn(serve(server_end, script, Notifications::default()));
    let (reader, writer) = tokio::io::split(client_end);
    McpClient::connect_io(reader, writer, options)
        .await
        .expect("the handshake with the scripted server succeeds")
}

async fn serve<S>(stream: DuplexStream, mut script: S, notifications: Notifications)
where
    S: FnMut(&Value) -> Vec<Act> + Send + 'static,
{
    let (read, mut write) = tokio::io::split(stream);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let acts = match request["method"].as_str() {
            Some("server/discover") => vec![Act::Line(
                json!({"jsonrpc": "2.0", "id": request["id"],
                       "error": {"code": -32601, "message": "Method not found"}})
                .to_string(),
            )],
            Some("initialize") => vec![answer(
                &request,
                json!({"protocolVersion": "2025-06-18",
                       "capabilities": {"resources": {}},
                       "serverInfo": {"name": "scripted", "version": "1.0.0"}}),
            )],
            // Notifications (initialized, cancelled) need no answer.
            _ if request.get("id").is_none() => {
                notifications
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(request);
                continue;
            }
            _ => script(&request),
        };
        for act in acts {
            let written = match act {
                Act::Line(mut line) => {
                    line.push('\n');
                    write.write_all(line.as_bytes()).await
                }
                Act::Bytes(bytes) => write.write_all(&bytes).await,
                Act::Huge { head, filler, tail } => {
                    write_huge(&mut write, &head, filler, &tail).await
                }
                Act::Close => return,
            };
            if written.is_err() {
                return;
            }
        }
    }
}

async fn write_huge(
    write: &mut (impl AsyncWriteExt + Unpin),
    head: &str,
    filler: usize,
    tail: &str,
) -> std::io::Result<()> {
    const CHUNK: usize = 1024 * 1024;
    let chunk = vec![b'a'; CHUNK];
    write.write_all(head.as_bytes()).await?;
    let mut left = filler;
    while left > 0 {
        let n = left.min(CHUNK);
        write.write_all(&chunk[..n]).await?;
        left -= n;
    }
    write.write_all(tail.as_bytes()).await?;
    write.write_all(b"\n").await
}
