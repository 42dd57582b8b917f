//! Server-sent events from an HTTP body, in linear time and with each event's data held once.
//!
//! Why not `sse_stream` (rmcp's parser): it looks for line ends byte by byte, grows an
//! unfinished-line buffer that it keeps for the life of the stream, and then copies every data
//! line into the event. A 26 MB listing sent as one event was so held three times. Here line
//! ends are found with `memchr`, a line that spans chunks is collected once, and the first data
//! line of an event becomes the event's data without a copy (the `data: ` prefix is cut off in
//! place). An event larger than the cap fails the stream instead of growing without bound.
//!
//! Parsing follows the WHATWG rules, which are more lenient than `sse_stream`: unknown fields
//! and malformed `retry` values are ignored rather than failing the stream, a line without a
//! colon is a field with an empty value, and an event cut off by the end of the body is dropped.

use std::collections::VecDeque;
use std::mem;

use futures::stream::BoxStream;
use futures::StreamExt;
use sse_stream::Sse;

use crate::http_failure::{display_url, HttpFailure};

/// What rmcp's Streamable HTTP worker takes from a client (`SseError` there).
pub(crate) type EventError = sse_stream::Error;
pub(crate) type Events = BoxStream<'static, Result<Sse, EventError>>;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why an event could not be parsed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ParseError {
    /// The event being received (data so far plus the current line) passed the cap.
    TooLarge,
    /// A field that must be text is not UTF-8.
    NotUtf8(std::str::Utf8Error),
}

/// The incremental parser: bytes in, complete events out.
pub(crate) struct EventParser {
    max_event_bytes: usize,
    /// The start of a line whose end has not arrived yet.
    partial: Vec<u8>,
    /// Bytes of that line a streaming decoder has taken already (`consume_partial_data`).
    consumed: usize,
    /// The event being assembled; `None` until one of its fields arrives.
    event: Option<Sse>,
    /// Bytes of the event so far, for the cap.
    event_bytes: usize,
    /// The chunk ended with `\r`: a `\n` starting the next chunk belongs to that line end.
    skip_lf: bool,
    /// No line has ended yet.
    at_start: bool,
    ready: VecDeque<Sse>,
}

impl EventParser {
    pub(crate) fn new(max_event_bytes: usize) -> Self {
        Self {
            max_event_bytes,
            partial: Vec::new(),
            consumed: 0,
            event: None,
            event_bytes: 0,
            skip_lf: false,
            at_start: true,
            ready: VecDeque::new(),
        }
    }

    /// The next complete event, if one has been parsed.
    pub(crate) fn pop(&mut self) -> Option<Sse> {
        self.ready.pop_front()
    }

    /// Parses one chunk of the body. After an error the parser must not be fed again.
    pub(crate) fn feed(&mut self, mut chunk: &[u8]) -> Result<(), ParseError> {
        if mem::take(&mut self.skip_lf) {
            chunk = chunk.strip_prefix(b"\n").unwrap_or(chunk);
        }
        while let Some(end) = memchr::memchr2(b'\n', b'\r', chunk) {
            let (line, rest) = chunk.split_at(end);
            if self.partial.is_empty() {
                self.check_size(line.len())?;
                self.line(Line::Borrowed(line))?;
            } else {
                self.check_size(self.partial.len() + self.consumed + line.len())?;
                let mut whole = mem::take(&mut self.partial);
                whole.extend_from_slice(line);
                self.event_bytes += mem::take(&mut self.consumed);
                self.line(Line::Owned(whole))?;
            }
            chunk = match rest {
                [b'\r', b'\n', after @ ..] => after,
                [b'\r'] => {
                    self.skip_lf = true;
                    &[]
                }
                [_, after @ ..] => after,
                [] => &[],
            };
        }
        if !chunk.is_empty() {
            self.check_size(self.partial.len() + self.consumed + chunk.len())?;
            self.partial.extend_from_slice(chunk);
        }
        Ok(())
    }

    /// While the first data line of an event is still arriving: its value so far, without
    /// what was consumed. A streaming decoder reads it as it grows.
    pub(crate) fn partial_data(&self) -> Option<&[u8]> {
        if self
            .event
            .as_ref()
            .is_some_and(|event| event.data.is_some())
        {
            return None;
        }
        let at = data_value_at(&self.partial)?;
        Some(&self.partial[at..])
    }

    /// Drops the first `bytes` of `partial_data`: they were decoded already and are not part
    /// of the event's data when it completes (they still count against the cap).
    pub(crate) fn consume_partial_data(&mut self, bytes: usize) {
        let Some(at) = data_value_at(&self.partial) else {
            return;
        };
        let end = at.saturating_add(bytes).min(self.partial.len());
        self.partial.drain(at..end);
        self.consumed += end - at;
    }

    fn check_size(&self, line_bytes: usize) -> Result<(), ParseError> {
        if self.event_bytes.saturating_add(line_bytes) > self.max_event_bytes {
            Err(ParseError::TooLarge)
        } else {
            Ok(())
        }
    }

