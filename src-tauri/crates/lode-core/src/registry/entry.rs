//! One entry of a registry as Lode keeps it: a server.json (name, version, what it is, where it
//! comes from, its packages and remotes) with the registry's own facts about it (status, dates,
//! whether it is the latest version). Read whole or refused with its reason.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::fields::{as_object, at, flag, item, list, optional, prose, required};
use super::package::parse_package;
use super::remote::parse_remote;
use super::{RegistryPackage, RegistryProblem, RegistryRemote};

/// The registry's own facts about an entry, beside its server.json.
const OFFICIAL_META: &str = "io.modelcontextprotocol.registry/official";
/// server.json allows 200 characters of `[a-zA-Z0-9._/-]`, so bytes and characters agree.
const MAX_NAME_BYTES: usize = 200;
const MAX_VERSION_BYTES: usize = 255;
/// server.json allows 100 characters for each; a sub-registry may send more, kept to these.
const MAX_TITLE_CHARS: usize = 200;
const MAX_DESCRIPTION_CHARS: usize = 2000;
const MAX_STATUS_MESSAGE_CHARS: usize = 1000;
const MAX_LINK_BYTES: usize = 2048;
const MAX_TIME_BYTES: usize = 64;
const MAX_PACKAGES: usize = 32;
const MAX_REMOTES: usize = 32;
/// Icons are only shown: past this many, the rest are left out (and said).
const MAX_ICONS: usize = 16;
/// server.json's bound on an icon's `src`.
const MAX_ICON_SRC_BYTES: usize = 255;

