//! What a server asks of the person through Lode: to fill in a form or visit a page
//! (elicitation), or to write the reply a model would have written (sampling). The request
//! comes from an untrusted server, so every string and list in it is cut to a bound here,
//! before anything shows it.

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
    /// A form built from `requestedSchema` (kept too, bounded, for the curious), its defaults
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
    pub fn form(
        message: &str,
        requested_schema: serde_json::Value,
        order: Option<&[String]>,
    ) -> Result<Self, LodeError> {
        let form = form_from_schema(&requested_schema, order)?;
        Ok(Self {
            message: cut(message, MAX_ASK_MESSAGE_BYTES),
            mode: ElicitationMode::Form {
                requested_schema,
                form,
            },
        })
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

/// What the window hears about asks: one opened, or one closed without its answer.
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
