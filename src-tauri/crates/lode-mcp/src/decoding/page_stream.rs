//! Decodes a large `resources/list` answer while it arrives, so the raw message is never held
//! whole: each resource is parsed as soon as its last byte is in, and its bytes are given back.
//!
//! Why: parsing a complete message needs the message and its decoded form in memory at once.
//! A one-page listing of 100,000 resources is 26 MB on the wire, so the client peaked 26 MB
//! above the listing it returns; streamed, the raw bytes in memory stay around one read.
//!
//! How: the message is scanned from its start for the path `result` → `resources` → `[`
//! (keys in any order; anything before them is skipped as whole JSON values and kept). What
//! precedes the array, an empty array, and whatever follows it form the *skeleton*, a small
//! message that the ordinary decoder reads at the end (id, `nextCursor`, `_meta`...) before
//! the streamed resources are put into its page. A message that does not start like a page
//! (an error, another result) is left alone for the ordinary path, nothing consumed.
//!
//! Each resource is checked and repaired by the same rules as a whole page (`lenient`); an
//! item that is not even JSON makes the message malformed, as it would be whole.

use std::collections::VecDeque;

use lode_core::ItemWarning;
use rmcp::model::{ListResourcesResult, Resource, ServerJsonRpcMessage, ServerResult};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde_json::Value;

use super::decode::{Decoder, Expect, Fault};
use super::lenient::{attach, check_resource, repair_item};
use crate::convert::WARNINGS_META_KEY;

/// A message is streamed once this much of it has arrived without its end: below that,
/// holding it whole costs little, and most pages never get there.
const STREAM_FROM: usize = 1024 * 1024;

/// Below this many bytes an incomplete item is simply parsed again with the next read.
const RETRY_FLOOR: usize = 64 * 1024;

/// Where the scan for the resources array stands.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// The array opens here: bytes before this belong to the skeleton.
    Found(usize),
    /// Not decided yet: the message so far is too short.
    NeedMore,
    /// Not a listing page (or not JSON): the ordinary path takes the message.
    NotAPage,
}

/// One JSON value at the start of some bytes.
enum Parsed<T> {
    /// The value, and where it ends.
    Complete(T, usize),
    /// The value may continue past the bytes at hand.
    Incomplete,
    Invalid(serde_json::Error),
}

/// Parses the value at the start of `bytes`. Unless `whole`, a value counts only when a byte
/// follows it (`12` at the end of the bytes may be the start of `123`); with `whole` the bytes
/// are all there is, and a value cut off is invalid.
fn parse_value<T: DeserializeOwned>(bytes: &[u8], whole: bool) -> Parsed<T> {
    let mut values = serde_json::Deserializer::from_slice(bytes).into_iter::<T>();
    match values.next() {
        Some(Ok(value)) if whole || values.byte_offset() < bytes.len() => {
            Parsed::Complete(value, values.byte_offset())
        }
        Some(Err(error)) if whole || !error.is_eof() => Parsed::Invalid(error),
        Some(Ok(_)) | Some(Err(_)) | None => Parsed::Incomplete,
    }
}

fn skip_whitespace(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        at += 1;
    }
    at
}

/// Finds where the resources array of a `resources/list` answer opens (just after its `[`).
pub(crate) fn find_resources(message: &[u8]) -> Start {
    let message_start = message.strip_prefix(b"\xEF\xBB\xBF").map_or(0, |_| 3);
    let mut at = skip_whitespace(message, message_start);
    // Depth 1 is the message, depth 2 its `result`.
    let mut depth = 1;
    match message.get(at) {
        Some(b'{') => at += 1,
        Some(_) => return Start::NotAPage,
        None => return Start::NeedMore,
    }
    loop {
        at = skip_whitespace(message, at);
        match message.get(at) {
            Some(b'"') => {}
            // The object ended (or is malformed) before the array.
            Some(_) => return Start::NotAPage,
            None => return Start::NeedMore,
        }
        let (key, end) = match parse_value::<String>(&message[at..], false) {
            Parsed::Complete(key, end) => (key, at + end),
            Parsed::Incomplete => return Start::NeedMore,
            Parsed::Invalid(_) => return Start::NotAPage,
        };
        at = skip_whitespace(message, end);
        match message.get(at) {
            Some(b':') => at = skip_whitespace(message, at + 1),
            Some(_) => return Start::NotAPage,
            None => return Start::NeedMore,
        }
        let opens = message.get(at).copied();
        match (depth, key.as_str(), opens) {
            (_, _, None) => return Start::NeedMore,
            (1, "result", Some(b'{')) => {
                depth = 2;
                at += 1;
                continue;
            }
            (2, "resources", Some(b'[')) => return Start::Found(at + 1),
            (1, "result" | "error", _) | (2, "resources", _) => return Start::NotAPage,
            _ => {}
        }
        // Any other member: skipped whole, and kept in the skeleton.
        at += match parse_value::<IgnoredAny>(&message[at..], false) {
            Parsed::Complete(_, end) => end,
            Parsed::Incomplete => return Start::NeedMore,
            Parsed::Invalid(_) => return Start::NotAPage,
        };
        at = skip_whitespace(message, at);
        match message.get(at) {
            Some(b',') => at += 1,
            // `result` closed without `resources`, or the message without `result`.
            Some(_) => return Start::NotAPage,
            None => return Start::NeedMore,
        }
    }
}

