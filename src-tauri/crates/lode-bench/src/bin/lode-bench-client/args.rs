//! The command line of the client, the same as the peer's client_ts.mjs so the orchestrator
//! launches both the same way: `<init|list|read> [--uri U] (--url URL | -- <server cmd…>)`.

use std::collections::BTreeMap;

use lode_core::TransportSpec;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Init,
    List,
    Read,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Op::Init => "init",
            Op::List => "list",
            Op::Read => "read",
        }
    }
}

#[derive(Debug)]
pub struct Args {
    pub op: Op,
    pub uri: Option<String>,
    pub spec: TransportSpec,
    /// Records every message in a protocol history, as the app does for each connection
    /// (`--history`): the history's cost is this run's time over one without it.
    #[allow(dead_code)] // lode-bench-floor shares this parser and keeps no history
    pub history: bool,
}

pub const USAGE: &str =
    "usage: lode-bench-client <init|list|read> [--uri U] [--history] (--url http://127.0.0.1:P/mcp | -- <server cmd…>)";

pub fn parse(argv: &[String]) -> Result<Args, String> {
    let op = match argv.first().map(String::as_str) {
        Some("init") => Op::Init,
        Some("list") => Op::List,
        Some("read") => Op::Read,
        Some(other) => return Err(format!("unknown operation {other:?}")),
        None => return Err("missing the operation".into()),
    };
    let mut uri = None;
    let mut url = None;
    let mut history = false;
    let mut command: Option<&[String]> = None;
    let mut rest = argv[1..].iter().enumerate();
    while let Some((i, arg)) = rest.next() {
        match arg.as_str() {
            "--uri" => uri = Some(value_of(&mut rest, "--uri")?),
            "--url" => url = Some(value_of(&mut rest, "--url")?),
            "--history" => history = true,
            // Everything after `--` is the server's own command line, taken verbatim.
            "--" => {
                command = Some(&argv[i + 2..]);
                break;
            }
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    if op == Op::Read && uri.is_none() {
        return Err("read needs --uri".into());
    }
    let spec = match (url, command) {
        (Some(url), None) => TransportSpec::Http {
            url,
            headers: BTreeMap::new(),
        },
        (None, Some([command, args @ ..])) => TransportSpec::Stdio {
            command: command.clone(),
            args: args.to_vec(),
            env: BTreeMap::new(),
            cwd: None,
        },
        (Some(_), Some(_)) => return Err("give either --url or a server command, not both".into()),
        _ => return Err("missing the server: --url URL or -- <server cmd…>".into()),
    };
    Ok(Args {
        op,
        uri,
        spec,
        history,
    })
}

fn value_of<'a>(
    rest: &mut impl Iterator<Item = (usize, &'a String)>,
    flag: &str,
) -> Result<String, String> {
    rest.next()
        .map(|(_, value)| value.clone())
        .ok_or_else(|| format!("{flag} needs a value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_server_command_after_the_separator_becomes_a_stdio_spec() {
        let args = parse(&strings(&[
            "read",
            "--uri",
            "bench://x",
            "--",
            "node",
            "s.mjs",
            "--n",
            "10",
        ]))
        .unwrap();
        assert_eq!(args.op, Op::Read);
        assert_eq!(args.uri.as_deref(), Some("bench://x"));
        match args.spec {
            TransportSpec::Stdio { command, args, .. } => {
                assert_eq!(command, "node");
                assert_eq!(args, strings(&["s.mjs", "--n", "10"]));
            }
            other => panic!("expected stdio, got {other:?}"),
        }
    }

    #[test]
    fn a_url_becomes_a_streamable_http_spec() {
        let args = parse(&strings(&["list", "--url", "http://127.0.0.1:1/mcp"])).unwrap();
        assert!(
            matches!(args.spec, TransportSpec::Http { ref url, .. } if url == "http://127.0.0.1:1/mcp")
        );
    }

    #[test]
    fn incomplete_command_lines_are_refused() {
        assert!(parse(&strings(&["read", "--url", "http://x"])).is_err());
        assert!(parse(&strings(&["list"])).is_err());
        assert!(parse(&strings(&["list", "--"])).is_err());
        assert!(parse(&strings(&["walk", "--url", "http://x"])).is_err());
    }
}
