//! Resources added at run time by the `add_note` tool, at `demo://notes/{n}`.

use std::sync::RwLock;

use chrono::{DateTime, Utc};
use rmcp::model::{Annotations, Resource, Role};

use crate::{annotations::timestamp, icons::Glyph};

pub const PREFIX: &str = "demo://notes/";

#[derive(Clone)]
pub struct Note {
    pub resource: Resource,
    pub text: String,
}

#[derive(Default)]
pub struct Notes {
    entries: RwLock<Vec<Note>>,
}

impl Notes {
    /// Adds a note and returns its resource; numbering starts at 1.
    pub fn add(&self, title: &str, body: &str, now: DateTime<Utc>) -> Resource {
        let text = format!("# {title}\n\n{body}\n");
        let mut entries = self.write();
        let number = entries.len() + 1;
        let mut annotations = Annotations::default().with_audience(vec![Role::User]);
        annotations.priority = Some(0.5);
        annotations.last_modified = Some(timestamp(now));
        let resource = Resource::new(format!("{PREFIX}{number}"), format!("note-{number}"))
            .with_title(title)
            .with_description("A note added with the add_note tool")
            .with_mime_type("text/markdown")
            .with_size(text.len() as u64)
            .with_icons(vec![Glyph::Note.icon()])
            .with_annotations(annotations);
        entries.push(Note {
            resource: resource.clone(),
            text,
        });
        resource
    }

    pub fn get(&self, uri: &str) -> Option<Note> {
        let number: usize = uri.strip_prefix(PREFIX)?.parse().ok()?;
        self.read().get(number.checked_sub(1)?).cloned()
    }

    pub fn len(&self) -> usize {
        self.read().len()
    }

    pub fn resources(&self, start: usize, end: usize) -> Vec<Resource> {
        let entries = self.read();
        let end = end.min(entries.len());
        entries[start.min(end)..end]
            .iter()
            .map(|note| note.resource.clone())
            .collect()
    }

    // A panic while holding the lock cannot leave a half-written Vec (push is
    // the only mutation), so a poisoned lock is still safe to use.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Note>> {
        self.entries
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vec<Note>> {
        self.entries
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
