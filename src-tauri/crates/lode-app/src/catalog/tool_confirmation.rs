//! Which tool calls the person must confirm outside the window, and in what words. A tool the
//! server's own listing marks `readOnlyHint: true` runs without a question; any other (one the
//! listing does not have, too) is named with its server, its hints and its arguments in a
//! native dialog. The hints are the server's words from its last `tools/list`, looked up by
//! Lode: the page asking for the call has no say in them.

use lode_core::import::reveal;
use lode_core::ToolHints;

use crate::confirmation::Confirmation;

/// The most characters of the arguments the question shows.
const ARGUMENTS_SHOWN: usize = 600;

/// The tool call a question is about.
pub struct ToolCall<'a> {
    /// The tool's name, as the page asked for it.
    pub tool: &'a str,
    /// The connection's name.
    pub server: &'a str,
    /// Its hints from the server's last listing; `None` when the listing has no such tool.
    pub hints: Option<&'a ToolHints>,
    pub arguments: &'a serde_json::Value,
}

/// What calling `call` must have confirmed: nothing for a read-only tool. With `remember`, the
/// question says that Lode will not ask again for this tool of this server.
pub fn for_calling(call: &ToolCall<'_>, remember: bool) -> Option<Confirmation> {
    let hints = call.hints;
    if hints.is_some_and(|h| h.read_only_hint == Some(true)) {
        return None;
    }
    let tool = reveal(call.tool).text;
    let server = reveal(call.server).text;
    let mut message = format!("{server} asks to run its tool {tool}.\n\n");
    message.push_str(&described(hints));
    message.push_str("\n\nWith these arguments:\n  ");
    message.push_str(&shown_arguments(call.arguments));
    if remember {
        message.push_str(&format!(
            "\n\nYou asked not to be asked again: once you agree, Lode runs {tool} of {server} \
             without asking, until you choose \"Ask again\" in the tool's details."
        ));
    }
    message.push_str("\n\nRun it only if you expect this call.");
    Some(Confirmation {
        title: format!("Run the tool {tool}?"),
        message,
        accept: if remember {
            "Run, don't ask again"
        } else {
            "Run"
        }
        .to_owned(),
    })
}

/// What the server said of the tool, in words; MCP's defaults where it said nothing.
fn described(hints: Option<&ToolHints>) -> String {
    let Some(hints) = hints else {
        return "This tool is not in the server's list of tools, so Lode knows nothing of what \
                it does: it may change or delete things."
            .to_owned();
    };
    let mut said = vec![if hints.destructive_hint == Some(false) {
        "it may change things, but only by adding to them (not read-only, not destructive)"
    } else {
        "it may change, overwrite or delete things (not read-only, destructive)"
    }];
    if hints.idempotent_hint == Some(true) {
        said.push("calling it again with the same arguments changes nothing more (idempotent)");
    }
    said.push(if hints.open_world_hint == Some(false) {
        "it works only within its server (closed world)"
    } else {
        "it may reach systems outside its server, such as the internet (open world)"
    });
    format!(
        "What the server says of it (hints, not guarantees):\n  - {}",
        said.join("\n  - ")
    )
}

/// The arguments as JSON, hidden characters revealed, cut after [`ARGUMENTS_SHOWN`] characters.
fn shown_arguments(arguments: &serde_json::Value) -> String {
    let json = match arguments {
        serde_json::Value::Null => "{}".to_owned(),
        other => other.to_string(),
    };
    let mut shown: String = json.chars().take(ARGUMENTS_SHOWN).collect();
    if json.chars().count() > ARGUMENTS_SHOWN {
        shown.push_str(" …");
    }
    reveal(&shown).text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call<'a>(hints: Option<&'a ToolHints>, arguments: &'a serde_json::Value) -> ToolCall<'a> {
        ToolCall {
            tool: "add_note",
            server: "Demo",
            hints,
            arguments,
        }
    }

    #[test]
    fn only_a_tool_the_listing_marks_read_only_runs_unasked() {
        let args = json!({});
        let read_only = ToolHints {
            read_only_hint: Some(true),
            ..ToolHints::default()
        };
        assert_eq!(for_calling(&call(Some(&read_only), &args), false), None);
        assert_eq!(for_calling(&call(Some(&read_only), &args), true), None);
        let said_nothing = ToolHints::default();
        let not_read_only = ToolHints {
            read_only_hint: Some(false),
            ..ToolHints::default()
        };
        for hints in [Some(&said_nothing), Some(&not_read_only), None] {
            let question = for_calling(&call(hints, &args), false).expect("asked");
            assert_eq!(question.title, "Run the tool add_note?");
            assert!(question
                .message
                .contains("Demo asks to run its tool add_note"));
            assert_eq!(question.accept, "Run");
        }
    }

    #[test]
    fn the_question_names_the_hints_the_arguments_and_a_wish_to_be_asked_no_more() {
        let hints = ToolHints {
            read_only_hint: Some(false),
            destructive_hint: Some(false),
            idempotent_hint: Some(true),
            open_world_hint: Some(false),
            title: None,
        };
        let args = json!({"title": "a\u{202e}b"});
        let question = for_calling(&call(Some(&hints), &args), true).expect("asked");
        let message = &question.message;
        assert!(message.contains("not destructive"), "{message}");
        assert!(message.contains("(idempotent)"), "{message}");
        assert!(message.contains("(closed world)"), "{message}");
        assert!(
            message.contains("a⟨U+202E⟩b"),
            "hidden characters shown: {message}"
        );
        assert!(message.contains("without asking"), "{message}");
        assert_eq!(question.accept, "Run, don't ask again");

        let unknown = for_calling(&call(None, &args), false).expect("asked");
        assert!(unknown
            .message
            .contains("not in the server's list of tools"));
        assert!(!unknown.message.contains("without asking"));
        let said_nothing = for_calling(&call(Some(&ToolHints::default()), &args), false);
        let said_nothing = said_nothing.expect("asked").message;
        assert!(said_nothing.contains("(not read-only, destructive)"));
        assert!(said_nothing.contains("(open world)"));
    }

    #[test]
    fn long_arguments_are_cut() {
        let args = json!({"text": "x".repeat(5_000)});
        let question = for_calling(&call(None, &args), false).expect("asked");
        assert!(question.message.len() < 2_000, "{}", question.message.len());
        assert!(question.message.contains(" …"));
    }
}
