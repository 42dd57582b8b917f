//! The y/N question on the terminal; without one, only `--yes` writes.

use std::io::{BufRead, IsTerminal, Write};

use lode_core::LodeResult;

use crate::pairs::usage;
use crate::render;

pub fn confirmed(question: &str) -> LodeResult<bool> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(usage(
            "not on a terminal, so Lode cannot ask before writing an assistant's \
             configuration: read the change above, then run again with --yes",
        ));
    }
    eprint!("{}", render::safe_text::block(question));
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    stdin
        .lock()
        .read_line(&mut answer)
        .map_err(|e| usage(&format!("could not read the answer: {e}")))?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "Yes"))
}
