//! The `\r`-updated progress line of a long listing, on stderr and only when stderr is a
//! terminal, so scripts and logs never see it.

use std::io::{IsTerminal, Write};

use lode_core::ListProgress;

use super::{count, grouped};

/// A `\r`-updated line on stderr, written only when stderr is a terminal and erased when done
/// (or dropped): the listing's progress and a tool call's.
pub struct StatusLine {
    shown: bool,
    enabled: bool,
}

impl StatusLine {
    pub fn on_terminal() -> Self {
        Self {
            shown: false,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Replaces the line with `text()`, which is not even made when nothing is shown.
    pub fn show(&mut self, text: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r\x1b[K{}", text());
        let _ = stderr.flush();
        self.shown = true;
    }

    /// Erases the line, leaving the terminal as it was.
    pub fn clear(&mut self) {
        if self.shown {
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r\x1b[K");
            let _ = stderr.flush();
            self.shown = false;
        }
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.clear();
    }
}

/// A long listing's progress: pages and resources so far.
pub struct Progress(StatusLine);

impl Progress {
    pub fn on_terminal() -> Self {
        Self(StatusLine::on_terminal())
    }

    pub fn update(&mut self, progress: ListProgress) {
        self.0.show(|| {
            format!(
                "listing… {}, {} resources",
                count(progress.pages as usize, "page"),
                grouped(progress.items)
            )
        });
    }

    /// Erases the line, leaving the terminal as it was.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
