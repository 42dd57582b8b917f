//! `lode search` as text: one row per resource in aligned columns — display name (matches
//! emphasised on a terminal), server, URI (matches emphasised), priority, audience and
//! lastModified. Every field from a server is cleaned and cut first (see `safe_text`).

use lode_core::index::{IndexRow, QueryResult};
use lode_core::LodeResult;

use super::resources::audience;
use super::safe_text::{marked, one_line, Emphasis, Field};
use super::styled;

/// The widest each column may be; the URI gets the most room, being what a reader copies to
/// `lode read` (`--json` has it whole).
const NAME_WIDTH: usize = 48;
const SERVER_WIDTH: usize = 24;
const URI_WIDTH: usize = 96;
const MODIFIED_WIDTH: usize = 32;
const GAP: &str = "  ";

pub fn results(result: &QueryResult, emphasis: Emphasis) -> LodeResult<()> {
    let rows: Vec<[Field; 6]> = result
        .rows
        .iter()
        .map(|row| fields(row, emphasis))
        .collect();
    styled(&aligned(&rows))
}

fn fields(row: &IndexRow, emphasis: Emphasis) -> [Field; 6] {
    let item = &row.item;
    let annotations = &item.annotations;
    [
        marked(item.display_name(), &row.name_matches, NAME_WIDTH, emphasis),
        one_line(&item.server, SERVER_WIDTH),
        marked(&item.uri, &row.uri_matches, URI_WIDTH, emphasis),
        one_line(
            &annotations
                .priority
                .map_or_else(|| "-".to_owned(), |p| format!("{p:.2}")),
            usize::MAX,
        ),
        one_line(audience(annotations.audience.as_deref()), usize::MAX),
        one_line(
            annotations.last_modified.as_deref().unwrap_or("-"),
            MODIFIED_WIDTH,
        ),
    ]
}

/// Each column padded to its widest field, the last one not at all.
fn aligned<const N: usize>(rows: &[[Field; N]]) -> String {
    let mut widths = [0; N];
    for row in rows {
        for (width, field) in widths.iter_mut().zip(row) {
            *width = (*width).max(field.width);
        }
    }
    let mut out = String::new();
    for row in rows {
        let last = N.saturating_sub(1);
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(at, field)| {
                if at == last {
                    field.text.clone()
                } else {
                    field.padded(widths[at])
                }
            })
            .collect();
        out.push_str(&cells.join(GAP));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_every_column_but_the_last() {
        let row = |a: &str, b: &str| [one_line(a, 10), one_line(b, 10)];
        let out = aligned(&[row("a", "x"), row("快速", "y"), row("abc", "zzz")]);
        assert_eq!(out, "a     x\n快速  y\nabc   zzz\n");
    }
}
