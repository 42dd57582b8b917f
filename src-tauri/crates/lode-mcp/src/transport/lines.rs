//! Newline-delimited framing over any byte stream, in linear time and bounded memory.
//!
//! Bytes are read into one growing buffer and each byte is searched for a newline exactly once
//! (`memchr` from where the last search stopped), so a 26 MB message costs one pass, not one per
//! read. Consumed lines are cut off the front before the next read: every byte is moved at most
//! once. A line longer than the cap is not buffered: from the moment it passes the cap its bytes
//! are counted and thrown away up to its newline, then reported with its size.
//!
//! A reader can also take a long line while it arrives ([`Frame::Partial`] and
//! [`LineReader::consume_partial`]): a streaming decoder gives its bytes back as it goes, and
//! the line's size still counts against the cap.
//!
//! Cancel safety: rmcp polls `receive` inside a `select!` and drops it whenever another branch
//! wins. The only await here is one `read_buf`, which either reads nothing or appends to the
//! buffer; every other state change is synchronous, so a dropped call loses nothing.

use std::io;
use std::mem;

use tokio::io::{AsyncRead, AsyncReadExt};

/// The smallest free space offered to a read: a pipe delivers at most 64 KiB at a time.
const READ_CHUNK: usize = 64 * 1024;
/// After a message bigger than this, the buffer is given back to the allocator once it has
/// been consumed, so one huge message does not pin its memory for the life of the connection.
const KEEP_CAPACITY: usize = 4 * 1024 * 1024;

/// One framing event.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Frame<'a> {
    /// One message without its newline (and without a trailing `\r`).
    Line(&'a [u8]),
    /// A message longer than the cap, already discarded; `bytes` is its full length.
    Oversized { bytes: u64 },
    /// The stream ended. Bytes after the last newline, if any, were delivered as a last line.
    Eof,
    /// A read brought more of a line whose end has not arrived: its unconsumed bytes so far.
    Partial(&'a [u8]),
}

/// What is buffered, decided without holding a borrow across the read.
enum Buffered {
    Line(usize, usize),
    Oversized(u64),
    Eof,
    NeedMore,
}

pub(crate) struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    /// Start of the first unconsumed byte.
    start: usize,
    /// Everything before this has been searched for a newline already.
    scanned: usize,
    /// Bytes of an oversized line thrown away so far, while its newline is still awaited.
    discarded: Option<u64>,
    /// Bytes of the current line a streaming decoder has taken already.
    consumed: usize,
    max: usize,
    eof: bool,
}

impl<R: AsyncRead + Unpin> LineReader<R> {
    /// `max` is the longest accepted line in bytes, without its newline.
    pub(crate) fn new(reader: R, max: usize) -> Self {
        Self {
            reader,
            buf: Vec::new(),
            start: 0,
            scanned: 0,
            discarded: None,
            consumed: 0,
            max,
            eof: false,
        }
    }

