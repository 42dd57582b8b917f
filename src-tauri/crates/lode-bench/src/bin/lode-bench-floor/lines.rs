//! Newline-delimited messages from a byte stream, into one buffer reused for the whole session.
//! Each byte is searched for the newline once (memchr from where the last search stopped) and
//! moved at most once (a partial line to the front), so a 26 MB line costs one pass.

use std::io::{self, Read};

/// A pipe hands over at most 64 KiB per read; the buffer only grows for longer lines.
const FIRST_CAPACITY: usize = 64 * 1024;

pub struct LineReader<R> {
    source: R,
    buf: Vec<u8>,
    /// The first byte not yet handed out.
    start: usize,
    /// The end of the bytes read; `buf[end..]` is free space.
    end: usize,
}

impl<R: Read> LineReader<R> {
    pub fn new(source: R) -> Self {
        Self {
            source,
            buf: vec![0; FIRST_CAPACITY],
            start: 0,
            end: 0,
        }
    }

    /// The next line without its newline, valid until the next call.
    pub fn next_line(&mut self) -> io::Result<&[u8]> {
        let mut scanned = self.start;
        loop {
            if let Some(at) = memchr::memchr(b'\n', &self.buf[scanned..self.end]) {
                let line = self.start..scanned + at;
                self.start = line.end + 1;
                return Ok(&self.buf[line]);
            }
            scanned = self.end;
            // Room for the next read: the partial line goes to the front, then, only if it
            // fills the whole buffer, the buffer doubles.
            if self.start > 0 {
                self.buf.copy_within(self.start..self.end, 0);
                self.end -= self.start;
                scanned -= self.start;
                self.start = 0;
            }
            if self.end == self.buf.len() {
                // A fresh zeroed allocation rather than `resize`: the allocator takes large
                // ones straight from the kernel already zeroed, so the free half costs neither
                // a memset nor resident memory until a read writes into it.
                let mut bigger = vec![0; self.buf.len() * 2];
                bigger[..self.end].copy_from_slice(&self.buf[..self.end]);
                self.buf = bigger;
            }
            let read = loop {
                match self.source.read(&mut self.buf[self.end..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other?,
                }
            };
            if read == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the server closed its output",
                ));
            }
            self.end += read;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out its bytes a few at a time, as a pipe under load does.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_split_across_reads_and_longer_than_the_buffer_come_out_whole() {
        let long = "x".repeat(3 * FIRST_CAPACITY);
        let input = format!("a\n{long}\n\nlast\n");
        let mut lines = LineReader::new(Trickle(input.as_bytes(), 7_000));
        assert_eq!(lines.next_line().unwrap(), b"a");
        assert_eq!(lines.next_line().unwrap(), long.as_bytes());
        assert_eq!(lines.next_line().unwrap(), b"");
        assert_eq!(lines.next_line().unwrap(), b"last");
        let end = lines.next_line().unwrap_err();
        assert_eq!(end.kind(), io::ErrorKind::UnexpectedEof);
    }
}
