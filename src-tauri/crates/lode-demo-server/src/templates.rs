//! Resource templates: `file:///{path}`, `table://{name}` and `table://{name}/{id}`.
//! All three answer `completion/complete` (see `completion.rs`).

use rmcp::model::ResourceTemplate;

use crate::icons::Glyph;

pub const FILE: &str = "file:///{path}";
pub const TABLE: &str = "table://{name}";
pub const TABLE_ROW: &str = "table://{name}/{id}";

pub fn list() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate::new(FILE, "project-file")
            .with_title("Project file")
            .with_description("Any file of the example project by path, e.g. project/README.md")
            .with_icons(vec![Glyph::Document.icon()]),
        ResourceTemplate::new(TABLE, "table")
            .with_title("Database table")
            .with_description("All rows of a table of the bundled SQLite sample, as JSON")
            .with_mime_type("application/json")
            .with_icons(vec![Glyph::Table.icon()]),
        ResourceTemplate::new(TABLE_ROW, "table-row")
            .with_title("Table row")
            .with_description("One row by id; completing `id` uses the `name` already chosen")
            .with_mime_type("application/json")
            .with_icons(vec![Glyph::Table.icon()]),
    ]
}

/// Splits `table://{name}/{id}` into its parts; `None` for anything else.
pub fn table_row(uri: &str) -> Option<(&str, i64)> {
    let (name, id) = uri.strip_prefix("table://")?.split_once('/')?;
    Some((name, id.parse().ok()?))
}
