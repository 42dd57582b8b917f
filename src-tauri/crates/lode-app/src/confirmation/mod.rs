//! Which changes the person must confirm outside the window, and in what words: running a
//! program (adding, changing, testing, importing, installing or starting a stdio connection)
//! and sending saved secrets to an address they were not saved for (installing a remote server
//! is asked too). The window may be compromised (it shows servers' content); these are the
//! things such a page must not do on its own. The shell asks with a native dialog; here is
//! only the decision, testable without one.

mod app_run;
mod assistant_change;
mod elided;
mod exposure;
mod installing;
mod program_changes;
mod program_text;

use lode_core::import::{reveal, ImportedServer};
use lode_core::{Connection, ConnectionDraft, SecretChange, SecretPlace, TransportSpec};

pub use app_run::for_running_app;
pub use assistant_change::for_assistant_change;
use elided::{elided, listed};
pub use exposure::for_exposing;
pub use installing::{for_installing, for_installing_mcpb, for_updating};
pub use program_changes::changes;
pub use program_text::{command_lines, Program, SecretVariable};

/// The longest message a confirmation has, in characters: a native dialog grows with its text,
/// and past this the first program's command line could be pushed off the screen. Each part is
/// capped well within it (`program_text`); programs past it are counted, not shown.
pub const MESSAGE_CHARS: usize = 6000;
/// The most changes listed by name.
const CHANGES: usize = 8;
/// The longest address shown.
const ADDRESS_CHARS: usize = 300;
/// The longest connection name shown (a draft's name is not yet checked when it is asked).
const NAME_CHARS: usize = 100;

/// A question for the person, to be asked by Lode itself (not the window) before it goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    pub title: String,
    pub message: String,
    /// The label of the button that says yes ("Run", "Send").
    pub accept: String,
}

/// What saving `draft` over `before` (none: a new connection) must have confirmed: a program
/// that is new, starts with anything other than what `before` started with, or was off.
pub fn for_saving(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let runs = draft.enabled && !before.is_some_and(|b| b.settings.enabled);
    let changed = before.map(|before| changes(draft, before));
    if is_stdio(&draft.transport) && (changed.as_ref().is_none_or(|c| !c.is_empty()) || runs) {
        return Some(run(
            "Save this program as a connection?",
            &format!(
                "{} will run this program on your computer{}:",
                elided(draft.name.trim(), NAME_CHARS),
                if draft.enabled { "" } else { " once started" }
            ),
            &[program_of(draft)],
            changed.as_deref(),
        ));
    }
    redirected(draft, before)
}

/// What testing `draft` (of the saved `before`, when editing) must have confirmed: a test runs
/// a stdio program (unless it is the one `before` runs already, unchanged), and sends the
/// secrets kept from `before` to the draft's address.
pub fn for_testing(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let approved = before.is_some_and(|b| b.settings.enabled);
    let changed = before.map(|before| changes(draft, before));
    if is_stdio(&draft.transport) && (changed.as_ref().is_none_or(|c| !c.is_empty()) || !approved) {
        return Some(run(
            "Run this program to test it?",
            "To test the connection, Lode will run this program on your computer:",
            &[program_of(draft)],
            changed.as_deref(),
        ));
    }
    redirected(draft, before)
}

/// What importing `servers` must have confirmed: the programs among them, listed. They are
/// saved without being started.
pub fn for_importing(servers: &[&ImportedServer]) -> Option<Confirmation> {
    let programs: Vec<Program<'_>> = servers
        .iter()
        .filter(|s| is_stdio(&s.transport))
        .map(|s| Program {
            transport: &s.transport,
            secrets: s
                .secrets
                .iter()
                .map(|f| SecretVariable::saved(place_name(&f.place)))
                .collect(),
            inherit_env: false,
        })
        .collect();
    if programs.is_empty() {
        return None;
    }
    Some(run(
        "Import these programs?",
        "These connections run programs on your computer. They are saved without being \
         started: start each one when you are ready.",
        &programs,
        None,
    ))
}

