//! Secrets of any size over keychain entries of at most [`MAX_ENTRY_BYTES`] each. Written once,
//! here, for every [`EntryStore`]; [`crate::SecretStore`] is this module's interface.
//!
//! # Format
//!
//! The entry named by the key (the *head*) holds either
//! - the value itself, when it fits in one entry and does not begin with `lode-chunked/`; or
//! - a manifest `lode-chunked/1 gen=G chunks=N bytes=B fnv1a=H`, the value then being split at
//!   UTF-8 character boundaries into `N` chunks of at most [`MAX_ENTRY_BYTES`], stored in the
//!   entries `<key>#G.1` … `<key>#G.N`. `B` is the value's length in bytes and `H` the 64-bit
//!   FNV-1a hash of the value (hex), so a reader detects a torn or damaged value instead of
//!   returning a wrong token.
//!
//! A value that fits but begins with `lode-chunked/` is stored as one chunk, so a head is
//! never ambiguous. Keys never contain `#` (see [`crate::SecretKey`]): no chunk name can be
//! another key.
//!
//! # Replacing and deleting
//!
//! The generation `G` alternates between 1 and 2. A new chunked value is written into the
//! generation the head does not point to, then the head is rewritten (the commit), then the
//! old generation is deleted. The committed value is therefore never overwritten in place: a
//! concurrent reader or a crash sees the old value or the new one, never a mix (the hash catches
//! the remaining race, two writes during one read, and the read is retried).
//!
//! Every `set` and `delete` also sweeps each generation the head does not (or no longer)
//! point to: it deletes `<key>#G.1`, `<key>#G.2`, … until one is missing. Chunks are written in
//! ascending order and known ones deleted in descending order, so whatever an interrupted
//! write or delete leaves behind starts at `.1` and is removed by the next `set` or `delete` of
//! the same key.
//!
//! Concurrent *writers* of one key are not coordinated: callers must not write the same key
//! from two threads at once (readers need no care).

use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::entry::{EntryStore, MAX_ENTRY_BYTES};
use crate::{Secret, SecretKey};

const MANIFEST_PREFIX: &str = "lode-chunked/";
const MANIFEST_VERSION: &str = "lode-chunked/1";
/// Attempts at reading a chunked value while writers keep replacing it.
const READ_ATTEMPTS: usize = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Manifest {
    generation: u8,
    chunks: usize,
    bytes: usize,
    hash: u64,
}

impl Manifest {
    fn render(&self) -> String {
        format!(
            "{MANIFEST_VERSION} gen={} chunks={} bytes={} fnv1a={:016x}",
            self.generation, self.chunks, self.bytes, self.hash
        )
    }

    /// `None` for anything but a well-formed version-1 manifest.
    fn parse(head: &str) -> Option<Self> {
        let mut words = head.split(' ');
        if words.next()? != MANIFEST_VERSION {
            return None;
        }
        let mut field = |name: &str| words.next()?.strip_prefix(name)?.strip_prefix('=');
        let generation = field("gen")?.parse().ok()?;
        let chunks: usize = field("chunks")?.parse().ok()?;
        let bytes = field("bytes")?.parse().ok()?;
        let hash = u64::from_str_radix(field("fnv1a")?, 16).ok()?;
        if words.next().is_some()
            || !matches!(generation, 1 | 2)
            || chunks == 0
            || bytes > chunks.saturating_mul(MAX_ENTRY_BYTES)
        {
            return None;
        }
        Some(Self {
            generation,
            chunks,
            bytes,
            hash,
        })
    }
}

/// What the head of a key holds.
enum Head {
    Missing,
    Plain(Secret),
    Chunked(Manifest),
    /// A manifest this version does not understand (damaged, or from a newer Lode).
    Unknown,
}

fn read_head(store: &(impl EntryStore + ?Sized), key: &SecretKey) -> LodeResult<Head> {
    Ok(match store.read_entry(key.as_str())? {
        None => Head::Missing,
        Some(value) if value.expose().starts_with(MANIFEST_PREFIX) => {
            Manifest::parse(value.expose()).map_or(Head::Unknown, Head::Chunked)
        }
        Some(value) => Head::Plain(value),
    })
}

/// The chunks the head of `key` points to, if any.
fn committed(store: &(impl EntryStore + ?Sized), key: &SecretKey) -> LodeResult<Option<Manifest>> {
    Ok(match read_head(store, key)? {
        Head::Chunked(manifest) => Some(manifest),
        // An unknown manifest's chunks, if any, are found by the sweeps.
        Head::Missing | Head::Plain(_) | Head::Unknown => None,
    })
}

fn chunk_name(key: &SecretKey, generation: u8, index: usize) -> String {
    format!("{}#{generation}.{index}", key.as_str())
}

