//! One module per command, with its own flags. Each resolves its server, connects, asks,
//! closes, and prints. `main.rs` sends each command of `args.rs` to its module.

pub mod apps;
pub mod assistants;
pub mod basket;
pub mod call;
pub mod catalog;
pub mod complete;
pub mod connections;
pub mod context_hub;
mod followed_requests;
pub mod info;
pub mod install;
pub mod ls;
pub mod read;
pub mod registry;
pub mod search;
pub mod serve;
pub mod skills;
pub mod templates;
mod terminal_question;
pub mod update;
mod uri_tree;
pub mod watch;

use lode_core::LodeResult;

use crate::pairs::usage;

/// The positional words after the server's name: exactly the ones `names` lists.
fn exactly<const N: usize>(words: Vec<String>, names: [&str; N]) -> LodeResult<[String; N]> {
    if let Some(extra) = words.get(N) {
        return Err(usage(&format!(
            "unexpected argument {extra:?} (with --stdio, --http, --sse or --rest, leave out the \
             server name)"
        )));
    }
    let given = words.len();
    words
        .try_into()
        .map_err(|_| usage(&format!("missing {}", names[given..].join(" "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_what_is_missing_or_extra() {
        let missing = exactly(vec!["t".into()], ["TEMPLATE", "ARG", "VALUE"]).err();
        assert_eq!(missing.map(|e| e.message), Some("missing ARG VALUE".into()));
        let extra = exactly(vec!["a".into(), "b".into()], ["URI"]).err();
        assert!(extra.is_some_and(|e| e.message.contains("\"b\"")));
        assert_eq!(exactly(Vec::new(), []).ok(), Some([]));
    }
}
