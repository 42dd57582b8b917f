//! A server's skills as `skills/list` gave them: the entries Lode keeps, and each one it refused
//! with why (a listing is never trusted whole, nor dropped whole for one bad entry).

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use super::{parse_skill, Skill};

/// An entry of `skills/list` that is not a skill Lode keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefusedSkill {
    /// Its `uri`, when it had one (bounded).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
    pub reason: String,
}

/// A server's skills, every page of `skills/list`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SkillListing {
    pub skills: Vec<Skill>,
    pub refused: Vec<RefusedSkill>,
}

impl SkillListing {
    /// Adds the entries of one page.
    pub fn add_page(&mut self, entries: &[Value]) {
        for entry in entries {
            match parse_skill(entry) {
                Ok(skill) => self.skills.push(skill),
                Err(problem) => self.refused.push(RefusedSkill {
                    uri: entry
                        .get("uri")
                        .and_then(Value::as_str)
                        .map(|uri| uri.chars().take(512).collect()),
                    reason: problem.to_string(),
                }),
            }
        }
    }

    /// The skills named `name` (by `frontmatter.name`, or by the URI of their `SKILL.md`).
    pub fn named(&self, name: &str) -> Vec<&Skill> {
        self.skills
            .iter()
            .filter(|skill| skill.name == name || skill.uri == name)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn keeps_good_entries_and_says_why_each_bad_one_is_left_out() {
        let mut listing = SkillListing::default();
        listing.add_page(&[
            json!({ "uri": "skill://a/SKILL.md", "frontmatter": { "name": "a", "description": "A" }, "resources": "dynamic" }),
            json!({ "uri": "skill://b/SKILL.md", "frontmatter": { "name": "c", "description": "B" }, "resources": "dynamic" }),
            json!(7),
        ]);
        assert_eq!(listing.skills.len(), 1);
        assert_eq!(listing.refused.len(), 2);
        assert_eq!(
            listing.refused[0].uri.as_deref(),
            Some("skill://b/SKILL.md")
        );
        assert!(
            listing.refused[0].reason.contains("\"c\""),
            "{}",
            listing.refused[0].reason
        );
        assert_eq!(listing.refused[1].uri, None);
        assert_eq!(listing.named("a").len(), 1);
        assert_eq!(listing.named("skill://a/SKILL.md").len(), 1);
        assert!(listing.named("b").is_empty());
    }
}
