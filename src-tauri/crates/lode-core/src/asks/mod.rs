//! What a server asks of the person through Lode: to fill in a form or visit a page
//! (elicitation), or to write the reply a model would have written (sampling). The request
//! comes from an untrusted server, so every string and list in it is cut to a bound here,
//! before anything shows it.

mod budget;
mod check;
mod fields;
mod form;
mod sampling;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::connection::ConnectionId;
use crate::error::{ErrorCode, LodeError};
use crate::reveal::{has_invisible, marker};

pub use budget::{json_len, AskBudget};
pub use check::{accepted_content, FieldError, FieldProblem};
pub use fields::{ElicitationForm, FieldKind, FieldOption, FormField, TextFormat};
pub use form::{form_from_schema, MAX_FIELDS, MAX_OPTIONS, MAX_SCHEMA_BYTES};
pub use sampling::{
    ModelPreferences, SamplingAnswer, SamplingContent, SamplingMessage, SamplingRequest,
    SamplingTool, MAX_SAMPLING_MESSAGES, MAX_SAMPLING_TEXT_BYTES, MAX_SAMPLING_TOOLS,
};

/// The longest message or label Lode shows from a server's ask; the rest is cut with `…`.
pub const MAX_ASK_MESSAGE_BYTES: usize = 16 * 1024;
/// The longest name, title or short label.
pub const MAX_LABEL_BYTES: usize = 1024;

/// The most one ask weighs as JSON, as the window receives it (its `PendingAsk`, the server's
/// strings included). A sampling request is cut to it (older messages left out first); a form
/// that would weigh more is refused. With [`MAX_WAITING_ASKS`], it bounds what the window gets.
pub const MAX_ASK_BYTES: usize = 256 * 1024;

/// The most asks one connection keeps waiting for the person at once; past it, a server's ask
/// is refused at once with an error. A person answers one at a time: four leave room for a
/// server running a few tool calls in parallel that each ask, while a server that opens
/// thousands queues no more than four dialogs, and holds no more than four requests open.
pub const MAX_OPEN_ASKS_PER_CONNECTION: usize = 4;

/// The most asks waiting for the person across every connection (the window's queue): four
/// connections' worth. Past it, any server's ask is refused at once. So what the window reads
/// (`pending_server_asks`) weighs at most `MAX_WAITING_ASKS` × [`MAX_ASK_BYTES`] (4 MiB).
pub const MAX_WAITING_ASKS: usize = 16;

/// What a server is told when its ask is refused because too many already wait.
pub const TOO_MANY_ASKS: &str = "too many requests waiting for the person";

/// An `elicitation/create` request: a message, and either a form or a page to visit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ElicitationRequest {
    pub message: String,
    pub mode: ElicitationMode,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "mode",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ElicitationMode {
    /// A form built from `requestedSchema` (kept too for the curious, `null` when it would make
    /// the ask weigh more than [`MAX_ASK_BYTES`]), its defaults
    /// computed once here so the window and the CLI send the same ones.
    Form {
        #[ts(type = "unknown")]
        requested_schema: serde_json::Value,
        form: ElicitationForm,
    },
    /// A page the person may open. `opens` is false for anything but `http(s)`: Lode then
    /// only shows the address.
    Url {
        url: String,
        elicitation_id: String,
        opens: bool,
    },
}

impl ElicitationRequest {
    /// A form request; an error when the schema is too big or asks for what a form cannot.
    /// `order` is the properties' order on the wire, when known (JSON objects lose it).
    /// The schema is kept only while the whole stays within [`MAX_ASK_BYTES`]; a form that
    /// alone weighs more (a hundred fields of five hundred options) is refused: half a form
    /// cannot be answered.
    pub fn form(
        message: &str,
        requested_schema: serde_json::Value,
        order: Option<&[String]>,
    ) -> Result<Self, LodeError> {
        let form = form_from_schema(&requested_schema, order)?;
        let mut request = Self {
            message: cut(message, MAX_ASK_MESSAGE_BYTES),
            mode: ElicitationMode::Form {
                requested_schema,
                form,
            },
        };
        if weight(&request) > MAX_ASK_BYTES {
            if let ElicitationMode::Form {
                requested_schema, ..
            } = &mut request.mode
            {
                *requested_schema = serde_json::Value::Null;
            }
            let weight = weight(&request);
            if weight > MAX_ASK_BYTES {
                return Err(LodeError::new(
                    ErrorCode::InvalidParams,
                    format!(
                        "the form weighs {} KiB as Lode would show it; Lode shows at most {} KiB",
                        weight / 1024,
                        MAX_ASK_BYTES / 1024
                    ),
                ));
            }
        }
        Ok(request)
    }

