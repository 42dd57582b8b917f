//! How Lode watches the wire: every message in and out is recorded in the connection's
//! protocol history, its secrets scrubbed, through a [`Tap`].
//!
//! The transports record from the bytes they already hold (a stdio line, an HTTP body, an
//! event's data): the history keeps the first 64 KiB of those bytes and their length, with no
//! second serde pass over a message the client has just parsed (`docs/benchmark-history.md`).
//! A message that arrives in pieces (a large listing page decoded while it streams in) keeps
//! its head in a [`MessageHead`]. Only a batch's members are serialized again (a batch has one
//! set of bytes for several messages); batches left MCP in 2025-06-18.

use std::borrow::Cow;

use lode_core::WireDirection;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};

use lode_core::SecretScrubber;

use crate::protocol_history::{Envelope, ProtocolHistory};

/// Where one opening's messages are recorded, with the secrets to scrub from them.
#[derive(Clone, Default)]
pub(crate) struct Tap {
    history: Option<ProtocolHistory>,
    secrets: SecretScrubber,
}

impl Tap {
    pub(crate) fn new(history: Option<ProtocolHistory>, secrets: SecretScrubber) -> Self {
        Self { history, secrets }
    }

    /// Whether anything is recorded (transports skip the bookkeeping otherwise).
    pub(crate) fn is_on(&self) -> bool {
        self.history.is_some()
    }

    /// How many bytes of a message's start the history needs.
    pub(crate) fn keep_bytes(&self) -> usize {
        crate::protocol_history::keep_bytes(&self.secrets)
    }

    /// A message Lode sends, from the bytes it writes (without a trailing newline).
    pub(crate) fn sent_bytes(&self, message: &ClientJsonRpcMessage, bytes: &[u8]) {
        if let Some(history) = &self.history {
            let envelope = Envelope::of(message);
            history.record_bytes(
                WireDirection::Out,
                envelope,
                bytes,
                bytes.len(),
                &self.secrets,
            );
        }
    }

    /// What one message from the server (`head`: its first bytes, `total`: its length) was
    /// decoded into. One message is recorded from its bytes; a batch, member by member, by
    /// serializing each; bytes that decoded to nothing (an answer to no request, say), from
    /// their bytes as an unknown kind.
    pub(crate) fn received_bytes<'a>(
        &self,
        head: &[u8],
        total: usize,
        decoded: impl ExactSizeIterator<Item = &'a ServerJsonRpcMessage>,
    ) {
        let Some(history) = &self.history else {
            return;
        };
        let secrets = &self.secrets;
        match decoded.len() {
            1 => {
                for message in decoded {
                    let envelope = Envelope::of(message);
                    history.record_bytes(WireDirection::In, envelope, head, total, secrets);
                }
            }
            0 => {
                let envelope = Envelope::guess(head);
                history.record_bytes(WireDirection::In, envelope, head, total, secrets);
            }
            _ => {
                for message in decoded {
                    history.record(WireDirection::In, message, secrets);
                }
            }
        }
    }
}

/// The first bytes of a message that arrives in pieces, some of which are consumed (and
/// forgotten) by a streaming decoder before its end arrives.
#[derive(Default)]
pub(crate) struct MessageHead {
    kept: Vec<u8>,
    /// Where in the message the pending bytes start: what was consumed before them.
    offset: usize,
}

impl MessageHead {
    /// More of the message arrived: `pending` is every byte of it not consumed yet.
    pub(crate) fn saw(&mut self, pending: &[u8], cap: usize) {
        // Every consumed byte was seen before, so while below the cap `kept` reaches at
        // least to `offset`.
        if self.kept.len() >= cap || self.kept.len() < self.offset {
            return;
        }
        let from = self.kept.len() - self.offset;
        let to = pending.len().min(cap - self.offset);
        if from < to {
            self.kept.extend_from_slice(&pending[from..to]);
        }
    }

    /// A streaming decoder took the first `bytes` of what was pending.
    pub(crate) fn consumed(&mut self, bytes: usize) {
        self.offset += bytes;
    }

    /// The message ended with `rest` (what was not consumed): its head and its length, and
    /// this ready for the next message.
    pub(crate) fn finish<'a>(&mut self, rest: &'a [u8], cap: usize) -> (Cow<'a, [u8]>, usize) {
        let total = self.offset + rest.len();
        if self.offset == 0 {
            // Nothing was consumed: the message is whole in `rest`.
            self.kept.clear();
            return (Cow::Borrowed(&rest[..rest.len().min(cap)]), total);
        }
        self.saw(rest, cap);
        self.offset = 0;
        (Cow::Owned(std::mem::take(&mut self.kept)), total)
    }

    /// Forgets the message (it was abandoned): ready for the next one.
    pub(crate) fn reset(&mut self) {
        self.kept.clear();
        self.offset = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::WireKind;

    #[test]
    fn a_head_keeps_the_first_bytes_of_a_message_consumed_while_it_arrives() {
        let message = b"0123456789abcdefghij";
        let mut head = MessageHead::default();
        // Seen twice before the decoder takes any of it, then 4 bytes taken.
        head.saw(&message[..6], 8);
        head.saw(&message[..9], 8);
        head.consumed(4);
        // Pending is now what follows the 4 consumed bytes; 3 more are taken.
        head.saw(&message[4..12], 8);
        head.consumed(3);
        let (kept, total) = head.finish(&message[7..], 8);
        assert_eq!(&*kept, b"01234567");
        assert_eq!(total, message.len());
        // Ready for the next message, which nothing consumes: taken whole from its line.
        let (kept, total) = head.finish(b"next", 8);
        assert_eq!((&*kept, total), (&b"next"[..], 4));
    }

    #[test]
    fn bytes_that_decode_to_nothing_are_still_told_apart() {
        let guess = |bytes: &str| Envelope::guess(bytes.as_bytes());
        let request = guess(r#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#);
        assert_eq!(
            (request.kind, request.id.as_deref()),
            (WireKind::Request, Some("\"a\""))
        );
        assert_eq!(
            guess(r#"{"method":"notifications/x"}"#).kind,
            WireKind::Notification
        );
        assert_eq!(
            guess(r#"{"id":9,"error":{"code":1,"message":"m"}}"#).kind,
            WireKind::Error
        );
        assert_eq!(guess(r#"{"id":9,"result":{}}"#).kind, WireKind::Response);
        assert_eq!(guess("not json").kind, WireKind::Response);
    }
}
