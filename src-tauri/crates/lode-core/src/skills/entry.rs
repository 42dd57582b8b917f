//! One skill as a server lists it (`skills/list`, `skills/get`): the URI of its `SKILL.md`, its
//! frontmatter (kept as JSON, bounded), and its files with their digests and sizes, or
//! `"dynamic"` (files the server makes on request, not listed).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::{MAX_SKILL_BYTES, MAX_SKILL_FILES, SKILL_FILE};

/// The longest URI, name or description kept: a skill's are short.
const MAX_TEXT_BYTES: usize = 2048;
/// The most bytes of frontmatter kept (as JSON).
const MAX_FRONTMATTER_BYTES: usize = 16 * 1024;

/// One file of a skill, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SkillFile {
    pub uri: String,
    /// `sha256:` and 64 lower-case hex digits, over the file's bytes.
    pub digest: String,
    #[ts(type = "number")]
    pub size: u64,
}

/// A skill's files: each listed, or made by the server on request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind", content = "files")]
#[ts(export)]
pub enum SkillFiles {
    Listed(Vec<SkillFile>),
    Dynamic,
}

/// One skill of a server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Skill {
    /// The URI of its `SKILL.md`: with the server, what names the skill.
    pub uri: String,
    /// `frontmatter.name`.
    pub name: String,
    /// `frontmatter.description`.
    pub description: String,
    /// The whole frontmatter, as JSON text (bounded).
    pub frontmatter: String,
    pub files: SkillFiles,
}

impl Skill {
    /// The folder its files sit in: its URI without `/SKILL.md`.
    pub fn root(&self) -> &str {
        self.uri
            .strip_suffix(SKILL_FILE)
            .map(|root| root.trim_end_matches('/'))
            .unwrap_or(&self.uri)
    }

    /// The listed file at `uri`, if any.
    pub fn file(&self, uri: &str) -> Option<&SkillFile> {
        match &self.files {
            SkillFiles::Listed(files) => files.iter().find(|file| file.uri == uri),
            SkillFiles::Dynamic => None,
        }
    }

    /// The bytes of its listed files together.
    pub fn bytes(&self) -> u64 {
        match &self.files {
            SkillFiles::Listed(files) => files.iter().map(|file| file.size).sum(),
            SkillFiles::Dynamic => 0,
        }
    }
}

