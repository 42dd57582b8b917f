//! A stdio program as a confirmation shows it: everything it starts with (the command line,
//! the folder, whether it gets all of Lode's environment, each variable, the secret ones by
//! name), hidden characters revealed, tokens masked, and each part capped so that no padding
//! pushes the command or a warning off the dialog.

use lode_core::import::{loads_code, mask_args, reveal, MASK};
use lode_core::TransportSpec;

use super::elided::elided;

/// The longest command or working folder shown, in characters.
const VALUE_CHARS: usize = 160;
/// The longest variable value shown.
const ENV_VALUE_CHARS: usize = 120;
/// The longest argument shown.
const ARG_CHARS: usize = 120;
/// The longest variable name shown.
const NAME_CHARS: usize = 60;
/// The longest command line (command and arguments) shown; arguments past it are left out
/// from the middle.
const LINE_CHARS: usize = 1200;
/// The most variables shown per program, those that change what code runs first.
const VARIABLES: usize = 10;

/// What a stdio program starts with, besides its transport.
#[derive(Debug, Clone)]
pub struct Program<'a> {
    pub transport: &'a TransportSpec,
    pub secrets: Vec<SecretVariable>,
    /// It gets all of Lode's environment, not only the usual variables.
    pub inherit_env: bool,
}

/// A variable whose value is in the keychain (or on its way there): shown by name only.
#[derive(Debug, Clone)]
pub struct SecretVariable {
    pub name: String,
    /// Its value is new (typed in this change), not the one saved.
    pub new_value: bool,
}

impl SecretVariable {
    /// A variable whose value is the keychain's.
    pub fn saved(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            new_value: false,
        }
    }
}

const FLAG: &str = "   ⚠ changes what code runs";

/// `program` in full, within bounds: the command line (tokens masked), the folder, Lode's
/// environment when it is passed, then each variable, those that change what code runs first
/// and marked.
pub fn command_lines(program: &Program<'_>) -> String {
    let TransportSpec::Stdio {
        command,
        args,
        env,
        cwd,
    } = program.transport
    else {
        return elided(&reveal(&program.transport.describe()).text, VALUE_CHARS);
    };
    let mut lines = vec![format!("  {}", command_line(command, args))];
    if let Some(cwd) = cwd {
        lines.push(format!("  in {}", shown(cwd, VALUE_CHARS)));
    }
    if program.inherit_env {
        lines.push("  with all of Lode's environment (inherit_env is on)".to_owned());
    }
    let plain = env.iter().map(|(name, value)| {
        (
            loads_code(name),
            format!(
                "  {}={}",
                shown(name, NAME_CHARS),
                shown(value, ENV_VALUE_CHARS)
            ),
        )
    });
    let secret = program.secrets.iter().map(|secret| {
        let whence = if secret.new_value {
            "a new value, hidden"
        } else {
            "from the keychain"
        };
        (
            loads_code(&secret.name),
            format!("  {}={MASK} ({whence})", shown(&secret.name, NAME_CHARS)),
        )
    });
    let (flagged, ordinary): (Vec<_>, Vec<_>) = plain.chain(secret).partition(|(code, _)| *code);
    let left_out = (flagged.len() + ordinary.len()).saturating_sub(VARIABLES);
    let flagged_left_out = flagged.len().saturating_sub(VARIABLES);
    lines.extend(
        flagged
            .into_iter()
            .map(|(_, line)| format!("{line}{FLAG}"))
            .chain(ordinary.into_iter().map(|(_, line)| line))
            .take(VARIABLES),
    );
    if left_out > 0 {
        let marked = if flagged_left_out > 0 {
            format!(", {flagged_left_out} of them marked ⚠")
        } else {
            String::new()
        };
        lines.push(format!("  … ({left_out} more variables left out{marked})"));
    }
    lines.join("\n")
}

/// The command and its arguments (tokens masked), each capped; when the line is still too
/// long, arguments are left out from its middle, and counted.
fn command_line(command: &str, args: &[String]) -> String {
    let masked = mask_args(args, MASK);
    let words: Vec<String> = args
        .iter()
        .zip(masked)
        .map(|(arg, masked)| quoted(&shown(masked.as_deref().unwrap_or(arg), ARG_CHARS)))
        .collect();
    let command = shown(command, VALUE_CHARS);
    let length = |words: &[String]| words.iter().map(|w| w.chars().count() + 1).sum::<usize>();
    if command.chars().count() + length(&words) <= LINE_CHARS {
        return std::iter::once(command)
            .chain(words)
            .collect::<Vec<_>>()
            .join(" ");
    }
    let budget = LINE_CHARS.saturating_sub(command.chars().count());
    let mut head = 0;
    while head < words.len() && length(&words[..=head]) <= budget * 2 / 3 {
        head += 1;
    }
    let mut tail = words.len();
    while tail > head && length(&words[tail - 1..]) <= budget / 3 {
        tail -= 1;
    }
    let left_out = tail - head;
    std::iter::once(command)
        .chain(words[..head].iter().cloned())
        .chain(std::iter::once(format!(
            "… ({left_out} arguments left out) …"
        )))
        .chain(words[tail..].iter().cloned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with its hidden characters revealed, capped at `max` characters.
fn shown(text: &str, max: usize) -> String {
    elided(&reveal(text).text, max)
}

fn quoted(word: &str) -> String {
    if word.is_empty() || word.contains([' ', '"', '\'']) {
        format!("\"{}\"", word.replace('"', "\\\""))
    } else {
        word.to_owned()
    }
}