/// The state of one streamed page.
#[derive(Debug)]
pub(crate) struct PageStream {
    skeleton: Vec<u8>,
    resources: Vec<Resource>,
    warnings: Vec<ItemWarning>,
    /// Position of the next item in the page, for warnings about items without a URI.
    index: usize,
    state: State,
    /// Bytes needed before an incomplete item is parsed again (0: at once).
    retry_at: usize,
}

#[derive(Debug, PartialEq, Eq)]
enum State {
    /// Inside the array; `comma` when the next item must be preceded by a comma.
    Items { comma: bool },
    /// The array closed; the rest of the message goes to the skeleton at the end.
    Closed,
    /// Malformed JSON inside the array: the message cannot be read.
    Broken(String),
}

/// What became of one item.
enum Step {
    /// Decoded (kept or left out); the item ended here.
    Done(usize),
    /// Its end has not arrived.
    More,
    /// Not JSON.
    Bad(String),
}

/// What a finished stream gives the decoder.
pub(crate) struct StreamedPage {
    /// The whole message with the array left empty.
    pub(crate) skeleton: Vec<u8>,
    pub(crate) resources: Vec<Resource>,
    pub(crate) warnings: Vec<ItemWarning>,
}

impl PageStream {
    /// Starts after `find_resources` found the array at `array_at` of `prefix`, keeping the
    /// message up to and including its `[`.
    pub(crate) fn new(prefix: &[u8], array_at: usize) -> Self {
        Self {
            skeleton: prefix[..array_at].to_vec(),
            resources: Vec::new(),
            warnings: Vec::new(),
            index: 0,
            state: State::Items { comma: false },
            retry_at: 0,
        }
    }

    /// Decodes the complete items at the start of `bytes` (the message continued); returns
    /// how many bytes it consumed, which the caller must not pass again.
    pub(crate) fn feed(&mut self, bytes: &[u8]) -> usize {
        self.items(bytes, false)
    }

    /// The message ended with `rest`: decodes the last items and returns the page, or why
    /// the message is malformed.
    pub(crate) fn finish(mut self, rest: &[u8]) -> Result<StreamedPage, String> {
        let used = self.items(rest, true);
        match self.state {
            State::Closed => {
                self.skeleton.extend_from_slice(&rest[used..]);
                Ok(StreamedPage {
                    skeleton: self.skeleton,
                    resources: self.resources,
                    warnings: self.warnings,
                })
            }
            State::Broken(reason) => Err(reason),
            State::Items { .. } => Err("the message ended inside its resources array".to_owned()),
        }
    }

    fn items(&mut self, bytes: &[u8], whole: bool) -> usize {
        // An item that stays incomplete is parsed again only once the bytes after it have
        // doubled: one huge item must not be re-parsed for every read (quadratic time).
        if !whole && bytes.len() < self.retry_at {
            return 0;
        }
        // The message is lost already: its rest need not be kept until it ends.
        if matches!(self.state, State::Broken(_)) {
            return bytes.len();
        }
        self.retry_at = 0;
        let mut at = 0;
        while let State::Items { comma } = self.state {
            at = skip_whitespace(bytes, at);
            match (bytes.get(at), comma) {
                (None, _) => break,
                (Some(b']'), _) => {
                    self.skeleton.push(b']');
                    self.state = State::Closed;
                    return at + 1;
                }
                (Some(b','), true) => {
                    at += 1;
                    self.state = State::Items { comma: false };
                    continue;
                }
                (Some(_), true) | (Some(b','), false) => {
                    self.broken(bytes, at, "expected `,` or `]` between resources");
                    break;
                }
                (Some(_), false) => {}
            }
            match self.item(&bytes[at..], whole) {
                Step::Done(end) => {
                    at += end;
                    self.state = State::Items { comma: true };
                }
                Step::More => {
                    let pending = bytes.len() - at;
                    if pending > RETRY_FLOOR {
                        self.retry_at = 2 * pending;
                    }
                    break;
                }
                Step::Bad(problem) => {
                    self.broken(bytes, at, &problem);
                    break;
                }
            }
        }
        at
    }

