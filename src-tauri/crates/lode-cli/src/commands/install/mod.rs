//! `lode install`: a server from a registry (NAME[@VERSION]) or a `server.json` file, planned
//! from the flags' values, confirmed on the terminal with the same words as the app's native
//! dialog (the exact command or address), saved with its secrets in the keychain and its
//! origin, then connected once to say whether it answers.

pub mod args;
mod mcpb;
mod values;

use std::path::Path;
use std::time::Instant;

use lode_app::confirmation::for_installing;
use lode_app::confirmation::Confirmation;
use lode_app::install::{form_of, read_server_json_file, InstallTarget};
use lode_app::mcpb::McpbTarget;
use lode_app::Lode;
use lode_core::install::{is_lode_link, parse_install_link, InstallChoice};
use lode_core::{Connection, ConnectionDraft, ErrorCode, LodeError, LodeResult};

use self::args::InstallArgs;
use self::values::form_values;
use super::terminal_question::confirmed_as_in_the_app;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render;

pub async fn run(args: &InstallArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let target = match target_of(args)? {
        Target::Entry(target) => target,
        Target::Mcpb(target) => return mcpb::run(&lode, args, target).await,
    };
    let pick = args.pick.as_deref().map(InstallChoice::parse).transpose()?;
    let found = lode.install_entry(&target).await?;
    if let Some(target) = mcpb::of_entry(&found, pick, &target) {
        return mcpb::run(&lode, args, target).await;
    }
    let view = form_of(found.clone(), pick)?;
    if args.fields {
        if args.json {
            render::json(&view)?;
        } else {
            render::install::fields(&view)?;
        }
        return Ok(Outcome::Success);
    }
    let values = form_values(&view.form, &args.set, &args.secret_env)?;
    let plan = lode.plan_found(&found, view.form.choice, &values, args.name.as_deref())?;
    let question = for_installing(&plan);
    confirm_and_install(&lode, args, &question, lode.install_planned(&plan)).await
}

/// Asks `question` (unless `--yes`), runs `install`, then connects once to say whether the
/// server answers: every kind of install ends the same way.
async fn confirm_and_install(
    lode: &Lode,
    args: &InstallArgs,
    question: &Confirmation,
    install: impl std::future::Future<Output = LodeResult<Connection>>,
) -> LodeResult<Outcome> {
    if !args.yes
        && !confirmed_as_in_the_app(
            question,
            "installing runs or connects to what is shown above: confirm with --yes",
        )?
    {
        return Ok(Outcome::Failed("nothing was installed".to_owned()));
    }
    let started = Instant::now();
    let saved = install.await?;
    let answered = lode
        .test_connection(&ConnectionDraft::of(&saved), Some(saved.id))
        .await;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        render::install::installed_json(&saved, &answered, seconds)?;
    } else {
        render::install::installed(&saved, &answered, seconds)?;
    }
    Ok(match answered {
        Ok(_) => Outcome::Success,
        Err(error) => Outcome::Failed(format!(
            "{} is installed, but it did not answer: {}",
            saved.name, error.message
        )),
    })
}

enum Target {
    Entry(InstallTarget),
    Mcpb(McpbTarget),
}

/// A `lode://install` link, a file (a path that exists, or ends in `.json` or `.mcpb`), or
/// NAME[@VERSION].
fn target_of(args: &InstallArgs) -> LodeResult<Target> {
    target_text(args, args.target.as_str())
}

fn target_text(args: &InstallArgs, text: &str) -> LodeResult<Target> {
    if !is_lode_link(text) && text.to_ascii_lowercase().ends_with(".mcpb") {
        if args.registry.is_some() {
            return Err(usage(
                "--registry names where to find a server by name, not a file",
            ));
        }
        let path = std::path::absolute(text)
            .map_err(|e| LodeError::new(ErrorCode::InvalidInput, format!("{text}: {e}")))?;
        return Ok(Target::Mcpb(McpbTarget::File {
            path: path.display().to_string(),
        }));
    }
    entry_target(args, text).map(Target::Entry)
}

fn entry_target(args: &InstallArgs, text: &str) -> LodeResult<InstallTarget> {
    if is_lode_link(text) {
        if args.registry.is_some() {
            return Err(usage(
                "a lode://install link names its own registry: leave out --registry",
            ));
        }
        return Ok(InstallTarget::from_link(parse_install_link(text)?));
    }
    let path = Path::new(text);
    if text.to_ascii_lowercase().ends_with(".json") || path.is_file() {
        if args.registry.is_some() {
            return Err(usage(
                "--registry names where to find a server by name, not a file",
            ));
        }
        return Ok(InstallTarget::ServerJson {
            text: read_server_json_file(path)?,
            from_link: false,
        });
    }
    let (name, version) = match text.rsplit_once('@') {
        Some((name, version)) if !version.is_empty() => (name, Some(version.to_owned())),
        _ => (text, None),
    };
    if !lode_core::registry::is_server_name(name) {
        return Err(usage(&format!(
            "{text:?} is neither a file nor a registry server's name (namespace/name, e.g. \
             io.github.user/weather@1.2.0)"
        )));
    }
    Ok(InstallTarget::Registry {
        registry: args.registry.clone(),
        name: name.to_owned(),
        version,
        from_link: false,
    })
}
