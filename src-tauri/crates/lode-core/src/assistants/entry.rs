//! The entry Lode writes: its own absolute path, `serve --profile P`, under the name `lode`.

use std::path::Path;

/// The name of Lode's entry in every assistant's configuration.
pub const ENTRY_NAME: &str = "lode";

/// What the entry starts: the installed `lode` and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LodeEntry {
    pub command: String,
    pub args: Vec<String>,
}

impl LodeEntry {
    /// The entry that runs Lode's context hub over stdio for `profile`, with `lode` the
    /// absolute path of the installed program.
    pub fn serve(lode: &Path, profile: &str) -> Self {
        Self {
            command: lode.to_string_lossy().into_owned(),
            args: vec!["serve".into(), "--profile".into(), profile.into()],
        }
    }
}

/// Whether an entry with this command and these arguments is Lode's, at whatever path and
/// with whatever arguments: its program is named `lode` and its first argument is `serve`.
/// Anything else under the name `lode` is another program's.
pub fn is_lodes(command: Option<&str>, args: &[String]) -> bool {
    let Some(command) = command else {
        return false;
    };
    // The last component by either separator: a Windows path read on Linux counts too.
    let file_name = command.rsplit(['/', '\\']).next().unwrap_or(command);
    let named_lode = file_name == "lode" || file_name.eq_ignore_ascii_case("lode.exe");
    named_lode && args.first().map(String::as_str) == Some("serve")
}
