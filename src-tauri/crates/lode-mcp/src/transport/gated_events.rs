//! An HTTP body's events through the flood gate (`flood_gate.rs`), as rmcp takes them: the body
//! is read at its own speed; past the ceiling its notifications are coalesced or counted, and a
//! response (or a request from the server) is never held behind them.

use std::collections::VecDeque;
use std::time::Instant;

use futures::StreamExt;
use sse_stream::Sse;

use super::event_stream::{EventError, EventReader, Events};
use super::flood_gate::FloodGate;
use super::flood_kind;

struct Gated {
    reader: EventReader,
    gate: FloodGate<Sse>,
    /// Through the gate, to hand on in order.
    out: VecDeque<Result<Sse, EventError>>,
    ended: bool,
}

/// The events of an HTTP body, gated. A broken body or an oversized event ends the stream with
/// one error, whose source is the `HttpFailure` (so callers can tell "too large" from "broken").
pub(crate) fn event_stream(response: reqwest::Response, max_event_bytes: usize) -> Events {
    gated(EventReader::new(response, max_event_bytes))
}

/// The events still to come from `reader`, gated.
pub(crate) fn gated(reader: EventReader) -> Events {
    let gated = Gated {
        reader,
        gate: FloodGate::default(),
        out: VecDeque::new(),
        ended: false,
    };
    futures::stream::unfold(gated, |mut gated| async move {
        let item = gated.next().await?;
        Some((item, gated))
    })
    .boxed()
}

impl Gated {
    async fn next(&mut self) -> Option<Result<Sse, EventError>> {
        loop {
            let now = Instant::now();
            if let Some(item) = self.out.pop_front() {
                return Some(item);
            }
            if let Some(held) = self.gate.release(now) {
                return Some(Ok(flood_kind::to_event(held)));
            }
            if self.ended {
                let held = self.gate.flush(now);
                self.out
                    .extend(held.into_iter().map(flood_kind::to_event).map(Ok));
                return self.out.pop_front();
            }
            let item = match self.gate.next_release(now) {
                Some(at) => tokio::select! {
                    item = self.reader.next_with(|_| 0) => item,
                    () = tokio::time::sleep_until(at.into()) => continue,
                },
                None => self.reader.next_with(|_| 0).await,
            };
            match item {
                Some(Ok(event)) => {
                    let kind = flood_kind::of_event(&event);
                    let passed = self.gate.admit(event, kind, Instant::now());
                    self.out
                        .extend(passed.into_iter().map(flood_kind::to_event).map(Ok));
                }
                // What was held goes before the error that ends the stream.
                Some(Err(error)) => {
                    let held = self.gate.flush(Instant::now());
                    self.out
                        .extend(held.into_iter().map(flood_kind::to_event).map(Ok));
                    self.out.push_back(Err(error));
                }
                None => self.ended = true,
            }
        }
    }
}
