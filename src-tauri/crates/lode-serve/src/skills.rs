//! The skills a basket holds, handed on to assistants as they came (`io.modelcontextprotocol/
//! skills`): each skill added whole keeps its `SKILL.md` with the frontmatter its server listed,
//! and its files as read. `skills/list` and `skills/get` give each skill under
//! `skill://<server>/<its path>`: the server's label is a prefix segment the extension allows,
//! so skills of the same name from two servers are told apart, and the last segment stays the
//! skill's name. Digests are of the bytes kept, which are the bytes served.

use lode_core::basket::{Basket, BasketItem, ItemKind};
use lode_core::skills::{content_digest, SKILL_FILE};
use rmcp::model::{
    GetSkillResult, ListSkillsResult, Skill, SkillFrontmatter, SkillResource, SkillResources,
};
use rmcp::ErrorData;
use serde_json::json;

/// One skill of the basket and where each of its files is served.
struct ServedSkill<'a> {
    entry: Skill,
    /// (served URI, the item) of each file, its `SKILL.md` first.
    files: Vec<(String, &'a BasketItem)>,
}

/// Every skill the basket holds whole, in the basket's order of their `SKILL.md`s.
fn served(basket: &Basket) -> Vec<ServedSkill<'_>> {
    let labels = ServerLabels::for_basket(basket);
    basket
        .items
        .iter()
        .filter(|item| item.kind == ItemKind::SkillFile)
        .filter_map(|skill_md| {
            let frontmatter: SkillFrontmatter =
                serde_json::from_str(skill_md.skill_frontmatter.as_deref()?).ok()?;
            let root = skill_md.uri.strip_suffix(SKILL_FILE)?;
            let label = labels.of(&skill_md.server);
            let mut files: Vec<(String, &BasketItem)> = basket
                .items
                .iter()
                .filter(|item| item.kind == ItemKind::SkillFile && item.server == skill_md.server)
                .filter(|item| item.uri.starts_with(root))
                .map(|item| (served_uri(label, &item.uri), item))
                .collect();
            files.sort_by_key(|(_, item)| item.uri != skill_md.uri);
            let resources = files
                .iter()
                .filter_map(|(uri, item)| {
                    let (digest, size) = content_digest(item.contents.first()?)?;
                    Some(SkillResource::new(uri.clone(), digest, size))
                })
                .collect();
            let entry = Skill::new(
                served_uri(label, &skill_md.uri),
                frontmatter,
                SkillResources::Files(resources),
            );
            entry
                .validate()
                .is_ok()
                .then_some(ServedSkill { entry, files })
        })
        .collect()
}

/// `skills/list`: every skill at once (a basket holds few).
pub(crate) fn list(basket: &Basket) -> ListSkillsResult {
    ListSkillsResult::with_all_items(served(basket).into_iter().map(|s| s.entry).collect())
}

/// `skills/get`: the skill whose `SKILL.md` is served at `uri`, or -32602.
pub(crate) fn get(basket: &Basket, uri: &str) -> Result<GetSkillResult, ErrorData> {
    served(basket)
        .into_iter()
        .find(|skill| skill.entry.uri == uri)
        .map(|skill| GetSkillResult::new(skill.entry))
        .ok_or_else(|| {
            ErrorData::invalid_params(
                format!("this basket holds no skill at {uri}"),
                Some(json!({ "uri": uri })),
            )
        })
}

/// The item served at skill URI `uri`, if the basket holds one there.
pub(crate) fn file<'a>(basket: &'a Basket, uri: &str) -> Option<&'a BasketItem> {
    served(basket)
        .into_iter()
        .flat_map(|skill| skill.files)
        .find(|(served, _)| served == uri)
        .map(|(_, item)| item)
}

/// `uri` under `skill://<label>/`: the original without its scheme.
fn served_uri(label: &str, uri: &str) -> String {
    let path = uri
        .split_once("://")
        .or_else(|| uri.split_once(':'))
        .map_or(uri, |(_, rest)| rest);
    format!("skill://{label}/{path}")
}

/// A URI-safe label for each server of the basket, unique among them.
struct ServerLabels(Vec<(String, String)>);