    /// The next framing event. After `Eof` every call returns `Eof` again.
    pub(crate) async fn next(&mut self) -> io::Result<Frame<'_>> {
        let mut filled = false;
        loop {
            match self.take_buffered() {
                Buffered::Line(from, to) => {
                    let line = &self.buf[from..to];
                    let line = line.strip_suffix(b"\r").unwrap_or(line);
                    return Ok(Frame::Line(line));
                }
                Buffered::Oversized(bytes) => return Ok(Frame::Oversized { bytes }),
                Buffered::Eof => return Ok(Frame::Eof),
                Buffered::NeedMore if filled && self.discarded.is_none() => {
                    return Ok(Frame::Partial(&self.buf[self.start..]));
                }
                Buffered::NeedMore => {
                    self.fill().await?;
                    filled = true;
                }
            }
        }
    }

    /// Gives back the first `bytes` of the line being received (from the last
    /// [`Frame::Partial`]): they are not buffered, nor delivered with the line's rest.
    pub(crate) fn consume_partial(&mut self, bytes: usize) {
        let bytes = bytes.min(self.buf.len() - self.start);
        self.start += bytes;
        self.scanned = self.scanned.max(self.start);
        self.consumed += bytes;
    }

    fn take_buffered(&mut self) -> Buffered {
        let newline = memchr::memchr(b'\n', &self.buf[self.scanned..]).map(|i| self.scanned + i);
        match (newline, self.discarded) {
            (Some(end), None) => {
                let from = self.start;
                let line_bytes = end - from + mem::take(&mut self.consumed);
                self.start = end + 1;
                self.scanned = self.start;
                // One read can bring a whole line past the cap at once.
                if line_bytes > self.max {
                    Buffered::Oversized(line_bytes as u64)
                } else {
                    Buffered::Line(from, end)
                }
            }
            (Some(end), Some(discarded)) => {
                // The tail of the oversized line ends here; what follows is the next message.
                let bytes = discarded + (end - self.start) as u64;
                self.discarded = None;
                self.start = end + 1;
                self.scanned = self.start;
                Buffered::Oversized(bytes)
            }
            (None, Some(discarded)) => {
                let bytes = discarded + (self.buf.len() - self.start) as u64;
                self.drop_pending();
                if self.eof {
                    self.discarded = None;
                    Buffered::Oversized(bytes)
                } else {
                    self.discarded = Some(bytes);
                    Buffered::NeedMore
                }
            }
            (None, None) => {
                let pending = self.buf.len() - self.start + self.consumed;
                if pending > self.max {
                    self.consumed = 0;
                    self.discarded = Some(pending as u64);
                    self.drop_pending();
                    // Reported once the newline (or the end of the stream) shows its full size.
                    return if self.eof {
                        self.take_buffered()
                    } else {
                        Buffered::NeedMore
                    };
                }
                if !self.eof {
                    self.scanned = self.buf.len();
                    return Buffered::NeedMore;
                }
                if pending == 0 {
                    return Buffered::Eof;
                }
                // A last message without its newline: deliver it rather than lose it (a
                // streaming decoder learns so that its message was cut off).
                let from = self.start;
                self.consumed = 0;
                self.start = self.buf.len();
                self.scanned = self.start;
                Buffered::Line(from, self.buf.len())
            }
        }
    }

    fn drop_pending(&mut self) {
        self.buf.clear();
        self.start = 0;
        self.scanned = 0;
        self.release_memory();
    }

    fn release_memory(&mut self) {
        if self.buf.capacity() > KEEP_CAPACITY && self.buf.len() - self.start < READ_CHUNK {
            self.buf.shrink_to(READ_CHUNK.max(self.buf.len()));
        }
    }

    async fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.scanned -= self.start;
            self.start = 0;
            self.release_memory();
        }
        // Grow by doubling (linear overall), but never past what the cap can need: a line
        // that fits, plus one read.
        if self.buf.capacity() - self.buf.len() < READ_CHUNK {
            let limit = self.max.saturating_add(READ_CHUNK);
            let target = (self.buf.len() + READ_CHUNK)
                .max(self.buf.capacity().saturating_mul(2))
                .min(limit.max(self.buf.len() + READ_CHUNK));
            self.buf.reserve_exact(target - self.buf.len());
        }
        // `read_buf` is cancel safe: dropped before completion, it has read nothing.
        let read = self.reader.read_buf(&mut self.buf).await?;
        if read == 0 {
            self.eof = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    async fn frames(input: &[u8], max: usize) -> Vec<String> {
        let mut reader = LineReader::new(input, max);
        let mut out = Vec::new();
        loop {
            match reader.next().await.unwrap() {
                Frame::Line(line) => out.push(String::from_utf8_lossy(line).into_owned()),
                Frame::Oversized { bytes } => out.push(format!("<oversized {bytes}>")),
                Frame::Partial(_) => {}
                Frame::Eof => break,
            }
        }
        out
    }

    #[tokio::test]
    async fn splits_lines_strips_cr_and_keeps_a_last_line_without_newline() {
        let got = frames(b"a\r\n\nbb\nccc", 10).await;
        assert_eq!(got, ["a", "", "bb", "ccc"]);
    }

    #[tokio::test]
    async fn discards_an_oversized_line_up_to_its_newline_and_reports_its_size() {
        let mut input = b"ok\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 25));
        input.extend(b"\nafter\n");
        assert_eq!(frames(&input, 10).await, ["ok", "<oversized 25>", "after"]);
        // A line of exactly the cap is accepted.
        assert_eq!(frames(b"0123456789\n", 10).await, ["0123456789"]);
        // An oversized line cut off by the end of the stream is still reported.
        assert_eq!(frames(&[b'y'; 30], 10).await, ["<oversized 30>"]);
    }

    #[tokio::test]
    async fn memory_stays_bounded_while_a_huge_line_streams_through() {
        let (mut tx, rx) = tokio::io::duplex(64 * 1024);
        let writer = tokio::spawn(async move {
            let chunk = vec![b'z'; 1024 * 1024];
            for _ in 0..20 {
                tx.write_all(&chunk).await.unwrap();
            }
            tx.write_all(b"\n{}\n").await.unwrap();
        });
        let max = 2 * 1024 * 1024;
        let mut reader = LineReader::new(rx, max);
        assert_eq!(
            settled(&mut reader).await,
            Owned::Oversized(20 * 1024 * 1024)
        );
        assert!(reader.buf.capacity() <= max + 2 * READ_CHUNK);
        assert_eq!(settled(&mut reader).await, Owned::Line(b"{}".to_vec()));
        writer.await.unwrap();
        assert_eq!(settled(&mut reader).await, Owned::Eof);
    }

    /// The next frame that is not `Partial`, owned (a borrowed one cannot leave the loop).
    async fn settled<R: AsyncRead + Unpin>(reader: &mut LineReader<R>) -> Owned {
        loop {
            match reader.next().await.unwrap() {
                Frame::Partial(_) => continue,
                Frame::Line(line) => return Owned::Line(line.to_vec()),
                Frame::Oversized { bytes } => return Owned::Oversized(bytes),
                Frame::Eof => return Owned::Eof,
            }
        }
    }

    #[derive(Debug, PartialEq)]
    enum Owned {
        Line(Vec<u8>),
        Oversized(u64),
        Eof,
    }

    #[tokio::test]
    async fn a_line_taken_while_it_arrives_is_delivered_without_what_was_taken() {
        let (mut tx, rx) = tokio::io::duplex(8);
        let mut reader = LineReader::new(rx, 20);
        tx.write_all(b"abcdef").await.unwrap();
        assert_eq!(reader.next().await.unwrap(), Frame::Partial(b"abcdef"));
        reader.consume_partial(4);
        tx.write_all(b"gh\nnext\n").await.unwrap();
        assert_eq!(reader.next().await.unwrap(), Frame::Line(b"efgh"));
        assert_eq!(reader.next().await.unwrap(), Frame::Line(b"next"));
        // What was taken still counts against the cap (20 bytes here).
        tx.write_all(&[b'x'; 8]).await.unwrap();
        assert!(matches!(reader.next().await.unwrap(), Frame::Partial(_)));
        reader.consume_partial(8);
        tx.write_all(&[b'y'; 8]).await.unwrap();
        assert!(matches!(reader.next().await.unwrap(), Frame::Partial(_)));
        reader.consume_partial(8);
        tx.write_all(b"zzzzzz\n").await.unwrap();
        assert_eq!(settled(&mut reader).await, Owned::Oversized(22));
        // A line cut off by the end of the stream is delivered with what was left of it.
        tx.write_all(b"ab").await.unwrap();
        assert!(matches!(reader.next().await.unwrap(), Frame::Partial(_)));
        reader.consume_partial(2);
        drop(tx);
        assert_eq!(reader.next().await.unwrap(), Frame::Line(b""));
        assert_eq!(reader.next().await.unwrap(), Frame::Eof);
    }

    #[tokio::test]
    async fn a_cancelled_read_loses_no_bytes() {
        let (mut tx, rx) = tokio::io::duplex(1024);
        let mut reader = LineReader::new(rx, 1024);
        tx.write_all(b"{\"par").await.unwrap();
        // The first read reports the line so far; the next call waits for more and is
        // dropped while waiting, as rmcp's select! does.
        assert_eq!(reader.next().await.unwrap(), Frame::Partial(b"{\"par"));
        let pending =
            tokio::time::timeout(std::time::Duration::from_millis(20), reader.next()).await;
        assert!(pending.is_err());
        tx.write_all(b"tial\":1}\n").await.unwrap();
        assert_eq!(
            settled(&mut reader).await,
            Owned::Line(b"{\"partial\":1}".to_vec())
        );
    }
}