/// What starting `connections` must have confirmed: the programs among them that were never
/// started (imported ones, or ones turned off), listed.
pub fn for_starting(connections: &[Connection]) -> Option<Confirmation> {
    let programs: Vec<Program<'_>> = connections
        .iter()
        .filter(|c| is_stdio(&c.transport) && !c.settings.enabled)
        .map(|c| Program {
            transport: &c.transport,
            secrets: c
                .settings
                .secrets
                .iter()
                .map(|place| SecretVariable::saved(place_name(place)))
                .collect(),
            inherit_env: c.settings.inherit_env,
        })
        .collect();
    if programs.is_empty() {
        return None;
    }
    Some(run(
        if programs.len() == 1 {
            "Start this program?"
        } else {
            "Start these programs?"
        },
        "Lode will run these programs on your computer, now and each time it starts:",
        &programs,
        None,
    ))
}

/// Secrets kept from `before` (the keychain's values, not typed ones) going to another address.
fn redirected(draft: &ConnectionDraft, before: Option<&Connection>) -> Option<Confirmation> {
    let before = before?;
    let mut kept: Vec<String> = draft
        .secrets
        .iter()
        .filter(|edit| matches!(edit.change, SecretChange::Keep))
        .map(|edit| elided(&reveal(&place_name(&edit.place)).text, NAME_CHARS))
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
            elided(&reveal(from).text, ADDRESS_CHARS),
            elided(&reveal(to).text, ADDRESS_CHARS),
            listed(kept, CHANGES, "secrets").join(", ")
        ),
        accept: "Send".to_owned(),
    })
}

/// The question before running `programs`: `intro`, what changed since the program was saved
/// (when it was), each program in full, as many as fit in [`MESSAGE_CHARS`], and how many more.
fn run(
    title: &str,
    intro: &str,
    programs: &[Program<'_>],
    changed: Option<&[String]>,
) -> Confirmation {
    let mut message = intro.to_owned();
    if let Some(changed) = changed.filter(|c| !c.is_empty()) {
        message.push_str("\n\nChanged since it was saved: ");
        message.push_str(&listed(changed.to_vec(), CHANGES, "changes").join(", "));
        message.push('.');
    }
    let ending = "\n\nContinue only if you trust it.";
    for (shown, program) in programs.iter().enumerate() {
        let lines = command_lines(program);
        let room = MESSAGE_CHARS.saturating_sub(message.chars().count() + ending.len() + 80);
        if shown > 0 && lines.chars().count() > room {
            let left_out = programs.len() - shown;
            message.push_str(&format!("\n\n… ({left_out} more programs left out)"));
            break;
        }
        message.push_str("\n\n");
        message.push_str(&lines);
    }
    message.push_str(ending);
    Confirmation {
        title: title.to_owned(),
        message: elided(&message, MESSAGE_CHARS),
        accept: "Run".to_owned(),
    }
}

/// The program `draft` runs, its secret variables by name.
fn program_of(draft: &ConnectionDraft) -> Program<'_> {
    Program {
        transport: &draft.transport,
        secrets: draft
            .secrets
            .iter()
            .map(|edit| SecretVariable {
                name: place_name(&edit.place),
                new_value: matches!(edit.change, SecretChange::Set { .. }),
            })
            .collect(),
        inherit_env: draft.inherit_env,
    }
}

fn is_stdio(transport: &TransportSpec) -> bool {
    matches!(transport, TransportSpec::Stdio { .. })
}

fn address(transport: &TransportSpec) -> Option<&str> {
    match transport {
        TransportSpec::Http { url, .. }
        | TransportSpec::Sse { url, .. }
        | TransportSpec::Rest { url, .. } => Some(url.trim()),
        TransportSpec::Stdio { .. } => None,
    }
}

fn place_name(place: &SecretPlace) -> String {
    match place {
        SecretPlace::Env { name } | SecretPlace::Header { name } => name.clone(),
        SecretPlace::Bearer => "bearer token".to_owned(),
        SecretPlace::OauthClientSecret => "OAuth client secret".to_owned(),
    }
}

#[cfg(test)]
mod tests;