impl ServerLabels {
    fn for_basket(basket: &Basket) -> Self {
        let mut labels: Vec<(String, String)> = Vec::new();
        for item in &basket.items {
            if labels.iter().any(|(server, _)| *server == item.server) {
                continue;
            }
            let base = slug(&item.server);
            let mut label = base.clone();
            let mut n = 2;
            while labels.iter().any(|(_, taken)| *taken == label) {
                label = format!("{base}-{n}");
                n += 1;
            }
            labels.push((item.server.clone(), label));
        }
        Self(labels)
    }

    /// `server`'s label (every server of the basket has one).
    fn of<'a>(&'a self, server: &str) -> &'a str {
        self.0
            .iter()
            .find(|(name, _)| name == server)
            .map_or("server", |(_, label)| label.as_str())
    }
}

/// Lower-case ASCII letters, digits and single hyphens: a URI authority any client parses.
fn slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "server".to_owned()
    } else {
        slug.chars().take(48).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::basket::BasketId;
    use lode_core::{Annotations, ResourceContent};

    fn file(id: i64, server: &str, uri: &str, text: &str, frontmatter: Option<&str>) -> BasketItem {
        BasketItem {
            id,
            kind: ItemKind::SkillFile,
            server: server.into(),
            uri: uri.into(),
            name: uri.rsplit('/').next().unwrap_or(uri).into(),
            title: None,
            mime_type: Some("text/markdown".into()),
            annotations: Annotations::default(),
            contents: vec![ResourceContent::Text {
                uri: uri.into(),
                mime_type: Some("text/markdown".into()),
                text: text.into(),
                meta: None,
            }],
            fetched_at: "2026-11-29T10:00:00Z".into(),
            note: None,
            stale: false,
            bytes: text.len() as u64,
            tokens: 1,
            skill_frontmatter: frontmatter.map(str::to_owned),
        }
    }

    fn basket(items: Vec<BasketItem>) -> Basket {
        Basket {
            id: BasketId(1),
            name: "b".into(),
            token_limit: None,
            auto_refresh: false,
            revision: 1,
            items,
        }
    }

    #[test]
    fn skills_of_the_same_name_from_two_servers_are_told_apart_with_their_digests() {
        let fm = r#"{"name":"tour","description":"Tour","license":"MIT"}"#;
        let basket = basket(vec![
            file(
                1,
                "Demo One",
                "skill://tour/SKILL.md",
                "---\nname: tour\n---\n",
                Some(fm),
            ),
            file(2, "Demo One", "skill://tour/notes.md", "notes", None),
            file(
                3,
                "Other",
                "skill://tour/SKILL.md",
                "---\nname: tour\n---\nother",
                Some(fm),
            ),
            // A SKILL.md added alone (no frontmatter kept) is a resource, not a skill.
            file(4, "Third", "skill://solo/SKILL.md", "solo", None),
        ]);
        let listed = list(&basket).skills;
        let uris: Vec<&str> = listed.iter().map(|s| s.uri.as_str()).collect();
        assert_eq!(
            uris,
            [
                "skill://demo-one/tour/SKILL.md",
                "skill://other/tour/SKILL.md"
            ]
        );
        assert_eq!(
            listed[0].frontmatter.extra.get("license"),
            Some(&json!("MIT"))
        );
        let SkillResources::Files(files) = &listed[0].resources else {
            panic!("listed files");
        };
        let (digest, size) = content_digest(&basket.items[1].contents[0]).expect("digest");
        assert_eq!(files[1].uri, "skill://demo-one/tour/notes.md");
        assert_eq!((files[1].digest.clone(), files[1].size), (digest, size));

        let notes = super::file(&basket, "skill://demo-one/tour/notes.md").expect("served");
        assert_eq!(notes.id, 2);
        assert!(super::file(&basket, "skill://tour/notes.md").is_none());
        assert!(get(&basket, "skill://other/tour/SKILL.md").is_ok());
        assert!(get(&basket, "skill://third/solo/SKILL.md").is_err());
    }

    #[test]
    fn a_label_is_a_plain_unique_authority() {
        assert_eq!(slug("Demo One!"), "demo-one");
        assert_eq!(slug("数据"), "server");
        let basket = basket(vec![
            file(1, "a b", "skill://x/SKILL.md", "", None),
            file(2, "a-b", "skill://x/SKILL.md", "", None),
        ]);
        let labels = ServerLabels::for_basket(&basket);
        assert_eq!((labels.of("a b"), labels.of("a-b")), ("a-b", "a-b-2"));
    }
}
