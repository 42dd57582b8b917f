//! `lode connections import`: the servers of another client's configuration. Without a file it
//! lists where the clients keep theirs; with one it shows what it holds, duplicates marked;
//! with `--yes` it saves the chosen ones, all or none.

use std::collections::BTreeMap;

use lode_core::import::{ConfigFormat, ImportChoice, ImportPreview, ImportSource, SecretAnswer};
use lode_core::{LodeResult, SecretText};

use super::args::ImportArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::{pairs, usage};
use crate::render;
use crate::transport_args::secret_from_env;

pub async fn run(args: &ImportArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let Some(file) = &args.file else {
        let locations = lode.import_locations(std::env::current_dir().ok())?;
        if args.json {
            render::json(&locations)?;
        } else {
            render::connections::locations(&locations)?;
        }
        return Ok(Outcome::Success);
    };
    let path = file.display().to_string();
    let format = match &args.format {
        Some(name) => parse_format(name)?,
        None => ConfigFormat::guess(&path).ok_or_else(|| {
            usage(&format!(
                "cannot tell whose configuration {path} is: give --format claudeDesktop, \
                 claudeCode, vsCode, cursor or windsurf"
            ))
        })?,
    };
    let source = ImportSource { format, path };
    let preview = lode.preview_import(&source)?;
    for problem in &preview.problems {
        crate::render::stderr_line(&format!(
            "lode: warning: {}: {}",
            problem.name, problem.message
        ));
    }
    if !args.yes {
        if args.json {
            render::json(&preview)?;
        } else {
            render::import_preview::preview(&preview)?;
        }
        return Ok(Outcome::Success);
    }
    let choices = choices(args, &preview)?;
    if choices.is_empty() {
        crate::render::stderr_line("lode: note: nothing to import: every server is already saved");
        return Ok(Outcome::Success);
    }
    let saved = lode
        .apply_import(&source, &preview.digest, &choices)
        .await?;
    if args.json {
        render::json(&saved)?;
    } else {
        render::connections::imported(&saved)?;
    }
    Ok(Outcome::Success)
}

fn parse_format(name: &str) -> LodeResult<ConfigFormat> {
    serde_json::from_value(serde_json::Value::String(name.to_owned())).map_err(|_| {
        usage(&format!(
            "--format is claudeDesktop, claudeCode, vsCode, cursor or windsurf, not {name:?}"
        ))
    })
}

/// The servers to save: those `--only` names, else every one not already saved; each under
/// its `--rename`d name, with the `--answer`s for the secrets the file asks for.
fn choices(args: &ImportArgs, preview: &ImportPreview) -> LodeResult<Vec<ImportChoice>> {
    let renames = pairs("--rename", &args.rename, false)?;
    let answers: BTreeMap<String, String> = pairs("--answer", &args.answer, false)?;
    for name in args.only.iter().chain(renames.keys()) {
        if !preview.candidates.iter().any(|c| &c.name == name) {
            return Err(usage(&format!("the file has no server named {name:?}")));
        }
    }
    let mut choices = Vec::new();
    for candidate in &preview.candidates {
        let chosen = if args.only.is_empty() {
            candidate.duplicate.is_none() || renames.contains_key(&candidate.name)
        } else {
            args.only.contains(&candidate.name)
        };
        if !chosen {
            continue;
        }
        let mut given = Vec::new();
        for secret in candidate.secrets.iter().filter(|s| s.ask.is_some()) {
            let key = secret.place.key_name();
            if let Some(var) = answers.get(&key) {
                given.push(SecretAnswer {
                    place: secret.place.clone(),
                    value: SecretText::new(secret_from_env("--answer", var)?),
                });
            }
        }
        choices.push(ImportChoice {
            index: candidate.index,
            name: renames
                .get(&candidate.name)
                .cloned()
                .unwrap_or_else(|| candidate.name.clone()),
            answers: given,
        });
    }
    Ok(choices)
}
