//! The searchable text of every entry (title, name, URI, description), stored contiguously:
//! a search that scans entries in ascending order then reads memory sequentially, instead of
//! following four pointers per entry to scattered allocations. Most text is ASCII and lives
//! in one byte arena; a field with any other character lives, as nucleo's code points, in a
//! second arena beside it.
//!
//! Each field is searched up to [`MAX_FIELD_BYTES`] only (see [`capped`]).

use nucleo_matcher::{chars, Utf32Str};

use super::entry::{char_mask, Masks, FIELDS};

/// How much of a field is searched, in bytes of UTF-8. A field is a title, a name, a URI or a
/// description: a person finds a resource by what it starts with, and any one of them longer
/// than this is not something a person types into a search box. A server may still send a
/// description of ten megabytes; searching all of it would make every keystroke read ten
/// megabytes (and keep a second copy of it here). Highlighting searches the same prefix of the
/// displayed text (see [`capped`]), so it marks exactly where the search matched.
pub(super) const MAX_FIELD_BYTES: usize = 1024;

/// The part of `text` that is searched: its first [`MAX_FIELD_BYTES`] bytes, cut back to a
/// character boundary. A prefix, so positions in it are positions in `text`.
pub(super) fn capped(text: &str) -> &str {
    if text.len() <= MAX_FIELD_BYTES {
        return text;
    }
    let mut end = MAX_FIELD_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Marks a field length as counting code points in the wide arena (not bytes in the ASCII
/// one). Lengths are at most [`MAX_FIELD_BYTES`], far below it.
const WIDE: u16 = 1 << 15;

/// Where an entry's fields are: its ASCII fields one after another from `start` in the ASCII
/// arena, its other fields one after another in the wide arena (see [`Texts::wide_starts`]).
/// Together with the entry's character masks, which are read first: one record per entry.
#[derive(Clone, Copy)]
struct Span {
    masks: Masks,
    start: usize,
    lens: [u16; FIELDS],
}

impl Span {
    fn has_wide(&self) -> bool {
        self.lens.iter().any(|len| len & WIDE != 0)
    }
}

/// The text and character masks of every entry, in entry order.
#[derive(Default)]
pub(super) struct Texts {
    /// `spans[i]` belongs to entry `i`.
    spans: Vec<Span>,
    ascii: Vec<u8>,
    wide: Vec<char>,
    /// For each entry with a wide field, ascending: the entry and where its wide fields start.
    wide_starts: Vec<(u32, usize)>,
}

impl Texts {
    /// Adds the next entry's fields: title, name, URI, description (missing ones empty).
    pub fn push(&mut self, fields: [&str; FIELDS]) {
        let fields = fields.map(capped);
        let entry = self.spans.len() as u32;
        let start = self.ascii.len();
        let mut lens = [0; FIELDS];
        let mut wide_start = None;
        for (len, text) in lens.iter_mut().zip(fields) {
            if text.is_ascii() {
                self.ascii.extend_from_slice(text.as_bytes());
                *len = text.len() as u16;
            } else {
                let at = self.wide.len();
                wide_start.get_or_insert(at);
                // As nucleo converts text: one code point per grapheme.
                self.wide.extend(chars::graphemes(text));
                *len = (self.wide.len() - at) as u16 | WIDE;
            }
        }
        if let Some(at) = wide_start {
            self.wide_starts.push((entry, at));
        }
        self.spans.push(Span {
            masks: fields.map(char_mask),
            start,
            lens,
        });
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn masks(&self, entry: u32) -> &Masks {
        &self.spans[entry as usize].masks
    }

    /// The fields of `entry` as nucleo reads them.
    #[inline]
    pub fn haystacks(&self, entry: u32) -> [Utf32Str<'_>; FIELDS] {
        let span = self.spans[entry as usize];
        let [a, b, c, d] = span.lens.map(usize::from);
        if !span.has_wide() {
            // Every field ASCII (most entries): four neighbouring slices.
            let all = &self.ascii[span.start..span.start + a + b + c + d];
            let (title, rest) = all.split_at(a);
            let (name, rest) = rest.split_at(b);
            let (uri, description) = rest.split_at(c);
            return [
                Utf32Str::Ascii(title),
                Utf32Str::Ascii(name),
                Utf32Str::Ascii(uri),
                Utf32Str::Ascii(description),
            ];
        }
        self.mixed_haystacks(entry, span)
    }

    #[cold]
    fn mixed_haystacks(&self, entry: u32, span: Span) -> [Utf32Str<'_>; FIELDS] {
        let found = self.wide_starts.binary_search_by_key(&entry, |&(at, _)| at);
        let mut wide = found.map_or(0, |found| self.wide_starts[found].1);
        let mut ascii = span.start;
        let mut haystacks = [Utf32Str::Ascii(&[]); FIELDS];
        for (haystack, len) in haystacks.iter_mut().zip(span.lens) {
            if len & WIDE == 0 {
                let end = ascii + usize::from(len);
                *haystack = Utf32Str::Ascii(&self.ascii[ascii..end]);
                ascii = end;
            } else {
                let end = wide + usize::from(len & !WIDE);
                *haystack = Utf32Str::Unicode(&self.wide[wide..end]);
                wide = end;
            }
        }
        haystacks
    }

    /// Keeps only the entries `keep` accepts (called once per entry, in order), packing the
    /// arenas again.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let old = std::mem::take(self);
        let mut wide_starts = old.wide_starts.iter();
        for (at, span) in old.spans.iter().enumerate() {
            let wide_start = if span.has_wide() {
                wide_starts.next().map_or(0, |&(_, start)| start)
            } else {
                0
            };
            if !keep(at) {
                continue;
            }
            let ascii_len: usize = span
                .lens
                .iter()
                .filter(|&&len| len & WIDE == 0)
                .map(|&len| usize::from(len))
                .sum();
            let wide_len: usize = span
                .lens
                .iter()
                .filter(|&&len| len & WIDE != 0)
                .map(|&len| usize::from(len & !WIDE))
                .sum();
            let entry = self.spans.len() as u32;
            let start = self.ascii.len();
            self.ascii
                .extend_from_slice(&old.ascii[span.start..span.start + ascii_len]);
            if span.has_wide() {
                self.wide_starts.push((entry, self.wide.len()));
                self.wide
                    .extend_from_slice(&old.wide[wide_start..wide_start + wide_len]);
            }
            self.spans.push(Span { start, ..*span });
        }
    }
}
