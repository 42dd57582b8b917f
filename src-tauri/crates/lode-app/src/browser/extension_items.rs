//! Resources a server names outside `resources/list`, found so the browser shows them like any
//! other: the files of its skills (`skills/list`; a dynamic skill's through
//! `resources/directory/read`, where the server declares it), and the apps its tools name in
//! `_meta.ui.resourceUri` (a server may leave an app out of its list and reach it only through
//! a tool). Each is the server's claim, bounded like a listing's items.

use std::collections::HashSet;

use lode_core::apps::APP_MIME_TYPE;
use lode_core::skills::{Skill, SkillFiles, SkillListing, MAX_SKILL_FILES, SKILL_FILE};
use lode_core::{Annotations, ResourceItem};
use lode_mcp::McpClient;

/// The type a folder has in `resources/directory/read`.
const DIRECTORY_MIME_TYPE: &str = "inode/directory";
/// How deep a dynamic skill's folders are walked: deeper is a loop or a hostile server.
const MAX_FOLDER_DEPTH: usize = 8;
/// The most items one server adds beside its listing: a skill holds at most 512 files, so this
/// is a hundred skills' worth, well past any real server; past it a server listing a thousand
/// skills of 512 files each would fill the index with half a million rows of its own making.
const MAX_EXTRA_ITEMS: usize = 50_000;

/// What a server names outside its listing.
#[derive(Default)]
pub(crate) struct ExtensionItems {
    /// Its skills (empty when it declares none).
    pub skills: SkillListing,
    /// Skills' files and apps its listing left out, in the order found.
    pub items: Vec<ResourceItem>,
}

/// Asks `client` for its skills and tools, and makes items of what `listed` lacks. A failure
/// of either is logged and leaves its part out: the listing itself stands.
pub(crate) async fn gather(client: &McpClient, listed: &[ResourceItem]) -> ExtensionItems {
    let server = client.server_name().to_owned();
    let capabilities = &client.info().capabilities;
    let mut found = ExtensionItems::default();
    let mut candidates: Vec<ResourceItem> = Vec::new();
    if capabilities.skills {
        match client.list_skills().await {
            Ok(skills) => found.skills = skills,
            Err(error) => tracing::warn!(%server, %error, "listing skills failed"),
        }
        for skill in &found.skills.skills {
            if candidates.len() >= MAX_EXTRA_ITEMS {
                tracing::warn!(%server, "a server's skills hold more files than Lode shows; the rest are left out");
                break;
            }
            candidates.extend(skill_items(client, skill, capabilities.skill_directories).await);
        }
    }
    if capabilities.tools {
        match client.list_tools().await {
            Ok(tools) => candidates.extend(
                tools
                    .iter()
                    .filter_map(|tool| tool.ui.as_ref()?.resource_uri.as_deref())
                    .map(|uri| app_item(&server, uri)),
            ),
            Err(error) => tracing::warn!(%server, %error, "listing tools for their apps failed"),
        }
    }
    found.items = not_listed(candidates, listed);
    found.items.truncate(MAX_EXTRA_ITEMS);
    found
}

/// `candidates` less those `listed` has, each once. One pass over the listing against the few
/// candidates: a listing of a million resources is not copied into a set.
fn not_listed(candidates: Vec<ResourceItem>, listed: &[ResourceItem]) -> Vec<ResourceItem> {
    let wanted: HashSet<&str> = candidates.iter().map(|item| item.uri.as_str()).collect();
    let mut taken: HashSet<String> = listed
        .iter()
        .filter(|item| wanted.contains(item.uri.as_str()))
        .map(|item| item.uri.clone())
        .collect();
    candidates
        .into_iter()
        .filter(|item| taken.insert(item.uri.clone()))
        .collect()
}

/// The files of `skill`: those it lists, or, for a dynamic skill, its `SKILL.md` and what
/// walking its folder finds where the server can list folders.
async fn skill_items(client: &McpClient, skill: &Skill, folders: bool) -> Vec<ResourceItem> {
    let server = client.server_name();
    match &skill.files {
        SkillFiles::Listed(files) => files
            .iter()
            .map(|file| skill_file_item(server, skill, &file.uri, Some(file.size)))
            .collect(),
        SkillFiles::Dynamic => {
            let mut items = vec![skill_file_item(server, skill, &skill.uri, None)];
            if folders {
                items.extend(walk_folder(client, skill).await);
            }
            items
        }
    }
}

