//! The y/N questions Lode asks on the terminal before it writes, runs or deletes. Without a
//! terminal nobody can answer: the command says what it would do and asks for `--yes`.

use std::io::{BufRead, IsTerminal, Write};

use lode_app::confirmation::Confirmation;
use lode_core::LodeResult;

use crate::pairs::usage;
use crate::render;

/// Asks `question` (ending in `[y/N] `); without a terminal, a usage error saying
/// `without_terminal`.
pub fn confirmed(question: &str, without_terminal: &str) -> LodeResult<bool> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(usage(without_terminal));
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

/// Asks what the app asks in its native dialog, in the same words. Without a terminal, those
/// words go to stderr, then a usage error saying `without_terminal`.
pub fn confirmed_as_in_the_app(
    question: &Confirmation,
    without_terminal: &str,
) -> LodeResult<bool> {
    if !std::io::stdin().is_terminal() {
        render::stderr_line(&question.message);
    }
    confirmed(
        &format!("{}\n\n{} [y/N] ", question.message, question.accept),
        without_terminal,
    )
}
