//! Agent skills served over MCP (`io.modelcontextprotocol/skills`, SEP-2640): each skill a folder
//! of resources (`skill://<path>/SKILL.md` and its files), listed by `skills/list` and
//! `skills/get` with its frontmatter and each file's sha256 digest and size. What Lode reads of
//! them (`entry.rs`, bounded and checked: a bad entry is refused, never half-kept) and how a
//! read file is checked against its digest (`digest.rs`). Every field is the server's and
//! untrusted.

mod digest;
mod entry;
mod listing;

pub use digest::{content_digest, verify, CheckedFile, FileCheck};
pub use entry::{parse_skill, Skill, SkillFile, SkillFiles, SkillProblem};
pub use listing::{RefusedSkill, SkillListing};

/// The extension's identifier, in a server's capabilities (`extensions`).
pub const SKILLS_EXTENSION: &str = "io.modelcontextprotocol/skills";

/// The most files one skill may list, and their most bytes together: the extension's limits,
/// which a host must support and Lode does not go past.
pub const MAX_SKILL_FILES: usize = 512;
pub const MAX_SKILL_BYTES: u64 = 16 * 1024 * 1024;

/// The file every skill has at its root.
pub const SKILL_FILE: &str = "SKILL.md";
