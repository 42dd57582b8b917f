//! One module per command. Each resolves its server, connects, asks, closes, and prints.

mod assistants;
mod basket;
mod call;
mod catalog;
mod complete;
mod context_hub;
mod followed;
mod info;
mod ls;
mod read;
mod search;
mod serve;
mod servers;
mod templates;
mod uri_tree;
mod watch;

use lode_core::LodeResult;

use crate::args::Command;
use crate::exit::Outcome;
use crate::pairs::usage;

pub async fn run(command: Command) -> LodeResult<Outcome> {
    match command {
        Command::Ls(args) => ls::run(&args).await,
        Command::Search(args) => search::run(&args).await,
        Command::Templates(args) => templates::run(&args).await,
        Command::Read(args) => read::run(&args).await,
        Command::Complete(args) => complete::run(&args).await,
        Command::Prompts(args) => catalog::prompts(&args).await,
        Command::Prompt(args) => catalog::prompt(&args).await,
        Command::Tools(args) => catalog::tools(&args).await,
        Command::Call(args) => call::run(&args).await,
        Command::Watch(args) => watch::run(&args).await,
        Command::Info(args) => info::run(&args).await,
        Command::Servers(args) => servers::run(args).await,
        Command::Basket(args) => basket::run(args).await,
        Command::Serve(args) => serve::run(&args).await,
        Command::Connect(args) => assistants::connect(&args),
        Command::Disconnect(args) => assistants::disconnect(&args),
        Command::Hub(args) => context_hub::run(args).await,
    }
}

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
