//! The response inside a `text/event-stream` body. The bench server answers each POST with an
//! event stream that ends after the response, so the whole body is at hand: each event's data
//! lines are handed over in turn until one turns out to be the response.

/// Calls `take` on the data of each event, in order, until it returns something. An event with
/// a single `data:` line (the usual case) is handed over in place, without a copy.
pub fn find<T>(
    body: &[u8],
    mut take: impl FnMut(&[u8]) -> Result<Option<T>, String>,
) -> Result<Option<T>, String> {
    let mut event = Data::default();
    let mut rest = body;
    loop {
        let (line, after) = match memchr::memchr(b'\n', rest) {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            // A blank line ends the event, as does the end of the body.
            if let Some(data) = event.take() {
                if let Some(found) = take(&data)? {
                    return Ok(Some(found));
                }
            }
        } else if let Some(value) = line.strip_prefix(b"data:") {
            event.push(value.strip_prefix(b" ").unwrap_or(value));
        }
        // `event:`, `id:`, `retry:` and comments say nothing about the response itself.
        match after {
            Some(after) => rest = after,
            None => {
                return match event.take() {
                    Some(data) => take(&data),
                    None => Ok(None),
                }
            }
        }
    }
}

/// The data lines of one event: borrowed while there is one, joined with `\n` from the second.
#[derive(Default)]
struct Data<'a> {
    first: Option<&'a [u8]>,
    joined: Option<Vec<u8>>,
}

impl<'a> Data<'a> {
    fn push(&mut self, line: &'a [u8]) {
        match (self.first, &mut self.joined) {
            (None, _) => self.first = Some(line),
            (Some(_), Some(joined)) => {
                joined.push(b'\n');
                joined.extend_from_slice(line);
            }
            (Some(first), None) => self.joined = Some([first, b"\n", line].concat()),
        }
    }

    /// The event's data, if it had any `data:` line, leaving this empty for the next event.
    fn take(&mut self) -> Option<std::borrow::Cow<'a, [u8]>> {
        let first = self.first.take()?;
        Some(match self.joined.take() {
            Some(joined) => joined.into(),
            None => first.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_data(body: &str) -> Vec<String> {
        let mut seen = Vec::new();
        let found: Option<()> = find(body.as_bytes(), |data| {
            seen.push(String::from_utf8_lossy(data).into_owned());
            Ok(None)
        })
        .unwrap();
        assert!(found.is_none());
        seen
    }

    #[test]
    fn each_event_gives_its_data_once() {
        let body = "event: message\nid: 1\ndata: {\"a\":1}\n\n: comment\n\ndata:\ndata: x\r\ndata:y\n\ndata: last";
        assert_eq!(all_data(body), ["{\"a\":1}", "\nx\ny", "last"]);
        assert!(all_data("").is_empty());
    }

    #[test]
    fn the_search_stops_at_the_first_match() {
        let body = "data: skip\n\ndata: hit\n\ndata: never\n\n";
        let mut calls = 0;
        let found = find(body.as_bytes(), |data| {
            calls += 1;
            Ok((data == b"hit").then_some(calls))
        });
        assert_eq!(found, Ok(Some(2)));
    }
}
