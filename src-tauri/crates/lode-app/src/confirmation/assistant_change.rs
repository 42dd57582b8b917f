//! The question before Lode writes its entry into an assistant's configuration (or removes it):
//! the entry makes that assistant start a program, `lode`, on its own, so a page in the window
//! must not be able to do it. The file and the diff are shown, bounded: each line cut in the
//! middle, the lines past a count counted, hidden characters revealed.

use lode_core::import::reveal;

use super::elided::{elided, listed};
use super::Confirmation;
use crate::assistants::{AssistantAction, PlannedChangeView};

/// The longest line of the diff shown.
const LINE_CHARS: usize = 150;
/// The most lines of the diff shown (an entry added is about six).
const LINES: usize = 30;
/// The longest path shown.
const PATH_CHARS: usize = 300;

/// The question for `change`.
pub fn for_assistant_change(change: &PlannedChangeView, name: &str) -> Confirmation {
    let (title, intro, accept) = match change.action {
        AssistantAction::Connect => (
            format!("Connect {name} to Lode?"),
            format!(
                "Lode will add its entry to {name}'s configuration: {name} will then start Lode's \
                 `lode serve` program on its own."
            ),
            "Connect",
        ),
        AssistantAction::Repair => (
            format!("Repair Lode's entry in {name}?"),
            format!(
                "Lode will rewrite its entry in {name}'s configuration so that {name} starts the \
                 `lode` installed now."
            ),
            "Repair",
        ),
        AssistantAction::Disconnect => (
            format!("Disconnect {name} from Lode?"),
            format!("Lode will remove its entry, and only its entry, from {name}'s configuration."),
            "Disconnect",
        ),
    };
    let lines: Vec<String> = change
        .diff
        .lines()
        .map(|line| elided(&reveal(line).text, LINE_CHARS))
        .collect();
    let created = if change.creates_file {
        "\n(The file does not exist yet: Lode will create it.)"
    } else {
        "\n(The file as it is now will be kept beside it, as .lode-backup.)"
    };
    let message = format!(
        "{intro}\n\nFile: {}{created}\n\nThe change:\n{}",
        elided(&reveal(&change.path).text, PATH_CHARS),
        listed(lines, LINES, "lines").join("\n"),
    );
    Confirmation {
        title,
        message,
        accept: accept.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use lode_core::assistants::{Assistant, ConfigScope};

    use super::*;
    use crate::confirmation::MESSAGE_CHARS;

    fn change(diff: String) -> PlannedChangeView {
        PlannedChangeView {
            assistant: Assistant::ClaudeCode,
            scope: ConfigScope::User,
            action: AssistantAction::Connect,
            path: "/home/me/.claude.json".into(),
            diff,
            creates_file: false,
        }
    }

    #[test]
    fn the_question_shows_the_file_and_the_diff() {
        let asked = for_assistant_change(
            &change("+    \"lode\": {\n+      \"command\": \"/usr/bin/lode\"\n".into()),
            "Claude Code",
        );
        assert_eq!(asked.title, "Connect Claude Code to Lode?");
        assert_eq!(asked.accept, "Connect");
        assert!(asked.message.contains("File: /home/me/.claude.json"));
        assert!(asked
            .message
            .contains("+      \"command\": \"/usr/bin/lode\""));
    }

    #[test]
    fn a_padded_diff_cannot_push_the_file_off_the_dialog() {
        let long_line = format!("+\"{}\u{202e}\"", "x".repeat(100_000));
        let diff = std::iter::repeat_n(long_line, 50)
            .chain(std::iter::repeat_n("+x".to_string(), 5_000))
            .collect::<Vec<_>>()
            .join("\n");
        let asked = for_assistant_change(&change(diff), "Claude Code");
        assert!(
            asked.message.chars().count() < MESSAGE_CHARS,
            "{} characters",
            asked.message.chars().count()
        );
        assert!(asked.message.contains("File: /home/me/.claude.json"));
        assert!(asked.message.contains("(5020 more lines left out)"));
        assert!(!asked.message.contains('\u{202e}'));
    }
}
