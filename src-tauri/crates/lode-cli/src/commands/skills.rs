//! `lode skills SERVER`: a server's agent skills (`io.modelcontextprotocol/skills`), from
//! `skills/list`. `lode skill get SERVER NAME [--verify]`: one skill as `skills/get` describes
//! it now; with `--verify`, each of its files read and checked against its listed digest and
//! size. A file that changed since it was listed is said, and the exit status is 2.

use clap::{Args, Subcommand};
use lode_core::skills::{verify, CheckedFile, FileCheck, Skill, SkillFiles};
use lode_core::{LodeError, LodeResult};
use serde::Serialize;

use super::exactly;
use crate::connect::with_client;
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render::{self, skills as shown};
use crate::transport_args::{Plain, ServerArgs};

#[derive(Debug, Args)]
pub struct SkillArgs {
    #[command(subcommand)]
    pub action: SkillAction,
}

#[derive(Debug, Subcommand)]
pub enum SkillAction {
    /// Show one skill (by its name or the URI of its SKILL.md); --verify checks its files.
    Get(SkillGetArgs),
}

#[derive(Debug, Args)]
pub struct SkillGetArgs {
    /// The saved connection's name (left out with an inline server), then the skill's name.
    #[arg(value_name = "[SERVER] NAME")]
    pub words: Vec<String>,
    /// Read every file of the skill and check it against its listed sha256 digest and size.
    #[arg(long)]
    pub verify: bool,
    #[command(flatten)]
    pub server: ServerArgs,
}

/// `lode skill get --verify --json`: the skill and each file's check.
#[derive(Debug, Serialize)]
struct Verified<'a> {
    skill: &'a Skill,
    files: &'a [CheckedFile],
}

pub async fn skills(args: &Plain) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    exactly(words, [])?;
    let listing = with_client(&spec, async |client| {
        client.info().offers_skills(client.server_name())?;
        client.list_skills().await
    })
    .await?;
    if args.server.json {
        render::json(&listing)?;
    } else {
        shown::listing(&listing)?;
    }
    Ok(Outcome::Success)
}

pub async fn skill(args: &SkillArgs) -> LodeResult<Outcome> {
    match &args.action {
        SkillAction::Get(get) => get_skill(get).await,
    }
}

async fn get_skill(args: &SkillGetArgs) -> LodeResult<Outcome> {
    let (spec, words) = args.server.resolve(&args.words)?;
    let [name] = exactly(words, ["NAME"])?;
    let verifying = args.verify;
    let (skill, checked) = with_client(&spec, async |client| {
        client.info().offers_skills(client.server_name())?;
        let uri = if name.contains("://") {
            name.clone()
        } else {
            let listing = client.list_skills().await?;
            match listing.named(&name).as_slice() {
                [one] => one.uri.clone(),
                [] => return Err(not_listed(&name)),
                many => {
                    let uris: Vec<&str> = many.iter().map(|skill| skill.uri.as_str()).collect();
                    return Err(usage(&format!(
                        "several skills are named {name:?}: give the URI of the one you mean ({})",
                        uris.join(", ")
                    )));
                }
            }
        };
        let skill = client.get_skill(&uri).await?;
        let mut checked = Vec::new();
        if verifying {
            if let SkillFiles::Listed(files) = &skill.files {
                for file in files {
                    let contents = client.read_resource(&file.uri).await?;
                    let check = match contents.iter().find(|content| content.uri() == file.uri) {
                        Some(content) => verify(content, Some(file)),
                        None => FileCheck::Unreadable,
                    };
                    checked.push(CheckedFile {
                        uri: file.uri.clone(),
                        check,
                    });
                }
            }
        }
        Ok((skill, checked))
    })
    .await?;
    if args.server.json {
        if verifying {
            render::json(&Verified {
                skill: &skill,
                files: &checked,
            })?;
        } else {
            render::json(&skill)?;
        }
    } else {
        shown::skill(&skill)?;
        if verifying {
            shown::checks(&skill, &checked)?;
        }
    }
    let changed = checked
        .iter()
        .filter(|file| file.check != FileCheck::Matches)
        .count();
    if verifying && matches!(skill.files, SkillFiles::Dynamic) {
        return Ok(Outcome::Failed(
            "the skill's files are dynamic: the server lists no digests to check".to_owned(),
        ));
    }
    Ok(match changed {
        0 => Outcome::Success,
        n => Outcome::Failed(format!(
            "{n} of the skill's {} files changed since listed, or could not be checked",
            checked.len()
        )),
    })
}

fn not_listed(name: &str) -> LodeError {
    LodeError::new(
        lode_core::ErrorCode::NotFound,
        format!("the server lists no skill named {name:?} (lode skills SERVER lists them)"),
    )
}
