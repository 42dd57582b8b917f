//! Importing connections from other clients' configuration files, and exporting saved ones to
//! the Claude Desktop format. The preview carries no secret value; applying reads the file
//! again, so values found in it go straight from the file to the keychain.

use std::path::PathBuf;

use lode_core::import::{
    check_unchanged, claude_desktop_config, digest, preview, starts_on_import, ExportEntry,
    Exported, ImportChoice, ImportLocation, ImportPreview, ImportSource, ImportedServer,
    ParsedConfig, SecretValue,
};
use lode_core::{
    check_draft, Connection, ConnectionDraft, ConnectionId, ErrorCode, LodeError, LodeResult,
    SecretChange, SecretEdit, SecretText,
};
use lode_secrets::SecretName;

use super::edits::new_values;
use super::import_sources::{known_locations, parse_config_bytes, Folders};
use super::keychain_io;
use crate::config_file::read_config_bytes;
use crate::confirmation::{self, Confirmation};
use crate::settings::demo;
use crate::Lode;

impl Lode {
    /// Where the five clients keep their configurations on this machine (with `project`'s own
    /// files), each saying whether a file is there.
    pub fn import_locations(&self, project: Option<PathBuf>) -> LodeResult<Vec<ImportLocation>> {
        let folders = Folders::of_this_machine(project)?;
        Ok(known_locations(&folders)
            .into_iter()
            .map(|location| ImportLocation {
                exists: location.path.is_file(),
                source: ImportSource {
                    format: location.format,
                    path: location.path.display().to_string(),
                },
            })
            .collect())
    }

    /// The servers `source` offers, with duplicates of saved connections marked, and the
    /// digest of the bytes shown (what importing them must present again).
    pub fn preview_import(&self, source: &ImportSource) -> LodeResult<ImportPreview> {
        let path = typed_path(&source.path);
        let bytes = read_config_bytes(&path)?;
        let parsed = parse_config_bytes(source.format, &path, &bytes)?;
        Ok(preview(
            source.clone(),
            digest(&bytes),
            &parsed,
            // The built-in demo as it runs here: a file naming this demo server's path is it.
            &self
                .store
                .list_connections()?
                .into_iter()
                .map(|c| demo::with_resolved(c, self.demo.as_ref()))
                .collect::<Vec<_>>(),
        ))
    }

    /// What the person must confirm before `choices` of `source` are imported: the programs
    /// among them. Refuses a file changed since its preview (`previewed`: its digest).
    pub fn confirm_import(
        &self,
        source: &ImportSource,
        previewed: &str,
        choices: &[ImportChoice],
    ) -> LodeResult<Option<Confirmation>> {
        let parsed = self.read_previewed(source, previewed)?;
        let chosen: Vec<&ImportedServer> = choices
            .iter()
            .filter_map(|c| parsed.servers.get(usize::try_from(c.index).ok()?))
            .collect();
        Ok(confirmation::for_importing(&chosen))
    }

    /// The file of `source` again, when its bytes are still the ones previewed.
    fn read_previewed(&self, source: &ImportSource, previewed: &str) -> LodeResult<ParsedConfig> {
        let path = typed_path(&source.path);
        let bytes = read_config_bytes(&path)?;
        check_unchanged(&source.path, previewed, &bytes)?;
        parse_config_bytes(source.format, &path, &bytes)
    }

