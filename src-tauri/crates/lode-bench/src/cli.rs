//! The orchestrator's command line: `[--runs N] [--write FILE]`.

use std::path::PathBuf;

pub const USAGE: &str = "usage: lode-bench [--runs N] [--write FILE]\n\
  Runs Lode's client, the floor (a raw typed-serde Rust client) and the TypeScript SDK client\n\
  against the bench server (bench/peer) and prints a Markdown table of medians; --write also\n\
  saves it with the machine's details.";

pub struct Options {
    pub runs: usize,
    pub write: Option<PathBuf>,
}

pub enum Parsed {
    Run(Options),
    Help,
}

pub fn parse(argv: &[String]) -> Result<Parsed, String> {
    let mut options = Options {
        runs: 5,
        write: None,
    };
    let mut args = argv.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => {
                let value = args.next().ok_or("--runs needs a number")?;
                options.runs = match value.parse() {
                    Ok(runs) if runs > 0 => runs,
                    _ => return Err(format!("--runs needs a number from 1 up, not {value:?}")),
                };
            }
            "--write" => {
                let value = args.next().ok_or("--write needs a file")?;
                options.write = Some(PathBuf::from(value));
            }
            "-h" | "--help" => return Ok(Parsed::Help),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    Ok(Parsed::Run(options))
}

/// The command as someone would type it to get the same table.
pub fn command_line(argv: &[String]) -> String {
    let mut command = String::from("cargo run --release -p lode-bench");
    if !argv.is_empty() {
        command.push_str(" -- ");
        command.push_str(&argv.join(" "));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let Ok(Parsed::Run(options)) = parse(&[]) else {
            panic!("no arguments must run")
        };
        assert_eq!(options.runs, 5);
        assert!(options.write.is_none());
        let Ok(Parsed::Run(options)) = parse(&strings(&["--runs", "3", "--write", "docs/b.md"]))
        else {
            panic!("flags must parse")
        };
        assert_eq!(options.runs, 3);
        assert_eq!(options.write, Some(PathBuf::from("docs/b.md")));
    }

    #[test]
    fn bad_values_are_refused() {
        assert!(parse(&strings(&["--runs", "0"])).is_err());
        assert!(parse(&strings(&["--runs"])).is_err());
        assert!(parse(&strings(&["--fast"])).is_err());
    }

    #[test]
    fn the_command_line_repeats_the_arguments() {
        assert_eq!(
            command_line(&strings(&["--runs", "3"])),
            "cargo run --release -p lode-bench -- --runs 3"
        );
    }
}
