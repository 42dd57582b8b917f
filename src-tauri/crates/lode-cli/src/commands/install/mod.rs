//! `lode install`: a server from a registry (NAME[@VERSION]) or a `server.json` file, planned
//! from the flags' values, confirmed on the terminal with the same words as the app's native
//! dialog (the exact command or address), saved with its secrets in the keychain and its
//! origin, then connected once to say whether it answers.

pub mod args;
mod values;

use std::path::Path;
use std::time::Instant;

use lode_app::confirmation::for_installing;
use lode_app::install::{form_of, read_server_json_file, InstallTarget};
use lode_core::install::{is_lode_link, parse_install_link, InstallChoice};
use lode_core::{ConnectionDraft, ErrorCode, LodeError, LodeResult};

use self::args::InstallArgs;
use self::values::form_values;
use super::terminal_question::confirmed_as_in_the_app;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render;

pub async fn run(args: &InstallArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let target = target_of(args)?;
    let pick = args.pick.as_deref().map(InstallChoice::parse).transpose()?;
    let found = lode.install_entry(&target).await?;
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
    if !args.yes
        && !confirmed_as_in_the_app(
            &question,
            "installing runs or connects to what is shown above: confirm with --yes",
        )?
    {
        return Ok(Outcome::Failed("nothing was installed".to_owned()));
    }
    let started = Instant::now();
    let saved = lode.install_planned(&plan).await?;
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

/// A `lode://install` link, a file (a path that exists, or ends in `.json` or `.mcpb`), or
/// NAME[@VERSION].
fn target_of(args: &InstallArgs) -> LodeResult<InstallTarget> {
    let text = args.target.as_str();
    if is_lode_link(text) {
        if args.registry.is_some() {
            return Err(usage(
                "a lode://install link names its own registry: leave out --registry",
            ));
        }
        return Ok(InstallTarget::from_link(parse_install_link(text)?));
    }
    let path = Path::new(text);
    let lower = text.to_ascii_lowercase();
    if lower.ends_with(".mcpb") {
        return Err(LodeError::new(
            ErrorCode::NotRunnable,
            "installing .mcpb bundles is not built yet: Lode installs registry servers and \
             server.json files",
        ));
    }
    if lower.ends_with(".json") || path.is_file() {
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
