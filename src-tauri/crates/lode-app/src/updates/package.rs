//! What a downloaded update package is, before it is installed: its size within a cap, and its
//! version newer than the running one.
//!
//! The feed is not signed, only the package is (minisign, checked by the updater plugin). So
//! the feed's `version` proves nothing: whoever controls the feed could announce "0.9.0" and
//! point at a genuine, signed, older release (a downgrade to a version with a known flaw). The
//! version that counts is the one inside the signed bytes:
//! - `.deb`: the `Version` of `./control` in `control.tar.gz` (or an uncompressed
//!   `control.tar`; an xz or zstd control archive is refused: Tauri's bundler writes gzip);
//! - `.rpm`: the `VERSION` tag of the package header (an `EPOCH` other than 0 is refused);
//! - any other format (AppImage, MSI, NSIS, the macOS `.app.tar.gz`): Lode cannot read a
//!   version inside, so it takes the version the signature's trusted comment names
//!   (`version:…`, which the plugin has already checked against the feed's, once the
//!   signature verified), and refuses a package whose signature names none.

use std::io::Read;

use base64::Engine;
use lode_core::{ErrorCode, LodeError, LodeResult};
use semver::Version;

/// The largest update download accepted: a Lode package is tens of megabytes.
pub const MAX_UPDATE_BYTES: u64 = 200 * 1024 * 1024;
/// The most bytes of a `.deb`'s control archive (and of its `control` file) read.
const MAX_CONTROL_BYTES: u64 = 1024 * 1024;

/// Refuses a download past [`MAX_UPDATE_BYTES`]: `received` so far, or the length the server
/// announced.
pub fn check_download_size(received: u64, announced: Option<u64>) -> LodeResult<()> {
    check_size_within(received, announced, MAX_UPDATE_BYTES)
}

fn check_size_within(received: u64, announced: Option<u64>, cap: u64) -> LodeResult<()> {
    let largest = received.max(announced.unwrap_or(0));
    if largest <= cap {
        return Ok(());
    }
    Err(LodeError::new(
        ErrorCode::UpdateTooLarge,
        format!(
            "The update's download is larger than {} MiB, the most Lode accepts; nothing was \
             installed.",
            cap / (1024 * 1024)
        ),
    ))
}

/// The version of the downloaded, signature-checked package `bytes`, which must be newer than
/// `installed` (and is the version the dialog showed, `announced`). `signature` is the feed's
/// (base64 minisign) signature of the package, read only for formats whose version Lode cannot
/// read inside.
pub fn check_update_package(
    bytes: &[u8],
    signature: &str,
    announced: &str,
    installed: &str,
) -> LodeResult<Version> {
    let found = match package_version(bytes)? {
        Some(version) => version,
        None => signed_version(signature).ok_or_else(|| {
            not_newer(
                "Lode cannot read the version inside this kind of package, and its signature \
                 does not name one; nothing was installed."
                    .to_owned(),
            )
        })?,
    };
    let package = parse_version(&found)
        .ok_or_else(|| not_newer(format!("The package's version {found:?} is not readable.")))?;
    let installed = parse_version(installed).ok_or_else(|| {
        LodeError::new(
            ErrorCode::Internal,
            format!("the installed version {installed:?} is not a version"),
        )
    })?;
    if package <= installed {
        return Err(not_newer(format!(
            "The downloaded package is version {package}, which is not newer than the installed \
             {installed}; nothing was installed (the feed announced {announced})."
        )));
    }
    if parse_version(announced).is_some_and(|announced| announced != package) {
        return Err(not_newer(format!(
            "The downloaded package is version {package}, not the {announced} the feed announced; \
             nothing was installed."
        )));
    }
    Ok(package)
}

fn not_newer(message: String) -> LodeError {
    LodeError::new(ErrorCode::UpdateNotNewer, message)
}

/// A package version as semver: a leading `v`, and a Debian revision (`-1`) or build that
/// semver cannot read, are set aside.
fn parse_version(text: &str) -> Option<Version> {
    let text = text.trim().trim_start_matches('v');
    Version::parse(text).ok().or_else(|| {
        let (upstream, _revision) = text.rsplit_once('-')?;
        Version::parse(upstream).ok()
    })
}

/// The version written inside `bytes` when it is a `.deb` or an `.rpm`; `None` for the
/// formats Lode cannot read inside. A `.deb` or `.rpm` whose version cannot be found is an
/// error.
pub fn package_version(bytes: &[u8]) -> LodeResult<Option<String>> {
    if bytes.starts_with(b"!<arch>\n") {
        deb_version(bytes).map(Some)
    } else if bytes.starts_with(&[0xED, 0xAB, 0xEE, 0xDB]) {
        rpm_version(bytes).map(Some)
    } else {
        Ok(None)
    }
}

fn unreadable(what: &str, why: impl std::fmt::Display) -> LodeError {
    not_newer(format!(
        "Lode could not read the version inside the downloaded {what} ({why}); nothing was \
         installed."
    ))
}

