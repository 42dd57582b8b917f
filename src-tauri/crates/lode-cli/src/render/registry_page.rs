//! A page of a registry's search as text: two lines a server (its name, version, status and what
//! Lode can run it as; then its title and description), a count, and on stderr what was left
//! out or cut and the next page's cursor. Every field is the registry's: revealed and cut to
//! one line (`safe_text::one_line`), so a title cannot fake a row or hide a word.

use lode_core::registry::{EntryStatus, RegistryEntry, RegistryPage};
use lode_core::LodeResult;

use super::safe_text::one_line;
use super::{count, stderr_line, text};

/// The widest name, version, status message and summary shown in a listing (`--json` and
/// `lode registry show` have them whole).
const NAME_WIDTH: usize = 200;
const VERSION_WIDTH: usize = 40;
const MESSAGE_WIDTH: usize = 160;
const SUMMARY_WIDTH: usize = 200;
const NOTE_WIDTH: usize = 500;

pub fn page(page: &RegistryPage) -> LodeResult<()> {
    let mut out = String::new();
    for entry in &page.entries {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            one_line(&entry.name, NAME_WIDTH).text,
            one_line(&entry.version, VERSION_WIDTH).text,
            status(&entry.status),
            runs_as(entry)
        ));
        let summary = match (&entry.title, &entry.description) {
            (Some(title), Some(description)) => format!("{title} — {description}"),
            (Some(one), None) | (None, Some(one)) => one.clone(),
            (None, None) => String::new(),
        };
        if !summary.is_empty() {
            out.push_str(&format!("  {}\n", one_line(&summary, SUMMARY_WIDTH).text));
        }
    }
    let mut total = format!(
        "{} from {}",
        count(page.entries.len(), "server"),
        one_line(&page.registry, 2048).text
    );
    if page.deleted > 0 {
        total.push_str(&format!(" ({} marked deleted left out)", page.deleted));
    }
    out.push_str(&format!("{total}\n"));
    text(&out)
}

/// `active`, `DEPRECATED: message`, `DELETED`.
pub fn status(status: &EntryStatus) -> String {
    let flagged = |word: &str, message: &Option<String>| match message {
        Some(message) => format!("{word}: {}", one_line(message, MESSAGE_WIDTH).text),
        None => word.to_owned(),
    };
    match status {
        EntryStatus::Active => "active".to_owned(),
        EntryStatus::Deprecated { message } => flagged("DEPRECATED", message),
        EntryStatus::Deleted { message } => flagged("DELETED", message),
    }
}

/// What Lode can run the server as: each package's runner, each remote's transport; what it
/// cannot is named and marked.
pub fn runs_as(entry: &RegistryEntry) -> String {
    let mut ways: Vec<String> = Vec::new();
    let packages = entry
        .packages
        .iter()
        .map(|package| (&package.launch, &package.registry_type));
    let remotes = entry
        .remotes
        .iter()
        .map(|remote| (&remote.launch, &remote.transport));
    for (launch, kind) in packages.chain(remotes) {
        let way = if launch.is_runnable() {
            launch.label().to_owned()
        } else {
            format!("{} (not runnable)", one_line(kind, 40).text)
        };
        if !ways.contains(&way) {
            ways.push(way);
        }
    }
    if ways.is_empty() {
        "no package or remote".to_owned()
    } else {
        ways.join(", ")
    }
}

/// Each entry left out and why, each cut, and the next page's cursor.
pub fn said_on_stderr(page: &RegistryPage) {
    for refused in &page.refused {
        let which = match (&refused.name, &refused.version) {
            (Some(name), Some(version)) => format!("{name} {version}"),
            (Some(name), None) => name.clone(),
            _ => "an entry".to_owned(),
        };
        stderr_line(&format!(
            "lode: left out {}: {}",
            one_line(&which, NAME_WIDTH).text,
            one_line(&refused.reason, NOTE_WIDTH).text
        ));
    }
    for entry in &page.entries {
        for note in &entry.notes {
            stderr_line(&format!(
                "lode: note: {}: {}",
                one_line(&entry.name, NAME_WIDTH).text,
                one_line(note, NOTE_WIDTH).text
            ));
        }
    }
    for note in &page.notes {
        stderr_line(&format!("lode: note: {}", one_line(note, NOTE_WIDTH).text));
    }
    if let Some(cursor) = &page.next_cursor {
        stderr_line(&format!(
            "lode: more on the next page: --cursor {}",
            shell_word(&one_line(cursor, 2048).text)
        ));
    }
}

/// `word` as one shell word: bare when it holds only characters no shell reads, else quoted.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._:/+=@%,-".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_is_printed_as_one_shell_word() {
        assert_eq!(shell_word("io.github.a/b:1.0.0"), "io.github.a/b:1.0.0");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
