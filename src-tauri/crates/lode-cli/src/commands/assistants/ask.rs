//! The y/N question on the terminal; without one, only `--yes` writes.

use lode_core::LodeResult;

use crate::commands::terminal_question;

pub fn confirmed(question: &str) -> LodeResult<bool> {
    terminal_question::confirmed(
        question,
        "not on a terminal, so Lode cannot ask before writing an assistant's configuration: \
         read the change above, then run again with --yes",
    )
}
