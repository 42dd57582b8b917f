//! Just enough DER to walk a PKCS#7 SignedData and a certificate's names and dates: one
//! tag-length-value at a time, every length checked against what is left, so a hostile block
//! can only be refused, never read past.

/// One DER element: its tag, its whole encoding, and its contents.
#[derive(Debug, Clone, Copy)]
pub(super) struct Element<'a> {
    pub(super) tag: u8,
    pub(super) whole: &'a [u8],
    pub(super) contents: &'a [u8],
}

/// A reader over a run of elements.
pub(super) struct Reader<'a> {
    rest: &'a [u8],
}

pub(super) const SEQUENCE: u8 = 0x30;
pub(super) const SET: u8 = 0x31;
pub(super) const OID: u8 = 0x06;
pub(super) const OCTET_STRING: u8 = 0x04;
pub(super) const INTEGER: u8 = 0x02;
/// `[n]`, constructed.
pub(super) const fn context(n: u8) -> u8 {
    0xa0 | n
}

impl<'a> Reader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Self {
        Self { rest: bytes }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// The next element; none when the bytes are not one (short, or an indefinite length).
    pub(super) fn next(&mut self) -> Option<Element<'a>> {
        let (&tag, after_tag) = self.rest.split_first()?;
        if tag & 0x1f == 0x1f {
            return None; // multi-byte tags: nothing in PKCS#7 or X.509 uses them
        }
        let (&first, after_len) = after_tag.split_first()?;
        let (length, header) = if first < 0x80 {
            (usize::from(first), 2)
        } else {
            let count = usize::from(first & 0x7f);
            if count == 0 || count > 4 || after_len.len() < count {
                return None;
            }
            let length = after_len[..count]
                .iter()
                .fold(0usize, |sum, &b| (sum << 8) | usize::from(b));
            (length, 2 + count)
        };
        let end = header.checked_add(length)?;
        if end > self.rest.len() {
            return None;
        }
        let element = Element {
            tag,
            whole: &self.rest[..end],
            contents: &self.rest[header..end],
        };
        self.rest = &self.rest[end..];
        Some(element)
    }

    /// The next element, which must have `tag`.
    pub(super) fn expect(&mut self, tag: u8) -> Option<Element<'a>> {
        self.next().filter(|e| e.tag == tag)
    }

    /// The next element when it has `tag`; left unread otherwise.
    pub(super) fn optional(&mut self, tag: u8) -> Option<Element<'a>> {
        let mut ahead = Reader { rest: self.rest };
        let element = ahead.next().filter(|e| e.tag == tag)?;
        self.rest = ahead.rest;
        Some(element)
    }
}

impl<'a> Element<'a> {
    pub(super) fn reader(&self) -> Reader<'a> {
        Reader::new(self.contents)
    }
}

/// The OID `1.2.840.113549.1.7.2` and the like, as DER contents bytes.
pub(super) mod oids {
    pub(in crate::mcpb) const SIGNED_DATA: &[u8] =
        &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
    pub(in crate::mcpb) const MESSAGE_DIGEST: &[u8] =
        &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04];
    pub(in crate::mcpb) const SHA256: &[u8] =
        &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01];
    pub(in crate::mcpb) const RSA_ENCRYPTION: &[u8] =
        &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
    pub(in crate::mcpb) const SHA256_WITH_RSA: &[u8] =
        &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b];
    pub(in crate::mcpb) const ECDSA_WITH_SHA256: &[u8] =
        &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02];
    pub(in crate::mcpb) const COMMON_NAME: &[u8] = &[0x55, 0x04, 0x03];
    pub(in crate::mcpb) const ORGANIZATION: &[u8] = &[0x55, 0x04, 0x0a];
    /// `id-kp-codeSigning`, 1.3.6.1.5.5.7.3.3.
    pub(in crate::mcpb) const CODE_SIGNING: &[u8] =
        &[0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03];
}
