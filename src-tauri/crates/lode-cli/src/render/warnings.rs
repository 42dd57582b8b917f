//! Fields a listing dropped from malformed items, one stderr line each:
//! `lode: warning: [<server>: ]<item>: dropped <field>: <problem>`. The item is the server's
//! URI and the problem may quote its value, so both are cleaned and cut like any server text.

use lode_core::ItemWarning;

use super::safe_text::one_line;

/// The widest each part of a warning is printed.
const PART_WIDTH: usize = 160;

/// `server` names the server when several answered (`search`).
pub fn dropped_fields(server: Option<&str>, warnings: &[ItemWarning]) {
    let clean = |text: &str| one_line(text, PART_WIDTH).text;
    let from = server
        .map(|name| format!("{}: ", clean(name)))
        .unwrap_or_default();
    for warning in warnings {
        super::stderr_line(&format!(
            "lode: warning: {from}{}: dropped {}: {}",
            clean(&warning.item),
            clean(&warning.field),
            clean(&warning.problem)
        ));
    }
}