/// Where an entry stands in its registry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "state")]
#[ts(export)]
pub enum EntryStatus {
    Active,
    /// Still listed, with a warning.
    Deprecated {
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// Taken down (often for malware or spam): never listed by Lode.
    Deleted {
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryRepository {
    pub url: String,
    /// The forge: `github`, `gitlab`, ….
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Where the server sits in a monorepo.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subfolder: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryIcon {
    /// An https URL.
    pub src: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    pub sizes: Vec<String>,
    /// `light` or `dark`: the background it is drawn for.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
}

/// One version of one server, as a registry lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryEntry {
    /// `namespace/name`, e.g. `io.github.user/weather`.
    pub name: String,
    pub version: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub status: EntryStatus,
    /// Whether this is the server's latest version (the registry's word; absent when it said
    /// nothing).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_latest: Option<bool>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_at: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repository: Option<RegistryRepository>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub website_url: Option<String>,
    pub icons: Vec<RegistryIcon>,
    pub packages: Vec<RegistryPackage>,
    pub remotes: Vec<RegistryRemote>,
    /// What Lode cut or read otherwise than it was sent, each said.
    pub notes: Vec<String>,
}

impl RegistryEntry {
    pub fn is_deleted(&self) -> bool {
        matches!(self.status, EntryStatus::Deleted { .. })
    }

    /// Whether anything of it is something Lode can run or reach.
    pub fn is_runnable(&self) -> bool {
        self.packages.iter().any(|p| p.launch.is_runnable())
            || self.remotes.iter().any(|r| r.launch.is_runnable())
    }
}

/// A version in the list of a server's versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EntryVersion {
    pub version: String,
    pub status: EntryStatus,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_latest: Option<bool>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_at: Option<String>,
}

impl From<&RegistryEntry> for EntryVersion {
    fn from(entry: &RegistryEntry) -> Self {
        Self {
            version: entry.version.clone(),
            status: entry.status.clone(),
            is_latest: entry.is_latest,
            published_at: entry.published_at.clone(),
        }
    }
}

/// One entry shown whole: the registry it came from, and the server's other versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EntryDetails {
    pub registry: String,
    pub entry: RegistryEntry,
    /// Every version the registry lists, in its order; deleted ones left out.
    pub versions: Vec<EntryVersion>,
    /// Why the versions could not be listed, when they could not.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versions_problem: Option<String>,
}

/// Reads one item of a registry's answer, `{server: <server.json>, _meta: {…}}`.
pub fn parse_entry(item: &Value) -> Result<RegistryEntry, RegistryProblem> {
    let item = as_object(item, "")?;
    let server = item
        .get("server")
        .ok_or_else(|| RegistryProblem::Missing("server".into()))?;
    let official = match item.get("_meta") {
        Some(Value::Object(meta)) => match meta.get(OFFICIAL_META) {
            Some(Value::Object(official)) => Some(official),
            None | Some(Value::Null) => None,
            Some(_) => {
                return Err(RegistryProblem::NotAnObject(format!(
                    "_meta.{OFFICIAL_META}"
                )))
            }
        },
        None | Some(Value::Null) => None,
        Some(_) => return Err(RegistryProblem::NotAnObject("_meta".into())),
    };
    parse_server(server, official)
}

/// Reads a server.json, with the registry's facts about it when there are some.
pub fn parse_server(
    server: &Value,
    official: Option<&Map<String, Value>>,
) -> Result<RegistryEntry, RegistryProblem> {
    let server = as_object(server, "server")?;
    let name = required(server, "", "name", MAX_NAME_BYTES)?;
    if !is_server_name(&name) {
        return Err(RegistryProblem::BadName(name));
    }
    let version = required(server, "", "version", MAX_VERSION_BYTES)?;
    let mut notes = Vec::new();
    let facts = official.unwrap_or(server);
    let facts_path = if official.is_some() {
        format!("_meta.{OFFICIAL_META}")
    } else {
        String::new()
    };
    let status = status(facts, &facts_path, &mut notes)?;
    let (is_latest, published_at, updated_at) = match official {
        Some(official) => (
            official
                .get("isLatest")
                .map(|_| flag(official, &facts_path, "isLatest"))
                .transpose()?,
            optional(official, &facts_path, "publishedAt", MAX_TIME_BYTES)?,
            optional(official, &facts_path, "updatedAt", MAX_TIME_BYTES)?,
        ),
        None => (None, None, None),
    };
    let packages = list(server, "", "packages", MAX_PACKAGES)?
        .iter()
        .enumerate()
        .map(|(index, package)| parse_package(package, &item("packages", index), &mut notes))
        .collect::<Result<_, _>>()?;
    let remotes = list(server, "", "remotes", MAX_REMOTES)?
        .iter()
        .enumerate()
        .map(|(index, remote)| parse_remote(remote, &item("remotes", index), &mut notes))
        .collect::<Result<_, _>>()?;
    Ok(RegistryEntry {
        title: prose(server, "", "title", MAX_TITLE_CHARS, &mut notes)?,
        description: prose(server, "", "description", MAX_DESCRIPTION_CHARS, &mut notes)?,
        repository: repository(server, &mut notes)?,
        website_url: link(server, "", "websiteUrl", &mut notes)?,
        icons: icons(server, &mut notes),
        name,
        version,
        status,
        is_latest,
        published_at,
        updated_at,
        packages,
        remotes,
        notes,
    })
}

/// `namespace/name`: the namespace of `[a-zA-Z0-9.-]`, the name of `[a-zA-Z0-9._-]`, one slash,
/// at most 200 bytes. Names go into paths of the registry's URLs and onto command lines, so
/// nothing else is kept.
pub fn is_server_name(name: &str) -> bool {
    let Some((namespace, server)) = name.split_once('/') else {
        return false;
    };
    let namespace_ok = !namespace.is_empty()
        && namespace
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    let server_ok = !server.is_empty()
        && server
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    namespace_ok && server_ok && (3..=MAX_NAME_BYTES).contains(&name.len())
}

/// `status` and `statusMessage`; an unknown status reads as active, and is said.
fn status(
    facts: &Map<String, Value>,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<EntryStatus, RegistryProblem> {
    let message = prose(
        facts,
        path,
        "statusMessage",
        MAX_STATUS_MESSAGE_CHARS,
        notes,
    )?;
    Ok(
        match optional(facts, path, "status", MAX_TIME_BYTES)?.as_deref() {
            None | Some("active") => EntryStatus::Active,
            Some("deprecated") => EntryStatus::Deprecated { message },
            Some("deleted") => EntryStatus::Deleted { message },
            Some(other) => {
                notes.push(format!(
                    "{} {other:?} is not a status Lode knows: read as active",
                    at(path, "status")
                ));
                EntryStatus::Active
            }
        },
    )
}

/// A link only shown: one too long is left out, and said.
fn link(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    notes: &mut Vec<String>,
) -> Result<Option<String>, RegistryProblem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(url)) if url.len() > MAX_LINK_BYTES => {
            notes.push(format!(
                "{} left out: longer than {MAX_LINK_BYTES} bytes",
                at(path, key)
            ));
            Ok(None)
        }
        Some(Value::String(url)) if url.is_empty() => Ok(None),
        Some(Value::String(url)) => Ok(Some(url.clone())),
        Some(_) => Err(RegistryProblem::NotText(at(path, key))),
    }
}