/// Why an entry is not a skill Lode keeps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SkillProblem {
    #[error("a skill entry is not an object")]
    NotAnObject,
    #[error("a skill entry has no {0}")]
    Missing(&'static str),
    #[error("a skill's {0} is longer than Lode keeps")]
    TooLong(&'static str),
    #[error("the skill's URI does not end in /SKILL.md")]
    NotSkillFile,
    #[error("the skill's folder is not named {name:?}, its frontmatter's name")]
    NameMismatch { name: String },
    #[error("the skill lists {0} files; the most is 512")]
    TooManyFiles(usize),
    #[error("the skill's files add up to {0} bytes; the most is 16 MiB")]
    TooLarge(u64),
    #[error("file {0} of the skill is not in its folder")]
    Outside(String),
    #[error("the digest of {0} is not sha256: and 64 lower-case hex digits")]
    BadDigest(String),
    #[error("the skill does not list its SKILL.md among its files")]
    NoSkillFile,
}

/// Reads one entry of `skills/list` or `skills/get`, checked as the extension asks: its URI ends
/// in `/SKILL.md` in a folder named as its frontmatter says, its files (when listed) include its
/// `SKILL.md`, sit in its folder, carry well-formed digests, and stay within the limits.
pub fn parse_skill(entry: &Value) -> Result<Skill, SkillProblem> {
    let entry = entry.as_object().ok_or(SkillProblem::NotAnObject)?;
    let uri = text(entry, "uri")?;
    let frontmatter = entry
        .get("frontmatter")
        .and_then(Value::as_object)
        .ok_or(SkillProblem::Missing("frontmatter"))?;
    let name = text(frontmatter, "name")?;
    let description = text(frontmatter, "description")?;
    let frontmatter_json = Value::Object(frontmatter.clone()).to_string();
    if frontmatter_json.len() > MAX_FRONTMATTER_BYTES {
        return Err(SkillProblem::TooLong("frontmatter"));
    }
    let root = uri
        .strip_suffix(&format!("/{SKILL_FILE}"))
        .ok_or(SkillProblem::NotSkillFile)?;
    if root.rsplit('/').next() != Some(name.as_str()) {
        return Err(SkillProblem::NameMismatch { name });
    }
    let files = match entry.get("resources") {
        Some(Value::String(kind)) if kind == "dynamic" => SkillFiles::Dynamic,
        Some(Value::Array(listed)) => SkillFiles::Listed(files(listed, root, &uri)?),
        _ => return Err(SkillProblem::Missing("resources")),
    };
    Ok(Skill {
        uri,
        name,
        description,
        frontmatter: frontmatter_json,
        files,
    })
}

fn text(object: &Map<String, Value>, key: &'static str) -> Result<String, SkillProblem> {
    let value = object
        .get(key)
        .and_then(Value::as_str)
        .filter(|value| !value.is_empty())
        .ok_or(SkillProblem::Missing(key))?;
    if value.len() > MAX_TEXT_BYTES {
        return Err(SkillProblem::TooLong(key));
    }
    Ok(value.to_owned())
}

fn files(listed: &[Value], root: &str, skill_file: &str) -> Result<Vec<SkillFile>, SkillProblem> {
    if listed.len() > MAX_SKILL_FILES {
        return Err(SkillProblem::TooManyFiles(listed.len()));
    }
    let inside = format!("{root}/");
    let mut files = Vec::with_capacity(listed.len());
    let mut total: u64 = 0;
    for file in listed {
        let file = file.as_object().ok_or(SkillProblem::NotAnObject)?;
        let uri = text(file, "uri")?;
        if !uri.starts_with(&inside) || uri.split('/').any(|segment| segment == "..") {
            return Err(SkillProblem::Outside(uri));
        }
        let digest = text(file, "digest")?;
        if !well_formed_digest(&digest) {
            return Err(SkillProblem::BadDigest(uri));
        }
        let size = file
            .get("size")
            .and_then(Value::as_u64)
            .ok_or(SkillProblem::Missing("size"))?;
        total = total.saturating_add(size);
        if total > MAX_SKILL_BYTES {
            return Err(SkillProblem::TooLarge(total));
        }
        files.push(SkillFile { uri, digest, size });
    }
    if !files.iter().any(|file| file.uri == skill_file) {
        return Err(SkillProblem::NoSkillFile);
    }
    Ok(files)
}

fn well_formed_digest(digest: &str) -> bool {
    digest.strip_prefix("sha256:").is_some_and(|hex| {
        hex.len() == 64 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const DIGEST: &str = "sha256:83c3022363ad606ec21d76d7f058c15d9f86b464b4b90516a982604f0e11bbf8";

    fn entry(uri: &str, name: &str, resources: Value) -> Value {
        json!({ "uri": uri, "frontmatter": { "name": name, "description": "Does a thing", "license": "MIT" }, "resources": resources })
    }

    #[test]
    fn reads_a_listed_skill_with_a_prefix_and_its_files() {
        let skill = parse_skill(&entry(
            "skill://acme/billing/refunds/SKILL.md",
            "refunds",
            json!([
                { "uri": "skill://acme/billing/refunds/SKILL.md", "digest": DIGEST, "size": 153 },
                { "uri": "skill://acme/billing/refunds/assets/logo.png", "digest": DIGEST, "size": 12 }
            ]),
        ))
        .expect("a skill");
        assert_eq!(skill.name, "refunds");
        assert_eq!(skill.root(), "skill://acme/billing/refunds");
        assert_eq!(skill.bytes(), 165);
        assert!(skill.frontmatter.contains("\"license\":\"MIT\""));
        assert!(skill
            .file("skill://acme/billing/refunds/assets/logo.png")
            .is_some());
    }

    #[test]
    fn a_dynamic_skill_lists_no_files() {
        let skill = parse_skill(&entry("skill://daily/SKILL.md", "daily", json!("dynamic")))
            .expect("a skill");
        assert_eq!(skill.files, SkillFiles::Dynamic);
    }

    #[test]
    fn refuses_what_the_extension_forbids() {
        let own = json!([{ "uri": "skill://a/SKILL.md", "digest": DIGEST, "size": 1 }]);
        let cases = [
            (
                entry("skill://a/README.md", "a", own.clone()),
                SkillProblem::NotSkillFile,
            ),
            (
                entry("skill://b/SKILL.md", "a", own.clone()),
                SkillProblem::NameMismatch { name: "a".into() },
            ),
            (
                entry("skill://a/SKILL.md", "a", json!("static")),
                SkillProblem::Missing("resources"),
            ),
            (
                entry(
                    "skill://a/SKILL.md",
                    "a",
                    json!([{ "uri": "skill://a/../b/x", "digest": DIGEST, "size": 1 }, own[0]]),
                ),
                SkillProblem::Outside("skill://a/../b/x".into()),
            ),
            (
                entry(
                    "skill://a/SKILL.md",
                    "a",
                    json!([{ "uri": "skill://a/SKILL.md", "digest": "md5:00", "size": 1 }]),
                ),
                SkillProblem::BadDigest("skill://a/SKILL.md".into()),
            ),
            (
                entry(
                    "skill://a/SKILL.md",
                    "a",
                    json!([{ "uri": "skill://a/other.md", "digest": DIGEST, "size": 1 }]),
                ),
                SkillProblem::NoSkillFile,
            ),
            (
                entry(
                    "skill://a/SKILL.md",
                    "a",
                    json!([{ "uri": "skill://a/SKILL.md", "digest": DIGEST, "size": 17_000_000u64 }]),
                ),
                SkillProblem::TooLarge(17_000_000),
            ),
            (json!("skill"), SkillProblem::NotAnObject),
        ];
        for (entry, problem) in cases {
            assert_eq!(parse_skill(&entry), Err(problem));
        }
        let many: Vec<Value> = (0..513)
            .map(|i| json!({ "uri": format!("skill://a/{i}"), "digest": DIGEST, "size": 1 }))
            .collect();
        assert_eq!(
            parse_skill(&entry("skill://a/SKILL.md", "a", Value::Array(many))),
            Err(SkillProblem::TooManyFiles(513))
        );
    }
}
