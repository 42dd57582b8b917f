//! The `\r`-updated progress line of a long listing, on stderr and only when stderr is a
//! terminal, so scripts and logs never see it.

use std::io::{IsTerminal, Write};

use lode_core::ListProgress;

use super::{count, grouped};

pub struct Progress {
    shown: bool,
    enabled: bool,
}

impl Progress {
    pub fn on_terminal() -> Self {
        Self {
            shown: false,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    pub fn update(&mut self, progress: ListProgress) {
        if !self.enabled {
            return;
        }
        let mut stderr = std::io::stderr().lock();
        let _ = write!(
            stderr,
            "\r\x1b[Klisting… {}, {} resources",
            count(progress.pages as usize, "page"),
            grouped(progress.items)
        );
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

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