    /// Decodes the item at the start of `bytes`, keeping it or leaving it out with a warning.
    fn item(&mut self, bytes: &[u8], whole: bool) -> Step {
        let index = self.index;
        match parse_value::<Resource>(bytes, whole) {
            Parsed::Complete(mut resource, end) => {
                self.index += 1;
                if check_resource(index, &mut resource, &mut self.warnings) {
                    self.resources.push(resource);
                }
                Step::Done(end)
            }
            Parsed::Incomplete => Step::More,
            // Not a valid resource: perhaps one bad field, which the repair drops.
            Parsed::Invalid(_) => match parse_value::<Value>(bytes, whole) {
                Parsed::Complete(value, end) => {
                    self.index += 1;
                    if let Some(resource) = repair_item(index, value, &mut self.warnings) {
                        self.resources.push(resource);
                    }
                    Step::Done(end)
                }
                Parsed::Incomplete => Step::More,
                // Valid JSON too deep to decode (past serde_json's recursion limit, which
                // skipping does not have): this item is left out, its neighbours kept.
                Parsed::Invalid(error) => match parse_value::<IgnoredAny>(bytes, whole) {
                    Parsed::Complete(_, end) => {
                        self.index += 1;
                        self.warnings.push(ItemWarning {
                            item: format!("#{index}"),
                            field: "item".to_owned(),
                            problem: format!(
                                "could not be decoded ({error}); the item is left out"
                            ),
                        });
                        Step::Done(end)
                    }
                    Parsed::Incomplete => Step::More,
                    Parsed::Invalid(error) => Step::Bad(error.to_string()),
                },
            },
        }
    }

    fn broken(&mut self, bytes: &[u8], at: usize, problem: &str) {
        let near: String = String::from_utf8_lossy(&bytes[at..bytes.len().min(at + 80)]).into();
        self.state = State::Broken(format!(
            "malformed JSON in the resources array after item {}: {problem} (near {near:?})",
            self.index
        ));
    }
}

/// Streams the pages among the messages of one connection, as their bytes arrive.
#[derive(Debug, Default)]
pub(crate) struct PageStreams {
    current: Option<PageStream>,
    /// The message has not shown yet whether it is a page: look again at this size.
    next_look: usize,
    /// The message is not a page: leave it to the ordinary path.
    declined: bool,
}

impl PageStreams {
    /// More of a message arrived (`pending`: its bytes not consumed yet). Returns how many of
    /// them were consumed.
    pub(crate) fn partial(&mut self, pending: &[u8], decoder: &Decoder) -> usize {
        if let Some(stream) = &mut self.current {
            return stream.feed(pending);
        }
        if self.declined
            || pending.len() < self.next_look.max(STREAM_FROM)
            || !decoder.awaits(Expect::ListResources)
        {
            return 0;
        }
        match find_resources(pending) {
            Start::Found(at) => {
                let mut stream = PageStream::new(pending, at);
                let used = at + stream.feed(&pending[at..]);
                self.current = Some(stream);
                used
            }
            // Looked at again only once it has doubled: a huge prefix costs linear time.
            Start::NeedMore => {
                self.next_look = 2 * pending.len();
                0
            }
            Start::NotAPage => {
                self.declined = true;
                0
            }
        }
    }

    /// The message ended with `rest`. `true` when it was streamed: its answer (or the error
    /// standing in for it) is then in `out`; `false` leaves the message to the caller.
    pub(crate) fn end(
        &mut self,
        rest: &[u8],
        decoder: &mut Decoder,
        out: &mut VecDeque<ServerJsonRpcMessage>,
    ) -> bool {
        self.next_look = 0;
        self.declined = false;
        let Some(stream) = self.current.take() else {
            return false;
        };
        match stream.finish(rest) {
            Ok(page) => decode_streamed(page, decoder, out),
            Err(problem) => {
                let message = format!("the server sent malformed JSON: {problem}");
                decoder.fail_outstanding(Fault::MalformedJson, &message, None, true, out);
            }
        }
        true
    }

    /// The message will not end (the stream broke, or it was too large).
    pub(crate) fn abandon(&mut self) {
        *self = Self::default();
    }
}

/// The skeleton goes through the ordinary decoder, which checks its id, its page fields and
/// that a listing awaits it; the streamed items then join the page it made.
fn decode_streamed(
    page: StreamedPage,
    decoder: &mut Decoder,
    out: &mut VecDeque<ServerJsonRpcMessage>,
) {
    let before = out.len();
    decoder.decode(&page.skeleton, out);
    let answer = (out.len() == before + 1)
        .then(|| out.back_mut())
        .flatten()
        .and_then(|message| match message {
            ServerJsonRpcMessage::Response(response) => match &mut response.result {
                ServerResult::ListResourcesResult(listing) => Some(listing),
                _ => None,
            },
            _ => None,
        });
    match answer {
        Some(listing) => add_items(listing, page.resources, page.warnings),
        // An error answer, or a page nobody waits for: the decoder has said so.
        None => tracing::warn!(
            items = page.resources.len(),
            "dropped streamed resources: their message was not an awaited listing"
        ),
    }
}

/// Gives a page the items streamed apart from it, with their warnings added
/// to those of the page itself.
fn add_items(
    page: &mut ListResourcesResult,
    resources: Vec<Resource>,
    mut warnings: Vec<ItemWarning>,
) {
    page.resources = resources;
    let earlier = page
        .meta
        .as_ref()
        .and_then(|meta| meta.0.get(WARNINGS_META_KEY))
        .and_then(|value| serde_json::from_value::<Vec<ItemWarning>>(value.clone()).ok())
        .unwrap_or_default();
    warnings.splice(0..0, earlier);
    attach(page, warnings);
}

#[cfg(test)]
mod tests;
