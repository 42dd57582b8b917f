//! Where the window was and how wide its panes were, kept in the settings (keys `window/place`
//! and `window/paneWidths`) so the next launch opens the same way. Saved as each change ends,
//! in SQLite, so a crash keeps what was last set.

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};

use crate::Lode;

const PLACE_KEY: &str = "window/place";
const PANES_KEY: &str = "window/paneWidths";

/// At most this many pane widths are kept (the window has three columns).
const MAX_PANES: usize = 8;
/// No saved width or size beyond this (CSS or physical pixels): a bad value cannot make a
/// window or a pane larger than any screen.
const MAX_EXTENT: u32 = 16_384;
/// A window smaller than this is not restored (a minimised window reports a tiny size).
const MIN_WINDOW: u32 = 200;

/// The window's outer position and inner size in physical pixels, and whether it was maximised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlace {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
    #[serde(default)]
    pub maximized: bool,
}

impl WindowPlace {
    fn usable(&self) -> bool {
        (MIN_WINDOW..=MAX_EXTENT).contains(&self.width)
            && (MIN_WINDOW..=MAX_EXTENT).contains(&self.height)
            && self.x.unsigned_abs() <= MAX_EXTENT
            && self.y.unsigned_abs() <= MAX_EXTENT
    }
}

impl Lode {
    /// The window's last place, when one was saved and is plausible.
    pub fn window_place(&self) -> Option<WindowPlace> {
        let text = self.store.setting(PLACE_KEY).ok().flatten()?;
        serde_json::from_str::<WindowPlace>(&text)
            .ok()
            .filter(WindowPlace::usable)
    }

    /// Saves the window's place (an implausible one, a minimised window's, is ignored).
    pub fn save_window_place(&self, place: WindowPlace) -> LodeResult<()> {
        if !place.usable() {
            return Ok(());
        }
        let text = serde_json::to_string(&place).map_err(internal)?;
        self.store.set_setting(PLACE_KEY, &text)
    }

    /// The pane widths the window last saved (CSS pixels, left to right); empty when none.
    pub fn pane_widths(&self) -> Vec<u32> {
        self.store
            .setting(PANES_KEY)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<Vec<u32>>(&text).ok())
            .filter(|widths| widths.len() <= MAX_PANES && widths.iter().all(|w| *w <= MAX_EXTENT))
            .unwrap_or_default()
    }

    /// Saves the pane widths (the window clamps them to its size when it restores them).
    pub fn save_pane_widths(&self, widths: &[u32]) -> LodeResult<()> {
        if widths.len() > MAX_PANES || widths.iter().any(|w| *w > MAX_EXTENT) {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("at most {MAX_PANES} pane widths of at most {MAX_EXTENT} pixels"),
            ));
        }
        let text = serde_json::to_string(widths).map_err(internal)?;
        self.store.set_setting(PANES_KEY, &text)
    }
}

fn internal(error: serde_json::Error) -> LodeError {
    LodeError::new(ErrorCode::Internal, error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(dir: &tempfile::TempDir) -> Lode {
        Lode::open(dir.path(), None).expect("open")
    }

    #[test]
    fn the_place_and_pane_widths_survive_a_reopen() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lode = open(&dir);
        assert_eq!(lode.window_place(), None);
        assert_eq!(lode.pane_widths(), Vec::<u32>::new());
        let place = WindowPlace {
            x: 40,
            y: -20,
            width: 1000,
            height: 700,
            maximized: false,
        };
        lode.save_window_place(place).expect("saved");
        lode.save_pane_widths(&[250, 600, 430]).expect("saved");
        drop(lode);
        let lode = open(&dir);
        assert_eq!(lode.window_place(), Some(place));
        assert_eq!(lode.pane_widths(), [250, 600, 430]);
    }

    #[test]
    fn implausible_values_are_neither_saved_nor_restored() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lode = open(&dir);
        let minimised = WindowPlace {
            x: 0,
            y: 0,
            width: 1,
            height: 1,
            maximized: false,
        };
        lode.save_window_place(minimised).expect("ignored");
        assert_eq!(lode.window_place(), None);
        let error = lode.save_pane_widths(&[u32::MAX]).expect_err("refused");
        assert_eq!(error.code, ErrorCode::InvalidInput);
        lode.store
            .set_setting(PLACE_KEY, r#"{"x":0,"y":0,"width":99999999,"height":5}"#)
            .expect("a bad value in the database");
        lode.store
            .set_setting(PANES_KEY, "not json")
            .expect("a bad value in the database");
        assert_eq!(lode.window_place(), None);
        assert_eq!(lode.pane_widths(), Vec::<u32>::new());
    }
}
