//! Which changes the person must confirm outside the window, and in what words: running a
//! program (adding, changing, testing, importing or starting a stdio connection) and sending
//! saved secrets to an address they were not saved for. The window may be compromised (it shows
//! servers' content); these are the two things such a page must not do on its own. The shell
//! asks with a native dialog; here is only the decision, testable without one.

use lode_core::import::{loads_code, mask_args, reveal, ImportedServer, MASK};
use lode_core::{Connection, ConnectionDraft, SecretChange, SecretPlace, TransportSpec};

/// A question for the person, to be asked by Lode itself (not the window) before it goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    pub title: String,
    pub message: String,
    /// The label of the button that says yes ("Run", "Send").
    pub accept: String,
}

/// What saving `draft` over `before` (none: a new connection) must have confirmed.
pub fn for_saving(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let runs = draft.enabled && !before.is_some_and(|b| b.settings.enabled);
    if is_stdio(&draft.transport) && (command_changed(&draft.transport, before) || runs) {
        return Some(run(
            "Save this program as a connection?",
            &format!(
                "{} will run this program on your computer{}:",
                draft.name.trim(),
                if draft.enabled { "" } else { " once started" }
            ),
            &[(&draft.transport, &secret_names(draft))],
        ));
    }
    redirected(draft, before)
}

/// What testing `draft` (of the saved `before`, when editing) must have confirmed: a test runs
/// a stdio program, and sends the secrets kept from `before` to the draft's address.
pub fn for_testing(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let approved = before.is_some_and(|b| b.settings.enabled);
    if is_stdio(&draft.transport) && (command_changed(&draft.transport, before) || !approved) {
        return Some(run(
            "Run this program to test it?",
            "To test the connection, Lode will run this program on your computer:",
            &[(&draft.transport, &secret_names(draft))],
        ));
    }
    redirected(draft, before)
}

/// What importing `servers` must have confirmed: the programs among them, listed. They are
/// saved without being started.
pub fn for_importing(servers: &[&ImportedServer]) -> Option<Confirmation> {
    let programs: Vec<(&TransportSpec, Vec<String>)> = servers
        .iter()
        .filter(|s| is_stdio(&s.transport))
        .map(|s| {
            (
                &s.transport,
                s.secrets.iter().map(|f| place_name(&f.place)).collect(),
            )
        })
        .collect();
    if programs.is_empty() {
        return None;
    }
    let listed: Vec<(&TransportSpec, &[String])> =
        programs.iter().map(|(t, s)| (*t, s.as_slice())).collect();
    Some(run(
        "Import these programs?",
        "These connections run programs on your computer. They are saved without being \
         started: start each one when you are ready.",
        &listed,
    ))
}

/// What starting `connections` must have confirmed: the programs among them that were never
/// started (imported ones, or ones turned off), listed.
pub fn for_starting(connections: &[Connection]) -> Option<Confirmation> {
    let programs: Vec<(&TransportSpec, Vec<String>)> = connections
        .iter()
        .filter(|c| is_stdio(&c.transport) && !c.settings.enabled)
        .map(|c| {
            (
                &c.transport,
                c.settings.secrets.iter().map(place_name).collect(),
            )
        })
        .collect();
    if programs.is_empty() {
        return None;
    }
    let listed: Vec<(&TransportSpec, &[String])> =
        programs.iter().map(|(t, s)| (*t, s.as_slice())).collect();
    Some(run(
        if listed.len() == 1 {
            "Start this program?"
        } else {
            "Start these programs?"
        },
        "Lode will run these programs on your computer, now and each time it starts:",
        &listed,
    ))
}