    fn line(&mut self, line: Line<'_>) -> Result<(), ParseError> {
        // A byte order mark may start the stream (the first line, however it was chunked).
        let bom = if mem::take(&mut self.at_start) && line.bytes().starts_with(UTF8_BOM) {
            UTF8_BOM.len()
        } else {
            0
        };
        let bytes = &line.bytes()[bom..];
        if bytes.is_empty() {
            self.event_bytes = 0;
            if let Some(event) = self.event.take() {
                self.ready.push_back(event);
            }
            return Ok(());
        }
        if bytes[0] == b':' {
            return Ok(()); // a comment, often a keep-alive
        }
        self.event_bytes += bytes.len() + 1;
        let colon = memchr::memchr(b':', bytes);
        let name = &bytes[..colon.unwrap_or(bytes.len())];
        // The value starts after the colon and one optional space.
        let value_at = match colon {
            Some(at) if bytes.get(at + 1) == Some(&b' ') => at + 2,
            Some(at) => at + 1,
            None => bytes.len(),
        };
        match name {
            b"data" => {
                let value = line.into_value(bom + value_at)?;
                let event = self.event.get_or_insert_with(Sse::default);
                match &mut event.data {
                    Some(data) => {
                        data.push('\n');
                        data.push_str(&value);
                    }
                    None => event.data = Some(value),
                }
            }
            b"event" => {
                let value = text(&bytes[value_at..])?.to_owned();
                self.event.get_or_insert_with(Sse::default).event = Some(value);
            }
            b"id" => {
                let value = &bytes[value_at..];
                // The standard ignores an id containing NUL.
                if !value.contains(&0) {
                    let value = text(value)?.to_owned();
                    self.event.get_or_insert_with(Sse::default).id = Some(value);
                }
            }
            b"retry" => {
                if let Some(ms) = text(&bytes[value_at..])
                    .ok()
                    .and_then(|v| v.parse::<u64>().ok())
                {
                    self.event.get_or_insert_with(Sse::default).retry = Some(ms);
                }
            }
            _ => {} // unknown fields are ignored
        }
        Ok(())
    }
}

/// One line, either borrowed from the chunk it ended in or collected across chunks.
enum Line<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Line<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Line::Borrowed(bytes) => bytes,
            Line::Owned(bytes) => bytes,
        }
    }

    /// The field's value from `at` on, as text. A collected line gives up its own buffer: the
    /// prefix is cut off in place rather than the value being copied (a 26 MB event).
    fn into_value(self, at: usize) -> Result<String, ParseError> {
        match self {
            Line::Borrowed(bytes) => Ok(text(&bytes[at..])?.to_owned()),
            Line::Owned(mut bytes) => {
                bytes.drain(..at);
                String::from_utf8(bytes).map_err(|e| ParseError::NotUtf8(e.utf8_error()))
            }
        }
    }
}

/// Where the value of a `data` line starts, once that is known (the space is optional).
fn data_value_at(line: &[u8]) -> Option<usize> {
    let rest = line.strip_prefix(b"data:")?;
    match rest.first() {
        Some(b' ') => Some(6),
        Some(_) => Some(5),
        None => None,
    }
}

fn text(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(ParseError::NotUtf8)
}

/// Reads the events of an HTTP body one by one; `gated_events::event_stream` hands them on.
pub(crate) struct EventReader {
    body: BoxStream<'static, reqwest::Result<bytes::Bytes>>,
    parser: EventParser,
    url: String,
    ended: bool,
}

impl EventReader {
    pub(crate) fn new(response: reqwest::Response, max_event_bytes: usize) -> Self {
        Self {
            url: display_url(response.url().as_str()),
            body: response.bytes_stream().boxed(),
            parser: EventParser::new(max_event_bytes),
            ended: false,
        }
    }

