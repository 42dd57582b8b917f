//! `lode connections import FILE`: what each server of the file is, and for a program everything it
//! would run — the command, each argument, each variable and the folder — with hidden
//! characters revealed and the variables that change what code runs flagged, as the window's
//! preview shows them (both draw lode-core's `CommandView`).

use lode_core::import::{
    reveal, CommandView, Duplicate, ExposedSecret, ImportCandidate, ImportPreview, Shown,
};
use lode_core::LodeResult;

use super::connections::kind;
use super::{count, text};

/// One row per server (name, kind, target, whether it repeats a saved one, its secrets), then
/// the details of each program.
pub fn preview(preview: &ImportPreview) -> LodeResult<()> {
    let mut out = String::new();
    for c in &preview.candidates {
        out.push_str(&summary(c));
        if let Some(command) = &c.command {
            out.push_str(&details(command));
        }
        for exposed in &c.exposed {
            out.push_str(&format!("  ! {}\n", exposed_text(exposed)));
        }
        if !c.starts_on_import && c.command.is_some() {
            out.push_str("  not started when imported: start it once you have read the above\n");
        }
    }
    out.push_str(&format!(
        "{}; import with --yes (secrets go to the keychain)\n",
        count(preview.candidates.len(), "server")
    ));
    text(&out)
}

fn summary(c: &ImportCandidate) -> String {
    let duplicate = match &c.duplicate {
        None => "new".to_owned(),
        Some(Duplicate::SameName { existing, .. }) => format!("name taken by {existing}"),
        Some(Duplicate::SameServer { existing }) => format!("already saved as {existing}"),
    };
    let secrets: Vec<String> = c
        .secrets
        .iter()
        .map(|s| match &s.ask {
            Some(prompt) => format!("{} (asks: {prompt})", s.place.key_name()),
            None => s.place.key_name(),
        })
        .collect();
    let secrets = if secrets.is_empty() {
        "-".to_owned()
    } else {
        secrets.join(",")
    };
    format!(
        "{}\t{}\t{}\t{duplicate}\t{}\n",
        reveal(&c.name).text,
        kind(&c.transport),
        reveal(&c.transport.describe()).text,
        reveal(&secrets).text
    )
}

/// The program, one line per part.
fn details(command: &CommandView) -> String {
    let mut out = format!("  command: {}\n", shown(&command.command));
    for (i, arg) in command.args.iter().enumerate() {
        let token = if arg.secret {
            "   [holds a token: stays in the settings]"
        } else {
            ""
        };
        out.push_str(&format!("  arg {}: {}{token}\n", i + 1, shown(&arg.text)));
    }
    for var in &command.env {
        let mut flags = Vec::new();
        if var.loads_code {
            flags.push("⚠ changes what code runs");
        }
        if var.secret {
            flags.push("secret: to the keychain");
        }
        let flags = if flags.is_empty() {
            String::new()
        } else {
            format!("   [{}]", flags.join("; "))
        };
        out.push_str(&format!(
            "  env: {}={}{flags}\n",
            shown(&var.name),
            shown(&var.value)
        ));
    }
    if let Some(cwd) = &command.cwd {
        out.push_str(&format!("  in: {}\n", shown(cwd)));
    }
    out
}

/// A revealed string, marked when it held hidden characters.
fn shown(text: &Shown) -> String {
    if text.hidden {
        format!("{}   [hidden characters]", text.text)
    } else {
        text.text.clone()
    }
}

fn exposed_text(exposed: &ExposedSecret) -> String {
    match exposed {
        ExposedSecret::Argument { index } => format!(
            "argument {} holds a token; it stays in Lode's settings (no keychain place for it)",
            index + 1
        ),
        ExposedSecret::UrlQuery { name } => {
            format!("the URL parameter {name} holds a token; it stays in Lode's settings")
        }
        ExposedSecret::UrlUserinfo => {
            "the URL holds a user name and password; they stay in Lode's settings".to_owned()
        }
    }
}
