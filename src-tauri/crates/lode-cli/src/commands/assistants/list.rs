//! `lode connect --list`: one row per assistant configuration.

use std::path::Path;

use lode_app::assistants::{list, AssistantConfig, AssistantFolders};
use lode_core::assistants::{ConfigScope, EntryState, LodeEntry};
use lode_core::LodeResult;

use crate::exit::Outcome;
use crate::render;

pub fn run(
    folders: &AssistantFolders,
    lode: &LodeEntry,
    project: Option<&Path>,
    json: bool,
) -> LodeResult<Outcome> {
    let rows = list(folders, lode, project);
    if json {
        render::json(&rows)?;
    } else {
        render::text(&table(&rows))?;
    }
    Ok(Outcome::Success)
}

fn table(rows: &[AssistantConfig]) -> String {
    let cells: Vec<[String; 4]> = rows
        .iter()
        .map(|row| {
            let assistant = match row.scope {
                ConfigScope::User => row.cli_name.clone(),
                ConfigScope::Project => format!("{} (project)", row.cli_name),
            };
            let installed = if row.installed { "yes" } else { "no" };
            [assistant, installed.into(), entry(row), row.path.clone()]
        })
        .collect();
    let header = [
        "ASSISTANT".to_string(),
        "INSTALLED".into(),
        "ENTRY".into(),
        "CONFIG".into(),
    ];
    let widths: Vec<usize> = (0..3)
        .map(|i| {
            std::iter::once(&header)
                .chain(&cells)
                .map(|row| row[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&cells) {
        out.push_str(&format!(
            "{:w0$}  {:w1$}  {:w2$}  {}\n",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        ));
    }
    for row in rows.iter().filter(|row| row.problem.is_some()) {
        out.push_str(&format!(
            "{}: {}\n",
            row.cli_name,
            row.problem.as_deref().unwrap_or_default()
        ));
    }
    out
}

fn entry(row: &AssistantConfig) -> String {
    match row.state {
        None => "unreadable".into(),
        Some(EntryState::Absent) => "absent".into(),
        Some(EntryState::Current) => "current".into(),
        Some(EntryState::Stale) => "stale (repair: lode connect)".into(),
        Some(EntryState::Foreign) => "another program's".into(),
    }
}