/// `Version` of `./control` in a `.deb` (an `ar` archive: `debian-binary`, `control.tar.*`,
/// `data.tar.*`).
fn deb_version(bytes: &[u8]) -> LodeResult<String> {
    let bad = |why: &str| unreadable(".deb", why);
    let mut at = 8;
    while at + 60 <= bytes.len() {
        let header = &bytes[at..at + 60];
        let name = String::from_utf8_lossy(&header[..16]);
        let name = name.trim_end().trim_end_matches('/');
        let size: usize = std::str::from_utf8(&header[48..58])
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| bad("a member's size is not a number"))?;
        let start = at + 60;
        let end = start
            .checked_add(size)
            .filter(|end| *end <= bytes.len())
            .ok_or_else(|| bad("a member runs past the end"))?;
        let member = &bytes[start..end];
        match name {
            "control.tar.gz" => {
                return control_version(flate2::read::GzDecoder::new(member)).map_err(|e| bad(&e))
            }
            "control.tar" => return control_version(member).map_err(|e| bad(&e)),
            other if other.starts_with("control.tar") => {
                return Err(bad(&format!(
                    "its control archive is {other}, and Lode reads gzip only"
                )))
            }
            _ => {}
        }
        // Members start on even offsets.
        at = end + (size % 2);
    }
    Err(bad("it has no control archive"))
}

/// `Version:` of the `control` file in a control archive.
fn control_version(archive: impl Read) -> Result<String, String> {
    let mut archive = tar::Archive::new(archive.take(MAX_CONTROL_BYTES));
    for entry in archive.entries().map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path().map_err(|e| e.to_string())?.into_owned();
        if path.to_str().map(|p| p.trim_start_matches("./")) != Some("control") {
            continue;
        }
        let mut text = String::new();
        entry
            .take(MAX_CONTROL_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| e.to_string())?;
        let version = text
            .lines()
            .find_map(|line| line.strip_prefix("Version:"))
            .map(str::trim)
            .ok_or("its control file has no Version")?;
        return match version.split_once(':') {
            // An epoch outranks any version without one: only 0 compares as written.
            Some(("0", rest)) => Ok(rest.to_owned()),
            Some(_) => Err(format!("its version {version} has an epoch")),
            None => Ok(version.to_owned()),
        };
    }
    Err("its control archive has no control file".into())
}

const RPMTAG_VERSION: u32 = 1001;
const RPMTAG_EPOCH: u32 = 1003;

/// `VERSION` of an `.rpm`'s header (after the 96-byte lead and the signature header).
fn rpm_version(bytes: &[u8]) -> LodeResult<String> {
    let bad = |why: &str| unreadable(".rpm", why);
    let signature = RpmHeader::at(bytes, 96).ok_or_else(|| bad("no signature header"))?;
    // The signature header is padded to a multiple of 8 bytes.
    let main_at = signature.end.div_ceil(8) * 8;
    let header = RpmHeader::at(bytes, main_at).ok_or_else(|| bad("no header"))?;
    if let Some(epoch) = header.int32(bytes, RPMTAG_EPOCH) {
        if epoch != 0 {
            return Err(bad(&format!("its epoch is {epoch}")));
        }
    }
    header
        .string(bytes, RPMTAG_VERSION)
        .ok_or_else(|| bad("its header has no VERSION"))
}

/// An rpm header structure: `8E AD E8 01`, 4 reserved bytes, the count of index entries and
/// the size of the data store (big-endian), the entries (tag, type, offset, count), the store.
struct RpmHeader {
    index: usize,
    entries: usize,
    store: usize,
    end: usize,
}

impl RpmHeader {
    fn at(bytes: &[u8], at: usize) -> Option<Self> {
        let head = bytes.get(at..at + 16)?;
        if head[..4] != [0x8E, 0xAD, 0xE8, 0x01] {
            return None;
        }
        let entries = u32::from_be_bytes(head[8..12].try_into().ok()?) as usize;
        let size = u32::from_be_bytes(head[12..16].try_into().ok()?) as usize;
        let index = at + 16;
        let store = index.checked_add(entries.checked_mul(16)?)?;
        let end = store.checked_add(size)?;
        (end <= bytes.len()).then_some(Self {
            index,
            entries,
            store,
            end,
        })
    }

    /// The (type, offset in the store) of `tag`.
    fn find(&self, bytes: &[u8], tag: u32) -> Option<(u32, usize)> {
        (0..self.entries).find_map(|i| {
            let entry = bytes.get(self.index + i * 16..self.index + i * 16 + 16)?;
            let field =
                |n: usize| u32::from_be_bytes([entry[n], entry[n + 1], entry[n + 2], entry[n + 3]]);
            (field(0) == tag).then(|| (field(4), field(8) as usize))
        })
    }

    fn string(&self, bytes: &[u8], tag: u32) -> Option<String> {
        const STRING: u32 = 6;
        let (kind, offset) = self.find(bytes, tag)?;
        let data = bytes.get(self.store.checked_add(offset)?..self.end)?;
        let text = data.split(|b| *b == 0).next()?;
        (kind == STRING).then(|| String::from_utf8_lossy(text).into_owned())
    }

    fn int32(&self, bytes: &[u8], tag: u32) -> Option<u32> {
        const INT32: u32 = 4;
        let (kind, offset) = self.find(bytes, tag)?;
        let start = self.store.checked_add(offset)?;
        let data = bytes
            .get(start..start + 4)
            .filter(|_| start + 4 <= self.end)?;
        (kind == INT32).then(|| u32::from_be_bytes([data[0], data[1], data[2], data[3]]))
    }
}

/// The `version:` field of a minisign signature's trusted comment (tab-separated fields, as
/// the Tauri CLI writes them). Read only after the plugin verified the signature, which covers
/// the trusted comment.
fn signed_version(signature: &str) -> Option<String> {
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(signature.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let comment = text
        .lines()
        .find_map(|line| line.strip_prefix("trusted comment:"))?;
    comment
        .split('\t')
        .find_map(|field| field.trim().strip_prefix("version:"))
        .map(|v| v.trim().to_owned())
}

#[cfg(test)]
#[path = "package_tests.rs"]
mod tests;
