//! Tests of skills' files as a kind: known only from a server's listed skills, never from the
//! `skill://` scheme, and each server's skills its own.

use serde_json::json;

use super::*;
use crate::resource::Annotations;
use crate::skills::parse_skill;

fn item(server: &str, uri: &str) -> ResourceItem {
    ResourceItem {
        server: server.into(),
        uri: uri.into(),
        name: uri.rsplit('/').next().unwrap_or_default().into(),
        title: None,
        description: None,
        mime_type: Some("text/markdown".into()),
        size: None,
        annotations: Annotations::default(),
        icons: None,
        meta: None,
    }
}

fn skill(name: &str, files: &[&str]) -> Skill {
    let digest = format!("sha256:{}", "0".repeat(64));
    let resources: Vec<_> = files
        .iter()
        .map(|file| json!({ "uri": format!("skill://{name}/{file}"), "digest": digest, "size": 1 }))
        .collect();
    parse_skill(&json!({
        "uri": format!("skill://{name}/SKILL.md"),
        "frontmatter": { "name": name, "description": "d" },
        "resources": resources,
    }))
    .expect("a well-formed skill")
}

fn kinds(index: &mut ResourceIndex) -> Vec<(String, String, ResourceKind, Option<String>)> {
    let mut rows: Vec<_> = index
        .query(&Query {
            limit: 100,
            ..Query::default()
        })
        .rows
        .into_iter()
        .map(|row| (row.item.server, row.item.uri, row.kind, row.skill))
        .collect();
    rows.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    rows
}

#[test]
fn a_skills_files_are_skills_only_where_its_server_lists_the_skill() {
    let mut index = ResourceIndex::default();
    index.extend([
        item("a", "skill://tour/SKILL.md"),
        item("a", "skill://tour/reference/more.md"),
        // The same URIs on a server that lists no skill: plain resources.
        item("b", "skill://tour/SKILL.md"),
    ]);
    // Before `skills/list` answers, the scheme alone makes nothing a skill.
    assert!(kinds(&mut index)
        .iter()
        .all(|row| row.2 == ResourceKind::Resource));

    index.set_skills("a", &[skill("tour", &["SKILL.md", "reference/more.md"])]);
    let skill_md = Some("skill://tour/SKILL.md".to_owned());
    assert_eq!(
        kinds(&mut index),
        [
            (
                "a".into(),
                "skill://tour/SKILL.md".into(),
                ResourceKind::Skill,
                skill_md.clone()
            ),
            (
                "a".into(),
                "skill://tour/reference/more.md".into(),
                ResourceKind::Skill,
                skill_md
            ),
            (
                "b".into(),
                "skill://tour/SKILL.md".into(),
                ResourceKind::Resource,
                None
            ),
        ]
    );
    // A file listed after the skill (a later page) is a skill's file as it arrives.
    index.extend([item("a", "skill://tour/late.md")]);
    let skills = Filters {
        kind: Some(ResourceKind::Skill),
        ..Filters::default()
    };
    assert_eq!(index.count(&skills), 3);
    let facets = index.facets(&Query::default());
    let counted: Vec<_> = facets.kinds.iter().map(|k| (k.kind, k.count)).collect();
    assert_eq!(
        counted,
        [(ResourceKind::Resource, 1), (ResourceKind::Skill, 3)]
    );

    // Listed again the same (as after every `list_changed`), nothing changes: no cache is lost.
    let generation = index.generation();
    assert!(!index.set_skills("a", &[skill("tour", &["SKILL.md", "reference/more.md"])]));
    assert_eq!(index.generation(), generation);
    assert!(
        !index.set_skills("b", &[]),
        "a server with no skills before and none now"
    );

    // The server stops listing the skill: its files are plain resources again.
    assert!(index.set_skills("a", &[]));
    assert_eq!(index.count(&skills), 0);
}

#[test]
fn a_nested_skills_files_belong_to_the_innermost_skill() {
    let mut index = ResourceIndex::default();
    index.extend([item("a", "skill://outer/inner/notes.md")]);
    let outer = skill("outer", &["SKILL.md"]);
    let inner = parse_skill(&json!({
        "uri": "skill://outer/inner/SKILL.md",
        "frontmatter": { "name": "inner", "description": "d" },
        "resources": "dynamic",
    }))
    .expect("a dynamic skill");
    index.set_skills("a", &[outer, inner]);
    let rows = kinds(&mut index);
    assert_eq!(rows[0].3.as_deref(), Some("skill://outer/inner/SKILL.md"));
}
