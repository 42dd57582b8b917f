//! What a stdio entry of a configuration would run, as the import preview shows it: the command,
//! every argument, every variable (secret values masked, the rest in full) and the working
//! folder, each with its hidden characters revealed, and the variables that change what code
//! runs flagged. Built once here; the window and the CLI only draw it.

use serde::Serialize;
use ts_rs::TS;

use super::exposed::{mask_args, MASK};
use super::runtime_env::loads_code;
use super::ImportedServer;
use crate::connection::{SecretPlace, TransportSpec};
use crate::reveal::{reveal, Shown};

/// The program a stdio entry starts, in full.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CommandView {
    pub command: Shown,
    pub args: Vec<ShownArg>,
    /// Every variable, by name: the file's plain ones and its secret ones (masked).
    pub env: Vec<ShownVar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cwd: Option<Shown>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShownArg {
    /// The argument, or with its token masked when `secret`.
    pub text: Shown,
    /// It holds a token that stays in the connection's settings (no keychain place for it).
    pub secret: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShownVar {
    pub name: Shown,
    /// The value, or a mask when `secret`.
    pub value: Shown,
    /// Its value goes to the keychain (or is asked for when importing).
    pub secret: bool,
    /// It changes what code the program loads or runs (`NODE_OPTIONS`, `LD_PRELOAD`, …).
    pub loads_code: bool,
}

impl CommandView {
    /// Whether anything in it needs a second look: a flagged variable or a hidden character.
    pub fn needs_attention(&self) -> bool {
        self.command.hidden
            || self.cwd.as_ref().is_some_and(|cwd| cwd.hidden)
            || self.args.iter().any(|arg| arg.text.hidden)
            || self
                .env
                .iter()
                .any(|var| var.loads_code || var.name.hidden || var.value.hidden)
    }
}

/// The view of `server` when it is a stdio server.
pub fn command_view(server: &ImportedServer) -> Option<CommandView> {
    let TransportSpec::Stdio {
        command,
        args,
        env,
        cwd,
    } = &server.transport
    else {
        return None;
    };
    let args = args
        .iter()
        .zip(mask_args(args, MASK))
        .map(|(arg, masked)| ShownArg {
            secret: masked.is_some(),
            text: reveal(masked.as_deref().unwrap_or(arg)),
        })
        .collect();
    let plain = env
        .iter()
        .map(|(name, value)| (name.as_str(), reveal(value), false));
    let secret = server
        .secrets
        .iter()
        .filter_map(|found| match &found.place {
            SecretPlace::Env { name } => Some((name.as_str(), masked(), true)),
            _ => None,
        });
    let mut env: Vec<ShownVar> = plain
        .chain(secret)
        .map(|(name, value, secret)| ShownVar {
            name: reveal(name),
            value,
            secret,
            loads_code: loads_code(name),
        })
        .collect();
    env.sort_by(|a, b| a.name.text.cmp(&b.name.text));
    Some(CommandView {
        command: reveal(command),
        args,
        env,
        cwd: cwd.as_deref().map(reveal),
    })
}

/// A secret's value as the preview shows it, whether the file gives it or asks for it.
fn masked() -> Shown {
    Shown {
        text: MASK.to_owned(),
        hidden: false,
    }
}
