//! What an edit changes in what a stdio program starts with. Everything it starts with is the
//! program: the command line, the folder, each variable, the secret ones (their names, and a
//! new value for one), and whether it gets all of Lode's environment. A page that keeps the
//! command line and adds `NODE_OPTIONS` as a secret, or turns `inherit_env` on, changes what
//! runs as surely as one that changes the command.

use std::collections::BTreeSet;

use lode_core::import::{loads_code, reveal};
use lode_core::{Connection, ConnectionDraft, SecretChange, SecretPlace, TransportSpec};

use super::elided::elided;

/// The longest variable name shown in the list of changes.
const NAME_CHARS: usize = 60;

/// Each change `draft` makes to what the program of `before` starts with, in words; empty when
/// it starts the same program. Variables that change what code runs come first among them.
pub fn changes(draft: &ConnectionDraft, before: &Connection) -> Vec<String> {
    let TransportSpec::Stdio {
        command,
        args,
        env,
        cwd,
    } = &draft.transport
    else {
        return Vec::new();
    };
    let TransportSpec::Stdio {
        command: was_command,
        args: was_args,
        env: was_env,
        cwd: was_cwd,
    } = &before.transport
    else {
        return vec!["a program instead of a remote server".to_owned()];
    };
    let mut changes = Vec::new();
    if command != was_command {
        changes.push("the command".to_owned());
    }
    if args != was_args {
        changes.push("the arguments".to_owned());
    }
    if cwd != was_cwd {
        changes.push("the working folder".to_owned());
    }
    if draft.inherit_env != before.settings.inherit_env {
        let now = if draft.inherit_env { "on" } else { "off" };
        changes.push(format!(
            "inherit_env (now {now}: all of Lode's environment)"
        ));
    }
    let mut variables: Vec<(bool, String)> = Vec::new();
    let names: BTreeSet<&String> = env.keys().chain(was_env.keys()).collect();
    for name in names {
        let how = match (was_env.get(name), env.get(name)) {
            (None, Some(_)) => "new",
            (Some(_), None) => "removed",
            (was, now) if was != now => "new value",
            _ => continue,
        };
        variables.push(described("variable", name, how));
    }
    let was_secret = secret_variables(before.settings.secrets.iter());
    let now_secret = secret_variables(draft.secrets.iter().map(|edit| &edit.place));
    for edit in &draft.secrets {
        let SecretPlace::Env { name } = &edit.place else {
            continue;
        };
        if !was_secret.contains(name.as_str()) {
            variables.push(described("secret variable", name, "new"));
        } else if matches!(edit.change, SecretChange::Set { .. }) {
            variables.push(described("secret variable", name, "new value"));
        }
    }
    for name in was_secret.difference(&now_secret) {
        variables.push(described("secret variable", name, "removed"));
    }
    // Stable: within each kind, the order above.
    variables.sort_by_key(|(loads_code, _)| !loads_code);
    changes.extend(variables.into_iter().map(|(_, words)| words));
    changes
}

fn secret_variables<'a>(places: impl Iterator<Item = &'a SecretPlace>) -> BTreeSet<&'a str> {
    places
        .filter_map(|place| match place {
            SecretPlace::Env { name } => Some(name.as_str()),
            _ => None,
        })
        .collect()
}

/// `kind NAME (how)`, the name revealed and capped, marked when it changes what code runs.
fn described(kind: &str, name: &str, how: &str) -> (bool, String) {
    let code = loads_code(name);
    let mark = if code { " ⚠" } else { "" };
    (
        code,
        format!(
            "{kind} {} ({how}){mark}",
            elided(&reveal(name).text, NAME_CHARS)
        ),
    )
}