/// Every file under a dynamic skill's folder, breadth first, at most [`MAX_SKILL_FILES`] and
/// [`MAX_FOLDER_DEPTH`] folders deep. A folder that fails to read is logged and skipped.
async fn walk_folder(client: &McpClient, skill: &Skill) -> Vec<ResourceItem> {
    let mut files = Vec::new();
    let mut folders = vec![(skill.root().to_owned(), 0)];
    let mut seen: HashSet<String> = HashSet::new();
    while let Some((folder, depth)) = folders.pop() {
        if !seen.insert(folder.clone()) || files.len() >= MAX_SKILL_FILES {
            continue;
        }
        let children = match client.read_directory(&folder).await {
            Ok(children) => children,
            Err(error) => {
                tracing::warn!(%folder, %error, "reading a skill's folder failed");
                continue;
            }
        };
        let prefix = format!("{}/", skill.root());
        for child in children {
            // A child outside the skill's folder is not the skill's, whatever the server says.
            if !child.uri.starts_with(&prefix) {
                continue;
            }
            if child.mime_type.as_deref() == Some(DIRECTORY_MIME_TYPE) {
                if depth + 1 < MAX_FOLDER_DEPTH {
                    folders.push((child.uri, depth + 1));
                }
            } else if child.uri != skill.uri && files.len() < MAX_SKILL_FILES {
                files.push(child);
            }
        }
    }
    files
}

/// An item for a skill's file at `uri`: its `SKILL.md` titled with the skill's name and
/// described as the skill is.
fn skill_file_item(server: &str, skill: &Skill, uri: &str, size: Option<u64>) -> ResourceItem {
    let name = uri.rsplit('/').next().unwrap_or(uri).to_owned();
    let is_skill_md = uri == skill.uri;
    ResourceItem {
        server: server.to_owned(),
        uri: uri.to_owned(),
        mime_type: mime_type_of(&name).map(str::to_owned),
        name,
        title: is_skill_md.then(|| skill.name.clone()),
        description: is_skill_md.then(|| skill.description.clone()),
        size,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

/// An item for an app only a tool names.
fn app_item(server: &str, uri: &str) -> ResourceItem {
    ResourceItem {
        server: server.to_owned(),
        uri: uri.to_owned(),
        name: uri.rsplit('/').next().unwrap_or(uri).to_owned(),
        title: None,
        description: None,
        mime_type: Some(APP_MIME_TYPE.to_owned()),
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

/// The type a skill's file of this name most likely has (the listing gives none); `None`
/// leaves the preview to sniff it.
fn mime_type_of(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match extension.as_str() {
        "md" | "markdown" => "text/markdown",
        "txt" => "text/plain",
        "json" => "application/json",
        "yaml" | "yml" => "application/yaml",
        "py" => "text/x-python",
        "js" | "mjs" => "text/javascript",
        "ts" => "text/typescript",
        "sh" => "text/x-shellscript",
        "html" | "htm" => "text/html",
        "csv" => "text/csv",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        _ if name == SKILL_FILE => "text/markdown",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_the_listing_lacks_is_added_and_each_once() {
        let item = |uri: &str| app_item("s", uri);
        let listed = [item("ui://a"), item("file:///x")];
        let added = not_listed(
            vec![item("ui://a"), item("ui://b"), item("ui://b")],
            &listed,
        );
        let uris: Vec<&str> = added.iter().map(|i| i.uri.as_str()).collect();
        assert_eq!(uris, ["ui://b"]);
    }

    #[test]
    fn a_skill_files_type_comes_from_its_extension() {
        assert_eq!(mime_type_of("SKILL.md"), Some("text/markdown"));
        assert_eq!(mime_type_of("run.PY"), Some("text/x-python"));
        assert_eq!(mime_type_of("Makefile"), None);
    }
}