    /// The next event. While the first data line of an event arrives, `take` sees its value
    /// so far after every read and returns how many of those bytes it consumed.
    pub(crate) async fn next_with(
        &mut self,
        mut take: impl FnMut(&[u8]) -> usize,
    ) -> Option<Result<Sse, EventError>> {
        loop {
            if let Some(event) = self.parser.pop() {
                return Some(Ok(event));
            }
            if self.ended {
                return None;
            }
            let failure = match self.body.next().await {
                Some(Ok(chunk)) => match self.parser.feed(&chunk) {
                    Ok(()) => {
                        if let Some(data) = self.parser.partial_data() {
                            let used = take(data);
                            self.parser.consume_partial_data(used);
                        }
                        continue;
                    }
                    Err(ParseError::TooLarge) => HttpFailure::TooLarge {
                        url: self.url.clone(),
                        limit: self.parser.max_event_bytes,
                    },
                    Err(ParseError::NotUtf8(error)) => {
                        self.ended = true;
                        return Some(Err(EventError::Utf8Parse(error)));
                    }
                },
                Some(Err(error)) => HttpFailure::from_reqwest(&error, &self.url),
                None => {
                    // An event not ended by a blank line is incomplete: the standard drops it.
                    self.ended = true;
                    return None;
                }
            };
            self.ended = true;
            return Some(Err(EventError::Body(Box::new(failure))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(chunks: &[&[u8]]) -> Result<Vec<Sse>, ParseError> {
        let mut parser = EventParser::new(64);
        let mut events = Vec::new();
        for chunk in chunks {
            parser.feed(chunk)?;
            while let Some(event) = parser.pop() {
                events.push(event);
            }
        }
        Ok(events)
    }

    fn data(events: &[Sse]) -> Vec<Option<&str>> {
        events.iter().map(|e| e.data.as_deref()).collect()
    }

    #[test]
    fn events_end_at_blank_lines_with_any_line_ending() {
        let events = parse(&[b"data: a\n\ndata: b\r\n\r\ndata: c\r\rdata:d\n\n"]).unwrap();
        assert_eq!(data(&events), [Some("a"), Some("b"), Some("c"), Some("d")]);
    }

    #[test]
    fn lines_split_anywhere_across_chunks_read_the_same() {
        let whole: &[u8] =
            b"\xEF\xBB\xBFid: 7\r\nevent: message\r\ndata: {\"x\":1}\r\ndata: 2\r\n\r\n";
        let expected = parse(&[whole]).unwrap();
        assert_eq!(expected.len(), 1);
        assert_eq!(expected[0].data.as_deref(), Some("{\"x\":1}\n2"));
        assert_eq!(expected[0].id.as_deref(), Some("7"));
        assert_eq!(expected[0].event.as_deref(), Some("message"));
        for cut in 1..whole.len() {
            let (a, b) = whole.split_at(cut);
            assert_eq!(parse(&[a, b]).unwrap(), expected, "cut at {cut}");
        }
    }

    #[test]
    fn comments_unknown_fields_and_bad_retries_are_ignored() {
        let events = parse(&[b": ping\nfoo: bar\nretry: soon\ndata\n\nretry: 250\n\n"]).unwrap();
        assert_eq!(events.len(), 2);
        // A field name alone is the field with an empty value.
        assert_eq!(events[0].data.as_deref(), Some(""));
        assert_eq!(events[0].retry, None);
        assert_eq!(events[1].retry, Some(250));
        assert_eq!(events[1].data, None);
    }

    #[test]
    fn an_id_with_nul_is_ignored_and_an_unfinished_event_is_not_delivered() {
        let events = parse(&[b"id: a\0b\ndata: x\n\ndata: cut off"]).unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].id, None);
    }

    #[test]
    fn a_data_line_collected_across_chunks_becomes_the_data_without_a_copy() {
        let mut parser = EventParser::new(1 << 20);
        parser.feed(b"data: ").unwrap();
        parser.feed(&[b'x'; 1000]).unwrap();
        let buffer = parser.partial.as_ptr();
        parser.feed(b"\n\n").unwrap();
        let event = parser.pop().expect("an event");
        let data = event.data.expect("data");
        assert_eq!(data.len(), 1000);
        assert_eq!(data.as_ptr(), buffer, "the collected line was copied");
    }

    #[test]
    fn an_event_past_the_cap_fails_even_when_no_line_has_ended() {
        // 64 bytes is the cap in these tests.
        assert_eq!(parse(&[&[b'y'; 65]]), Err(ParseError::TooLarge));
        assert_eq!(
            parse(&[
                b"data: 0123456789012345678901234567890123456789\n",
                b"data: 0123456789abcdef\n"
            ]),
            Err(ParseError::TooLarge)
        );
        // The count starts again with each event.
        let small = b"data: 0123456789012345678901234567890123456789\n\n";
        assert_eq!(parse(&[small, small, small]).unwrap().len(), 3);
    }

    #[test]
    fn a_data_line_can_be_taken_while_it_arrives() {
        let mut parser = EventParser::new(40);
        parser.feed(b"id: 1\ndata:").unwrap();
        assert_eq!(
            parser.partial_data(),
            None,
            "the optional space is not known yet"
        );
        parser.feed(b" abcdef").unwrap();
        assert_eq!(parser.partial_data(), Some(&b"abcdef"[..]));
        parser.consume_partial_data(4);
        assert_eq!(parser.partial_data(), Some(&b"ef"[..]));
        parser.feed(b"gh\n\n").unwrap();
        let event = parser.pop().expect("an event");
        assert_eq!(event.data.as_deref(), Some("efgh"));
        assert_eq!(event.id.as_deref(), Some("1"));
        // Consumed bytes still count against the cap (40 bytes here).
        parser.feed(b"data: ").unwrap();
        parser.feed(&[b'x'; 30]).unwrap();
        parser.consume_partial_data(30);
        assert_eq!(parser.feed(&[b'y'; 10]), Err(ParseError::TooLarge));
    }

    #[test]
    fn data_that_is_not_utf8_is_an_error() {
        assert!(matches!(
            parse(&[b"data: \xFF\n\n"]),
            Err(ParseError::NotUtf8(_))
        ));
        assert!(matches!(
            parse(&[b"data: \xFF", b"\n\n"]),
            Err(ParseError::NotUtf8(_))
        ));
    }
}