    /// Saves the chosen servers of `source`, all or none: the file must still hold the bytes
    /// previewed (`previewed`: their digest), every choice is checked first (its name free, its
    /// settings valid, a value typed for each secret the file only asks for), the rows are saved
    /// in one transaction, then the secrets; when the keychain fails, the rows and the secrets
    /// already stored are removed again. Programs (stdio servers) are saved not started.
    pub async fn apply_import(
        &self,
        source: &ImportSource,
        previewed: &str,
        choices: &[ImportChoice],
    ) -> LodeResult<Vec<Connection>> {
        let parsed = self.read_previewed(source, previewed)?;
        let mut known = self.store.list_connections()?;
        let mut drafts = Vec::with_capacity(choices.len());
        for choice in choices {
            let server = usize::try_from(choice.index)
                .ok()
                .and_then(|index| parsed.servers.get(index))
                .ok_or_else(|| {
                    LodeError::new(
                        ErrorCode::InvalidInput,
                        format!(
                            "{} has no server #{} (has the file changed since the preview?)",
                            source.path, choice.index
                        ),
                    )
                })?;
            let draft = draft_of(server, choice)?;
            if let Some(problem) = check_draft(&draft, None, &known).first() {
                return Err(LodeError::new(
                    ErrorCode::InvalidInput,
                    format!("cannot import {}: {}", server.name, problem.describe()),
                ));
            }
            // Later choices must not take this one's name.
            known.push(Connection::unsaved(
                ConnectionId(-1),
                draft.name.trim(),
                draft.transport.clone(),
            ));
            drafts.push(draft);
        }
        let rows: Vec<_> = drafts
            .iter()
            .map(|d| (d.name.trim().to_owned(), d.transport.clone(), d.settings()))
            .collect();
        let saved = self.store.insert_connections_with(&rows)?;
        for (index, (connection, draft)) in saved.iter().zip(&drafts).enumerate() {
            let secrets = new_values(draft);
            if let Err(error) = keychain_io::write_all(&self.secrets, connection.id, secrets).await
            {
                for earlier in &saved[..index] {
                    let names = earlier.settings.secrets.iter().map(SecretName::from);
                    let _ =
                        keychain_io::delete_each(&self.secrets, earlier.id, names.collect()).await;
                }
                let ids: Vec<ConnectionId> = saved.iter().map(|c| c.id).collect();
                self.store.delete_connections(&ids)?;
                return Err(error);
            }
        }
        let changing = self.session_changes.begin().await;
        for connection in &saved {
            self.go_live(&changing, connection.id).await;
        }
        drop(changing);
        Ok(saved)
    }

    /// The Claude Desktop configuration of the connections `ids` (all when empty), without a
    /// single secret: the notes say which were left out.
    pub fn export_connections(&self, ids: &[ConnectionId]) -> LodeResult<Exported> {
        let connections = self.store.list_connections()?;
        for id in ids {
            if !connections.iter().any(|c| c.id == *id) {
                return Err(LodeError::new(
                    ErrorCode::UnknownConnection,
                    format!("no saved connection has id {}", id.0),
                ));
            }
        }
        let entries: Vec<ExportEntry> = connections
            .into_iter()
            .filter(|c| ids.is_empty() || ids.contains(&c.id))
            .map(|c| ExportEntry {
                name: c.name,
                transport: c.transport,
                secrets: c.settings.secrets,
            })
            .collect();
        Ok(claude_desktop_config(&entries))
    }
}

/// A path as the person typed it: `~/…` is in their home folder, as in a shell.
fn typed_path(path: &str) -> PathBuf {
    let path = path.trim();
    match (path.strip_prefix("~/"), dirs::home_dir()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(path),
    }
}

/// The connection `choice` makes of `server`: its name, and each secret's value from the file
/// or from what the person typed.
fn draft_of(server: &ImportedServer, choice: &ImportChoice) -> LodeResult<ConnectionDraft> {
    let mut draft = ConnectionDraft::new(choice.name.clone(), server.transport.clone());
    draft.enabled = starts_on_import(server);
    for found in &server.secrets {
        let value = match &found.value {
            SecretValue::Given(value) => SecretText::new(value.clone()),
            SecretValue::Ask { prompt } => choice
                .answers
                .iter()
                .find(|answer| answer.place == found.place)
                .map(|answer| answer.value.clone())
                .ok_or_else(|| {
                    LodeError::new(
                        ErrorCode::InvalidInput,
                        format!(
                            "cannot import {}: type a value for \"{prompt}\" ({})",
                            server.name,
                            found.place.key_name()
                        ),
                    )
                })?,
        };
        draft.secrets.push(SecretEdit {
            place: found.place.clone(),
            change: SecretChange::Set { value },
        });
    }
    Ok(draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_path_may_start_in_the_home_folder() {
        let home = dirs::home_dir().expect("a home folder");
        assert_eq!(
            typed_path(" ~/.cursor/mcp.json "),
            home.join(".cursor/mcp.json")
        );
        assert_eq!(typed_path("/etc/mcp.json"), PathBuf::from("/etc/mcp.json"));
        assert_eq!(typed_path("a~/b.json"), PathBuf::from("a~/b.json"));
    }
}