pub(crate) fn set(
    store: &(impl EntryStore + ?Sized),
    key: &SecretKey,
    secret: &Secret,
) -> LodeResult<()> {
    let value = secret.expose();
    let old = committed(store, key)?;

    if value.len() <= MAX_ENTRY_BYTES && !value.starts_with(MANIFEST_PREFIX) {
        store.write_entry(key.as_str(), secret)?;
        if let Some(old) = old {
            delete_known(store, key, old)?;
        }
        return sweep(store, key, &[1, 2]);
    }

    let generation = match old {
        Some(Manifest { generation: 1, .. }) => 2,
        _ => 1,
    };
    let pieces = split(value, MAX_ENTRY_BYTES);
    // Leftovers of an interrupted write into this generation, so none survives past `N`.
    sweep(store, key, &[generation])?;
    for (i, piece) in pieces.iter().enumerate() {
        store.write_entry(&chunk_name(key, generation, i + 1), &Secret::new(*piece))?;
    }
    let manifest = Manifest {
        generation,
        chunks: pieces.len(),
        bytes: value.len(),
        hash: fnv1a(value.as_bytes()),
    };
    store.write_entry(key.as_str(), &Secret::new(manifest.render()))?;
    if let Some(old) = old {
        delete_known(store, key, old)?;
    }
    let other = if generation == 1 { 2 } else { 1 };
    sweep(store, key, &[other])
}

pub(crate) fn get(
    store: &(impl EntryStore + ?Sized),
    key: &SecretKey,
) -> LodeResult<Option<Secret>> {
    let mut last_error = None;
    for _ in 0..READ_ATTEMPTS {
        let manifest = match read_head(store, key)? {
            Head::Missing => return Ok(None),
            Head::Plain(value) => return Ok(Some(value)),
            Head::Chunked(manifest) => manifest,
            Head::Unknown => {
                return Err(damaged(
                    key,
                    "its manifest is not one this version of Lode understands",
                ))
            }
        };
        match read_chunks(store, key, manifest)? {
            Ok(value) => return Ok(Some(Secret::new(value))),
            // A writer may have replaced the value meanwhile: start again from the head.
            Err(problem) => last_error = Some(damaged(key, problem)),
        }
    }
    Err(last_error.unwrap_or_else(|| damaged(key, "it kept changing while being read")))
}

/// The outer result is the store's; the inner one says whether the chunks make up the value
/// the manifest describes.
fn read_chunks(
    store: &(impl EntryStore + ?Sized),
    key: &SecretKey,
    manifest: Manifest,
) -> LodeResult<Result<String, &'static str>> {
    // The manifest is data from the keychain: never trust it with an allocation.
    let mut value = String::with_capacity(manifest.bytes.min(1 << 16));
    for index in 1..=manifest.chunks {
        match store.read_entry(&chunk_name(key, manifest.generation, index))? {
            Some(piece) => value.push_str(piece.expose()),
            None => return Ok(Err("one of its parts is missing")),
        }
        if value.len() > manifest.bytes {
            return Ok(Err("its parts are longer than recorded"));
        }
    }
    if value.len() != manifest.bytes || fnv1a(value.as_bytes()) != manifest.hash {
        return Ok(Err("its parts do not add up to what was saved"));
    }
    Ok(Ok(value))
}

pub(crate) fn delete(store: &(impl EntryStore + ?Sized), key: &SecretKey) -> LodeResult<bool> {
    let old = committed(store, key)?;
    // The head first: from then on readers see no secret rather than a partial one.
    let existed = store.remove_entry(key.as_str())?;
    if let Some(old) = old {
        delete_known(store, key, old)?;
    }
    sweep(store, key, &[1, 2])?;
    Ok(existed)
}

/// Deletes the chunks a manifest names, the last first (so an interruption leaves a prefix
/// that [`sweep`] finds).
fn delete_known(
    store: &(impl EntryStore + ?Sized),
    key: &SecretKey,
    manifest: Manifest,
) -> LodeResult<()> {
    for index in (1..=manifest.chunks).rev() {
        store.remove_entry(&chunk_name(key, manifest.generation, index))?;
    }
    Ok(())
}

/// Deletes `<key>#G.1`, `<key>#G.2`, … for each generation until one is missing.
fn sweep(
    store: &(impl EntryStore + ?Sized),
    key: &SecretKey,
    generations: &[u8],
) -> LodeResult<()> {
    for &generation in generations {
        let mut index = 1;
        while store.remove_entry(&chunk_name(key, generation, index))? {
            index += 1;
        }
    }
    Ok(())
}

/// Splits `value` into pieces of at most `max` bytes, never inside a character (`max` >= 4).
fn split(value: &str, max: usize) -> Vec<&str> {
    let mut pieces = Vec::with_capacity(value.len() / max + 1);
    let mut rest = value;
    while !rest.is_empty() {
        let mut end = rest.len().min(max);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, tail) = rest.split_at(end);
        pieces.push(piece);
        rest = tail;
    }
    if pieces.is_empty() {
        // Only reachable for an empty value that must be chunked, which cannot happen (it fits
        // and has no prefix); kept so a manifest never says zero chunks.
        pieces.push("");
    }
    pieces
}

/// 64-bit FNV-1a: an integrity check against torn reads, not a security measure.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