    /// A URL request. The address kept (shown, and opened once the person accepts) is the one
    /// that will really open: see [`address_to_open`]. An address holding anything invisible
    /// (a bidirectional override, a zero-width character, a control: `crate::reveal`'s rule)
    /// is refused, as is one longer than a message: the person must see the whole address, as
    /// it is, before opening it.
    pub fn url(message: &str, url: &str, elicitation_id: &str) -> Result<Self, LodeError> {
        let too_long = |len: usize| {
            LodeError::new(
                ErrorCode::InvalidParams,
                format!("the elicitation URL is {len} bytes long; Lode shows at most {MAX_ASK_MESSAGE_BYTES}"),
            )
        };
        if url.len() > MAX_ASK_MESSAGE_BYTES {
            return Err(too_long(url.len()));
        }
        if has_invisible(url) {
            return Err(LodeError::new(
                ErrorCode::InvalidParams,
                format!(
                    "the elicitation URL holds invisible characters ({}); Lode refuses an address that may not be what it looks like",
                    cut(&invisible_markers(url), MAX_LABEL_BYTES)
                ),
            ));
        }
        let (address, parsed) = match address_to_open(url) {
            Some(address) => (address, true),
            None => (url.to_owned(), false),
        };
        if address.len() > MAX_ASK_MESSAGE_BYTES {
            return Err(too_long(address.len()));
        }
        Ok(Self {
            message: cut(message, MAX_ASK_MESSAGE_BYTES),
            mode: ElicitationMode::Url {
                opens: parsed && opens_in_browser(&address),
                url: address,
                elicitation_id: cut(elicitation_id, MAX_LABEL_BYTES),
            },
        })
    }
}

/// `url` as the browser will open it, or `None` when it is not a URL: parsed and written back
/// by the `url` crate, which follows the WHATWG URL standard browsers follow — scheme and host
/// lowercased, a non-ASCII host in punycode (`xn--…`), the path's non-ASCII percent-encoded,
/// `.`/`..` segments resolved. The person reads exactly the ASCII the browser is given, so a
/// host in a mix of scripts (`аpple.com` with a Cyrillic `а`) cannot pass for another. A
/// legitimate non-ASCII host is shown in punycode too: less friendly, never misleading.
pub fn address_to_open(url: &str) -> Option<String> {
    url::Url::parse(url).ok().map(String::from)
}

/// The markers of the invisible characters of `url`, each once, for the refusal's message.
fn invisible_markers(url: &str) -> String {
    let mut seen: Vec<char> = Vec::new();
    for c in url.chars() {
        if has_invisible(c.encode_utf8(&mut [0; 4])) && !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.iter()
        .map(|&c| marker(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Only `http://` and `https://` addresses are ever opened (no `file:`, `javascript:`, custom
/// schemes that start programs).
pub fn opens_in_browser(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://"))
        && !url.chars().any(char::is_control)
}

/// The person's answer to an elicitation: the three actions of the protocol.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "action",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ElicitationAnswer {
    /// Accepted; `content` is the form's values (empty for a URL).
    Accept {
        #[ts(type = "Record<string, unknown>")]
        content: serde_json::Map<String, serde_json::Value>,
    },
    /// Said no to this request; the server may carry on without it.
    Decline,
    /// Dismissed the whole thing.
    Cancel,
}

/// A request a server made of the person, as the window or the CLI shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", content = "request", rename_all = "camelCase")]
#[ts(export)]
pub enum AskRequest {
    Elicitation(ElicitationRequest),
    Sampling(SamplingRequest),
}

/// The person's answer to an [`AskRequest`] of the same kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", content = "answer", rename_all = "camelCase")]
#[ts(export)]
pub enum AskAnswer {
    Elicitation(ElicitationAnswer),
    Sampling(SamplingAnswer),
}

/// One ask waiting for the person: its id (unique for the app's life), whose it is, and what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PendingAsk {
    #[ts(type = "number")]
    pub id: u64,
    pub connection: ConnectionId,
    pub server: String,
    pub ask: AskRequest,
}

/// Asks of one connection refused at once because too many already waited for the person
/// (since its asks last all closed): the window says "N more refused".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefusedAsks {
    pub connection: ConnectionId,
    pub server: String,
    #[ts(type = "number")]
    pub count: u64,
}

/// What a window reads when it opens (or missed events): the asks waiting, oldest first (at
/// most [`MAX_WAITING_ASKS`], each within [`MAX_ASK_BYTES`]), and the refusals meanwhile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WaitingAsks {
    pub asks: Vec<PendingAsk>,
    pub refused: Vec<RefusedAsks>,
}

/// Why an ask ended without the person's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AskEnd {
    /// The server sent `notifications/cancelled`, or stopped waiting.
    CancelledByServer,
    /// Nobody answered within the time limit.
    TimedOut,
    /// The connection stopped.
    ConnectionStopped,
}

/// What the window hears about asks: one opened, one closed without its answer, more refused, or
/// that it missed some.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum AskEvent {
    Opened {
        ask: Box<PendingAsk>,
    },
    Closed {
        #[ts(type = "number")]
        id: u64,
        end: AskEnd,
    },
    /// More asks of a connection were refused: the count so far. Sent a few times a second at
    /// most, however many are refused.
    Refused {
        refused: RefusedAsks,
    },
    /// The window fell behind and missed events: it reads what waits again.
    Missed,
}

/// What `value` weighs as JSON.
fn weight(value: &impl Serialize) -> usize {
    serde_json::to_vec(value).map_or(usize::MAX, |bytes| bytes.len())
}

/// `text` cut to at most `max` bytes on a character boundary, with `…` when cut.
pub(crate) fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}
