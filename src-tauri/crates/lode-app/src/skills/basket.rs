//! A whole skill into a basket in one action: every file of it the browser holds (its listed
//! files, or what walking a dynamic skill's folder found), `SKILL.md` first, each read now and
//! kept as a skill's file (its `SKILL.md` with the skill's frontmatter as listed), with one
//! token total for the skill.

use lode_core::basket::{BasketId, ItemKind};
use lode_core::{ConnectionId, LodeResult, ResourceItem};
use serde::Serialize;
use ts_rs::TS;

use crate::{AddReport, Lode};

/// What adding a whole skill did.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SkillAdded {
    /// The skill's name (its frontmatter's).
    pub name: String,
    /// How many files it has; `report` says how many of them were added.
    pub files: usize,
    /// The tokens of every file of the skill now in the basket, together.
    #[ts(type = "number")]
    pub tokens: u64,
    pub report: AddReport,
}

impl Lode {
    /// Reads every file of connection `id`'s skill at `uri` (its `SKILL.md`, or any of its
    /// files) and adds them to `basket`.
    pub async fn add_skill_to_basket(
        &self,
        basket: BasketId,
        id: ConnectionId,
        uri: &str,
    ) -> LodeResult<SkillAdded> {
        let skill = self.skill_details(id, uri).await?;
        let server = self.client(id).await?.server_name().to_owned();
        let mut files: Vec<ResourceItem> = self.browser.with_index(|index| {
            index
                .items()
                .filter(|item| item.server == server)
                .filter(|item| index.skill_of(&server, &item.uri) == Some(skill.uri.as_str()))
                .cloned()
                .collect()
        });
        files.sort_by(|a, b| (a.uri != skill.uri, &a.uri).cmp(&(b.uri != skill.uri, &b.uri)));
        let uris: Vec<String> = files.iter().map(|file| file.uri.clone()).collect();
        let rows = files
            .into_iter()
            .map(|f| (f, ItemKind::SkillFile))
            .collect();
        // Its SKILL.md keeps the frontmatter as listed: `lode serve` hands the skill on as it came.
        let report = self
            .add_rows_with(basket, id, rows, |item| {
                if item.uri == skill.uri {
                    item.skill_frontmatter = Some(skill.frontmatter.clone());
                }
            })
            .await?;
        let tokens = self
            .store
            .basket(basket)?
            .items
            .iter()
            .filter(|item| item.server == server && uris.contains(&item.uri))
            .map(|item| item.tokens)
            .sum();
        Ok(SkillAdded {
            name: skill.name,
            files: uris.len(),
            tokens,
            report,
        })
    }
}