fn damaged(key: &SecretKey, problem: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Keychain,
        format!("the secret saved in the keychain is damaged ({problem}); save it again"),
    )
    .with_detail(format!("key: {}", key.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MemoryStore, SecretStore};

    fn key() -> SecretKey {
        SecretKey::new("connection/1/oauth").expect("a valid key")
    }

    #[test]
    fn splits_at_character_boundaries_within_the_limit() {
        // 2,499 ASCII bytes then a 4-byte character that would straddle the 2,500 limit.
        let value = format!("{}😀{}", "a".repeat(2_499), "é".repeat(2_000));
        let pieces = split(&value, MAX_ENTRY_BYTES);
        assert!(pieces
            .iter()
            .all(|p| p.len() <= MAX_ENTRY_BYTES && !p.is_empty()));
        assert_eq!(pieces[0].len(), 2_499);
        assert!(pieces[1].starts_with('😀'));
        assert_eq!(pieces.concat(), value);
        assert_eq!(split("abc", MAX_ENTRY_BYTES), vec!["abc"]);
    }

    #[test]
    fn manifests_round_trip_and_reject_garbage() {
        let manifest = Manifest {
            generation: 2,
            chunks: 3,
            bytes: 6_123,
            hash: 0xdead_beef,
        };
        assert_eq!(
            manifest.render(),
            "lode-chunked/1 gen=2 chunks=3 bytes=6123 fnv1a=00000000deadbeef"
        );
        assert_eq!(Manifest::parse(&manifest.render()), Some(manifest));
        for bad in [
            "lode-chunked/1 gen=3 chunks=3 bytes=1 fnv1a=0",
            "lode-chunked/1 gen=1 chunks=0 bytes=1 fnv1a=0",
            "lode-chunked/1 gen=1 chunks=1 bytes=1",
            "lode-chunked/1 gen=1 chunks=1 bytes=1 fnv1a=0 extra",
            "lode-chunked/2 gen=1 chunks=1 bytes=1 fnv1a=0",
            "lode-chunked/1 chunks=1 gen=1 bytes=1 fnv1a=0",
            "lode-chunked/1 gen=1 chunks=1 bytes=2501 fnv1a=0",
        ] {
            assert_eq!(Manifest::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_small_value_that_looks_like_a_manifest_is_stored_unambiguously() {
        let store = MemoryStore::default();
        let tricky = "lode-chunked/1 gen=1 chunks=9 bytes=1 fnv1a=0";
        store.set(&key(), &Secret::new(tricky)).expect("set");
        assert_eq!(store.get(&key()).expect("get"), Some(Secret::new(tricky)));
        assert_eq!(store.entry_names().len(), 2, "a manifest and one chunk");
    }

    #[test]
    fn a_damaged_chunk_is_reported_not_returned() {
        let store = MemoryStore::default();
        let value = "x".repeat(6_000);
        store
            .set(&key(), &Secret::new(value.as_str()))
            .expect("set");
        store
            .write_entry("connection/1/oauth#1.2", &Secret::new("y".repeat(2_500)))
            .expect("tamper");
        let error = store.get(&key()).expect_err("a damaged value");
        assert_eq!(error.code, ErrorCode::Keychain);
        assert!(error.message.contains("damaged"), "{}", error.message);

        store
            .remove_entry("connection/1/oauth#1.3")
            .expect("lose a chunk");
        assert_eq!(
            store.get(&key()).map_err(|e| e.code),
            Err(ErrorCode::Keychain)
        );
        // Saving again repairs it, and deleting leaves nothing behind.
        store
            .set(&key(), &Secret::new(value.as_str()))
            .expect("set again");
        assert_eq!(store.get(&key()).expect("get"), Some(Secret::new(value)));
        assert!(store.delete(&key()).expect("delete"));
        assert!(store.entry_names().is_empty(), "{:?}", store.entry_names());
    }

    #[test]
    fn leftovers_of_an_interrupted_write_are_swept() {
        let store = MemoryStore::default();
        // A crash after writing four chunks of generation 1, before the head was written.
        for index in 1..=4 {
            store
                .write_entry(&chunk_name(&key(), 1, index), &Secret::new("stale"))
                .expect("leftover");
        }
        store.set(&key(), &Secret::new("small")).expect("set");
        assert_eq!(store.entry_names(), vec!["connection/1/oauth".to_owned()]);

        for index in 1..=4 {
            store
                .write_entry(&chunk_name(&key(), 2, index), &Secret::new("stale"))
                .expect("leftover");
        }
        assert!(store.delete(&key()).expect("delete"));
        assert!(store.entry_names().is_empty(), "{:?}", store.entry_names());
    }

    #[test]
    fn an_unknown_manifest_version_is_an_error_and_can_be_overwritten() {
        let store = MemoryStore::default();
        store
            .write_entry(key().as_str(), &Secret::new("lode-chunked/9 whatever"))
            .expect("a head from the future");
        assert_eq!(
            store.get(&key()).map_err(|e| e.code),
            Err(ErrorCode::Keychain)
        );
        store.set(&key(), &Secret::new("fresh")).expect("set");
        assert_eq!(store.get(&key()).expect("get"), Some(Secret::new("fresh")));
    }

    #[test]
    fn fnv1a_matches_the_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