fn repository(
    server: &Map<String, Value>,
    notes: &mut Vec<String>,
) -> Result<Option<RegistryRepository>, RegistryProblem> {
    let repository = match server.get("repository") {
        None | Some(Value::Null) => return Ok(None),
        Some(value) => as_object(value, "repository")?,
    };
    let Some(url) = link(repository, "repository", "url", notes)? else {
        return Ok(None);
    };
    Ok(Some(RegistryRepository {
        url,
        source: optional(repository, "repository", "source", MAX_TIME_BYTES)?,
        subfolder: link(repository, "repository", "subfolder", notes)?,
    }))
}

/// The entry's icons: only shown, so a bad one is left out (and said) rather than refusing the
/// entry; only https ones are kept, as server.json requires.
fn icons(server: &Map<String, Value>, notes: &mut Vec<String>) -> Vec<RegistryIcon> {
    let Some(Value::Array(listed)) = server.get("icons") else {
        return Vec::new();
    };
    if listed.len() > MAX_ICONS {
        notes.push(format!(
            "icons: {} of {} left out (Lode keeps {MAX_ICONS})",
            listed.len() - MAX_ICONS,
            listed.len()
        ));
    }
    let mut icons = Vec::new();
    for (index, icon) in listed.iter().take(MAX_ICONS).enumerate() {
        let path = item("icons", index);
        match one_icon(icon, &path) {
            Some(icon) => icons.push(icon),
            None => notes.push(format!(
                "{path} left out: not an https src of at most {MAX_ICON_SRC_BYTES} bytes"
            )),
        }
    }
    icons
}

