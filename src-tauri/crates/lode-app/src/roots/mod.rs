//! The folders a connection offers its server as roots: absolute paths kept with the
//! connection, offered as `file://` URIs (percent-encoded by `url`). The person changes them
//! through `edits`; a running connection's supervisor offers them at once
//! (`connections/supervisor/live_roots.rs`).

mod edits;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// The most folders one connection offers.
pub(crate) const MAX_ROOTS: usize = 64;

/// `file://` URIs of `paths`; a path that is not absolute is left out (the store only keeps
/// checked ones, but an old or hand-edited database may hold anything).
pub(crate) fn root_uris(paths: Option<&[String]>) -> Vec<String> {
    paths
        .unwrap_or_default()
        .iter()
        .filter_map(|path| url::Url::from_directory_path(path).ok())
        .map(|url| url.to_string().trim_end_matches('/').to_owned())
        .take(MAX_ROOTS)
        .collect()
}

/// Checks the folders a person chose: absolute, existing directories, no duplicates, at most
/// [`MAX_ROOTS`]. Returns them as given, in order.
pub(crate) fn check_roots(paths: &[String]) -> LodeResult<Vec<String>> {
    if paths.len() > MAX_ROOTS {
        return Err(invalid(format!("at most {MAX_ROOTS} folders")));
    }
    let mut checked: Vec<String> = Vec::with_capacity(paths.len());
    for path in paths {
        let folder = std::path::Path::new(path);
        if !folder.is_absolute() {
            return Err(invalid(format!("{path:?} is not an absolute path")));
        }
        if !folder.is_dir() {
            return Err(invalid(format!("{path:?} is not a folder")));
        }
        if !checked.contains(path) {
            checked.push(path.clone());
        }
    }
    Ok(checked)
}

fn invalid(message: String) -> LodeError {
    LodeError::new(ErrorCode::InvalidInput, format!("roots: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_become_file_uris_and_bad_ones_are_refused() {
        let uris = root_uris(Some(&["/home/me/my project".into(), "relative".into()]));
        assert_eq!(uris, ["file:///home/me/my%20project"]);
        assert!(root_uris(None).is_empty());

        let dir = tempfile::tempdir().expect("temp dir");
        let real = dir.path().to_string_lossy().into_owned();
        assert_eq!(
            check_roots(&[real.clone(), real.clone()]).expect("ok"),
            std::slice::from_ref(&real)
        );
        for bad in ["relative/x".to_owned(), format!("{real}/missing")] {
            assert_eq!(
                check_roots(&[bad]).map_err(|e| e.code),
                Err(ErrorCode::InvalidInput)
            );
        }
    }
}
