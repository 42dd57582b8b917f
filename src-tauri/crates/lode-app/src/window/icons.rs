//! Servers' `https:` icons for the window, as `data:` URLs: fetched by Lode (never by the
//! webview, whose CSP allows images from `data:` only), kept on disk keyed by URL so a restart
//! does not fetch them again, the cache bounded in total size (oldest used first out).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use base64::Engine;
use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_mcp::icon_fetch::{IconFetch, IconType};
use sha2::{Digest, Sha256};

/// The cache's size on disk, at most: a few hundred icons.
pub const ICON_CACHE_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The icons fetched so far, on disk in one folder: a file per URL, named by the URL's
/// SHA-256, holding the bytes as fetched (their type is sniffed again when read).
pub struct IconCache {
    dir: PathBuf,
    fetch: IconFetch,
    max_bytes: u64,
}

impl IconCache {
    pub fn new(dir: PathBuf, fetch: IconFetch) -> Self {
        Self::with_limit(dir, fetch, ICON_CACHE_MAX_BYTES)
    }

    /// Like [`IconCache::new`], with another bound on the cache's size.
    pub fn with_limit(dir: PathBuf, fetch: IconFetch, max_bytes: u64) -> Self {
        Self {
            dir,
            fetch,
            max_bytes,
        }
    }

    /// The icon at `src`, listed by the server at `listed_by`, as a `data:` URL: from the
    /// cache when it holds it, else fetched (see [`IconFetch::fetch`] for what is refused) and
    /// kept. Whether `src` was listed at all is the caller's check.
    pub async fn data_url(&self, src: &str, listed_by: Option<&url::Url>) -> LodeResult<String> {
        let file = self.dir.join(file_name(src));
        if let Some(url) = on_disk(file.clone()).await {
            return Ok(url);
        }
        let icon = self.fetch.fetch(src, listed_by).await?;
        let url = data_url(icon.kind, &icon.bytes);
        let (dir, max_bytes) = (self.dir.clone(), self.max_bytes);
        // A cache that cannot be written only costs a fetch next time.
        let kept = blocking(move || keep(&dir, &file, &icon.bytes, max_bytes)).await;
        if let Err(e) = kept.and_then(|kept| kept) {
            tracing::warn!("icon cache: {}", e.message);
        }
        Ok(url)
    }
}

fn file_name(src: &str) -> String {
    let digest = Sha256::digest(src.as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{hex}.icon")
}

fn data_url(kind: IconType, bytes: &[u8]) -> String {
    let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
    format!("data:{};base64,{encoded}", kind.mime_type())
}

/// The cached icon, marked as just used; `None` when absent or no longer an image.
async fn on_disk(file: PathBuf) -> Option<String> {
    blocking(move || {
        let bytes = std::fs::read(&file).ok()?;
        let kind = IconType::sniff(&bytes)?;
        if let Ok(handle) = std::fs::File::options().write(true).open(&file) {
            let _ = handle.set_modified(SystemTime::now());
        }
        Some(data_url(kind, &bytes))
    })
    .await
    .ok()
    .flatten()
}

/// Writes `bytes` as `file` (whole or not at all), then removes the least recently used
/// icons until the folder holds at most `max_bytes`.
fn keep(dir: &Path, file: &Path, bytes: &[u8], max_bytes: u64) -> LodeResult<()> {
    let storage = |e: std::io::Error| LodeError::new(ErrorCode::Storage, e.to_string());
    std::fs::create_dir_all(dir).map_err(storage)?;
    let partial = file.with_extension("partial");
    std::fs::write(&partial, bytes).map_err(storage)?;
    std::fs::rename(&partial, file).map_err(storage)?;
    let mut icons: Vec<(SystemTime, u64, PathBuf)> = std::fs::read_dir(dir)
        .map_err(storage)?
        .filter_map(Result::ok)
        .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "icon"))
        .filter_map(|entry| {
            let meta = entry.metadata().ok()?;
            Some((meta.modified().ok()?, meta.len(), entry.path()))
        })
        .collect();
    let mut total: u64 = icons.iter().map(|(_, len, _)| len).sum();
    icons.sort();
    for (_, len, path) in icons {
        if total <= max_bytes {
            break;
        }
        if path != file && std::fs::remove_file(&path).is_ok() {
            total -= len;
        }
    }
    Ok(())
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> LodeResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("the icon cache stopped: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_icons_leave_first() -> LodeResult<()> {
        let dir =
            tempfile::tempdir().map_err(|e| LodeError::new(ErrorCode::Storage, e.to_string()))?;
        let png = |n: u8| [b"\x89PNG\r\n\x1a\n".as_slice(), &[n; 100]].concat();
        let (a, b, c) = (
            dir.path().join("a.icon"),
            dir.path().join("b.icon"),
            dir.path().join("c.icon"),
        );
        keep(dir.path(), &a, &png(1), 250)?;
        keep(dir.path(), &b, &png(2), 250)?;
        // `a` used again, so `b` is now the oldest.
        let later = SystemTime::now() + std::time::Duration::from_secs(5);
        if let Ok(handle) = std::fs::File::options().write(true).open(&a) {
            let _ = handle.set_modified(later);
        }
        keep(dir.path(), &c, &png(3), 250)?;
        assert!(a.exists() && c.exists());
        assert!(!b.exists());
        Ok(())
    }
}
