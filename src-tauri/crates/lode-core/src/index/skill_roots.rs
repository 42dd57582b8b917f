//! Which indexed resources are files of a skill. The skills extension forbids guessing that from
//! a `skill://` URI: only the server's `skills/list` says it. So the index keeps, per server, the
//! skills it listed, and a resource is a skill's file when the skill lists it, when it is the
//! skill's `SKILL.md`, or when it sits under the skill's folder (a dynamic skill lists no files).

use std::collections::HashMap;

use super::query::ResourceKind;
use crate::resource::ResourceItem;
use crate::skills::{Skill, SkillFiles};

/// One listed skill, as far as telling its files apart needs.
#[derive(PartialEq)]
struct Root {
    /// The URI of its `SKILL.md`.
    skill: String,
    /// Its folder with a trailing `/`: every URI under it is one of its files.
    folder: String,
    /// The files it lists (they may sit outside the folder only by the server's mistake, which
    /// the listing's checks refuse; kept apart anyway so a listed file is never missed).
    files: Vec<String>,
}

#[derive(Default)]
pub(super) struct SkillRoots {
    by_server: HashMap<String, Vec<Root>>,
}

impl SkillRoots {
    /// Makes `skills` the skills of `server` (none forgets them). Returns whether that changed
    /// anything: a server listed again after `list_changed` usually lists the same skills, and
    /// the index then keeps its caches.
    pub fn set(&mut self, server: &str, skills: &[Skill]) -> bool {
        if skills.is_empty() {
            return self.by_server.remove(server).is_some();
        }
        let roots: Vec<Root> = skills
            .iter()
            .map(|skill| Root {
                skill: skill.uri.clone(),
                folder: format!("{}/", skill.root()),
                files: match &skill.files {
                    SkillFiles::Listed(files) => files.iter().map(|f| f.uri.clone()).collect(),
                    SkillFiles::Dynamic => Vec::new(),
                },
            })
            .collect();
        if self.by_server.get(server) == Some(&roots) {
            return false;
        }
        self.by_server.insert(server.to_owned(), roots);
        true
    }

    pub fn forget(&mut self, server: &str) {
        self.by_server.remove(server);
    }

    /// The `SKILL.md` URI of the skill `server`'s resource `uri` is a file of. A file under
    /// two skills' folders (a skill nested in another) belongs to the innermost one.
    pub fn skill_of(&self, server: &str, uri: &str) -> Option<&str> {
        let roots = self.by_server.get(server)?;
        roots
            .iter()
            .filter(|root| {
                root.skill == uri
                    || uri.starts_with(&root.folder)
                    || root.files.iter().any(|f| f == uri)
            })
            .max_by_key(|root| root.folder.len())
            .map(|root| root.skill.as_str())
    }

    /// The kind `item` is: an app by its type, else a skill's file when a skill says so.
    pub fn kind_of(&self, item: &ResourceItem) -> ResourceKind {
        match ResourceKind::of(item) {
            ResourceKind::Resource if self.skill_of(&item.server, &item.uri).is_some() => {
                ResourceKind::Skill
            }
            kind => kind,
        }
    }
}
