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

    /// A URL request. A URL longer than a message is refused rather than shown cut: the
    /// person must see the whole address before opening it.
    pub fn url(message: &str, url: &str, elicitation_id: &str) -> Result<Self, LodeError> {
        if url.len() > MAX_ASK_MESSAGE_BYTES {
            return Err(LodeError::new(
                ErrorCode::InvalidParams,
                format!("the elicitation URL is {} bytes long; Lode shows at most {MAX_ASK_MESSAGE_BYTES}", url.len()),
            ));
        }
        Ok(Self {
            message: cut(message, MAX_ASK_MESSAGE_BYTES),
            mode: ElicitationMode::Url {
                url: url.to_owned(),
                elicitation_id: cut(elicitation_id, MAX_LABEL_BYTES),
                opens: opens_in_browser(url),
            },
        })
    }
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