/// Secrets kept from `before` (the keychain's values, not typed ones) going to another address.
fn redirected(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let before = before?;
    let mut kept: Vec<String> = draft
        .secrets
        .iter()
        .filter(|edit| matches!(edit.change, SecretChange::Keep))
        .map(|edit| place_name(&edit.place))
        .collect();
    // The OAuth tokens of a signed-in connection go with it too.
    if before.settings.oauth && draft.oauth {
        kept.push("OAuth sign-in".to_owned());
    }
    let (Some(from), Some(to)) = (address(&before.transport), address(&draft.transport)) else {
        return None;
    };
    if kept.is_empty() || from == to {
        return None;
    }
    Some(Confirmation {
        title: "Send saved secrets to a new address?".to_owned(),
        message: format!(
            "{} was saved for\n  {}\nand is now to be sent to\n  {}\nwith its saved {}.\n\nSend \
             them only if you changed the address yourself.",
            before.name,
            reveal(from).text,
            reveal(to).text,
            kept.join(", ")
        ),
        accept: "Send".to_owned(),
    })
}

fn run(title: &str, intro: &str, programs: &[(&TransportSpec, &[String])]) -> Confirmation {
    let mut message = intro.to_owned();
    for (transport, secrets) in programs {
        message.push_str("\n\n");
        message.push_str(&command_lines(transport, secrets));
    }
    message.push_str("\n\nContinue only if you trust it.");
    Confirmation {
        title: title.to_owned(),
        message,
        accept: "Run".to_owned(),
    }
}

/// A stdio transport in full: the command line (tokens masked, hidden characters revealed),
/// the folder, each variable (those that change what code runs marked), the secret ones by name.
pub fn command_lines(transport: &TransportSpec, secrets: &[String]) -> String {
    let TransportSpec::Stdio {
        command,
        args,
        env,
        cwd,
    } = transport
    else {
        return transport.describe();
    };
    let masked = mask_args(args, MASK);
    let words: Vec<String> = std::iter::once(reveal(command).text)
        .chain(
            args.iter()
                .zip(masked)
                .map(|(arg, masked)| quoted(&reveal(masked.as_deref().unwrap_or(arg)).text)),
        )
        .collect();
    let mut lines = vec![format!("  {}", words.join(" "))];
    if let Some(cwd) = cwd {
        lines.push(format!("  in {}", reveal(cwd).text));
    }
    for (name, value) in env {
        let flag = if loads_code(name) {
            "   ⚠ changes what code runs"
        } else {
            ""
        };
        lines.push(format!(
            "  {}={}{flag}",
            reveal(name).text,
            reveal(value).text
        ));
    }
    for name in secrets {
        lines.push(format!("  {name}={MASK} (from the keychain)"));
    }
    lines.join("\n")
}

fn quoted(word: &str) -> String {
    if word.is_empty() || word.contains([' ', '"', '\'']) {
        format!("\"{}\"", word.replace('"', "\\\""))
    } else {
        word.to_owned()
    }
}

fn is_stdio(transport: &TransportSpec) -> bool {
    matches!(transport, TransportSpec::Stdio { .. })
}

/// Whether `transport` runs something other than what `before` ran (or `before` is none).
fn command_changed(transport: &TransportSpec, before: Option<&Connection>) -> bool {
    before.is_none_or(|before| &before.transport != transport)
}

fn address(transport: &TransportSpec) -> Option<&str> {
    match transport {
        TransportSpec::Http { url, .. }
        | TransportSpec::Sse { url, .. }
        | TransportSpec::Rest { url, .. } => Some(url.trim()),
        TransportSpec::Stdio { .. } => None,
    }
}

fn secret_names(draft: &ConnectionDraft) -> Vec<String> {
    draft.secrets.iter().map(|e| place_name(&e.place)).collect()
}

fn place_name(place: &SecretPlace) -> String {
    match place {
        SecretPlace::Env { name } | SecretPlace::Header { name } => name.clone(),
        SecretPlace::Bearer => "bearer token".to_owned(),
        SecretPlace::OauthClientSecret => "OAuth client secret".to_owned(),
    }
}

#[cfg(test)]
#[path = "confirmation_tests.rs"]
mod tests;