fn one_icon(icon: &Value, path: &str) -> Option<RegistryIcon> {
    let icon = as_object(icon, path).ok()?;
    let src = optional(icon, path, "src", MAX_ICON_SRC_BYTES).ok()??;
    if !src
        .get(..8)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
    {
        return None;
    }
    let sizes = match icon.get("sizes") {
        Some(Value::Array(sizes)) => sizes
            .iter()
            .filter_map(Value::as_str)
            .filter(|size| size.len() <= 16)
            .take(8)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    };
    Some(RegistryIcon {
        src,
        mime_type: optional(icon, path, "mimeType", 64).ok().flatten(),
        sizes,
        theme: optional(icon, path, "theme", 16)
            .ok()
            .flatten()
            .filter(|theme| theme == "light" || theme == "dark"),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn everything() -> Value {
        json!({
            "server": {
                "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
                "name": "io.github.modelcontextprotocol/everything",
                "title": "Everything",
                "description": "Exercises every feature of MCP",
                "version": "2026.8.31",
                "repository": { "url": "https://github.com/modelcontextprotocol/servers", "source": "github", "subfolder": "src/everything" },
                "websiteUrl": "https://modelcontextprotocol.io",
                "icons": [{ "src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"], "theme": "dark" },
                          { "src": "http://example.com/plain.png" }],
                "packages": [{ "registryType": "npm", "identifier": "@modelcontextprotocol/server-everything",
                               "version": "2026.8.31", "transport": { "type": "stdio" } }],
                "remotes": [{ "type": "sse", "url": "https://example.com/sse" }],
                "_meta": { "io.modelcontextprotocol.registry/publisher-provided": { "tool": "x" } },
                "somethingNew": [1, 2, 3]
            },
            "_meta": { "io.modelcontextprotocol.registry/official": {
                "status": "active", "publishedAt": "2026-08-31T10:00:00Z",
                "updatedAt": "2026-08-31T10:00:00Z", "isLatest": true } }
        })
    }

    #[test]
    fn reads_an_entry_with_the_registrys_facts_and_ignores_unknown_fields() {
        let entry = parse_entry(&everything()).expect("an entry");
        assert_eq!(entry.name, "io.github.modelcontextprotocol/everything");
        assert_eq!(entry.status, EntryStatus::Active);
        assert_eq!(entry.is_latest, Some(true));
        assert_eq!(
            entry
                .repository
                .as_ref()
                .and_then(|r| r.subfolder.as_deref()),
            Some("src/everything")
        );
        assert_eq!(entry.icons.len(), 1, "the plain-http icon is left out");
        assert_eq!(entry.icons[0].theme.as_deref(), Some("dark"));
        assert_eq!(entry.notes.len(), 1, "{:?}", entry.notes);
        assert!(entry.is_runnable());
        assert_eq!(entry.packages[0].launch.label(), "npx");
        assert_eq!(entry.remotes[0].launch.label(), "sse");
    }

    #[test]
    fn reads_deprecation_and_deletion_with_their_messages() {
        let mut item = everything();
        item["_meta"]["io.modelcontextprotocol.registry/official"]["status"] = json!("deprecated");
        item["_meta"]["io.modelcontextprotocol.registry/official"]["statusMessage"] =
            json!("Use io.github.x/weather-v2");
        assert_eq!(
            parse_entry(&item).map(|e| e.status),
            Ok(EntryStatus::Deprecated {
                message: Some("Use io.github.x/weather-v2".into())
            })
        );
        item["_meta"]["io.modelcontextprotocol.registry/official"]["status"] = json!("deleted");
        assert!(parse_entry(&item).is_ok_and(|e| e.is_deleted()));
        // A sub-registry without `_meta`, with the status where older server.json had it.
        let older =
            json!({ "server": { "name": "a.b/c", "version": "1", "status": "deprecated" } });
        assert_eq!(
            parse_entry(&older).map(|e| e.status),
            Ok(EntryStatus::Deprecated { message: None })
        );
    }

    #[test]
    fn cuts_long_text_and_says_so() {
        let mut item = everything();
        item["server"]["description"] = json!("x".repeat(1024 * 1024));
        item["server"]["title"] = json!("\u{202e}evil\u{1b}[2J");
        let entry = parse_entry(&item).expect("kept, cut");
        assert_eq!(
            entry.description.as_deref().map(str::len),
            Some(MAX_DESCRIPTION_CHARS)
        );
        assert!(entry
            .notes
            .iter()
            .any(|note| note.starts_with("description cut to 2000 characters")));
        // Hidden characters are kept as sent: every view reveals them.
        assert_eq!(entry.title.as_deref(), Some("\u{202e}evil\u{1b}[2J"));
    }

    #[test]
    fn refuses_entries_it_cannot_keep_whole() {
        let mut many = everything();
        many["server"]["packages"] =
            Value::Array(vec![many["server"]["packages"][0].clone(); 10_000]);
        assert_eq!(
            parse_entry(&many),
            Err(RegistryProblem::TooMany {
                what: "packages".into(),
                count: 10_000,
                limit: MAX_PACKAGES
            })
        );
        for name in [
            "../../etc/passwd",
            "no-slash",
            "a/b/c",
            "a b/c",
            "a/\u{202e}c",
            "/x",
        ] {
            let mut bad = everything();
            bad["server"]["name"] = json!(name);
            assert_eq!(
                parse_entry(&bad),
                Err(RegistryProblem::BadName(name.into())),
                "{name}"
            );
        }
        let mut broken = everything();
        broken["server"]["packages"][0]["environmentVariables"] = json!([{ "description": "x" }]);
        assert_eq!(
            parse_entry(&broken),
            Err(RegistryProblem::Missing(
                "packages[1].environmentVariables[1].name".into()
            ))
        );
        assert_eq!(
            parse_entry(&json!(42)),
            Err(RegistryProblem::NotAnObject("the entry".into()))
        );
        assert_eq!(
            parse_entry(&json!({ "server": { "name": "a.b/c" } })),
            Err(RegistryProblem::Missing("version".into()))
        );
    }
}
