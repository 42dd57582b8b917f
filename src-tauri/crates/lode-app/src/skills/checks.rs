//! Each read of a skill's file checked against what the skill listed for it: its sha256 digest
//! and size. The extension asks a host to verify every file it reads; a mismatch is said, and
//! the content is shown anyway, so a person sees what changed rather than nothing.

use lode_core::skills::{verify, FileCheck, SkillFiles};
use lode_core::{ConnectionId, ResourceContent};

use crate::Lode;

impl Lode {
    /// What checking each of `contents` (read now from connection `id`) against its skill's
    /// listing found: `None` for a content that is no skill's file, or a file of a skill that
    /// lists none (a dynamic skill has no digests to check against).
    pub(crate) async fn skill_checks(
        &self,
        id: ConnectionId,
        contents: &[ResourceContent],
    ) -> Vec<Option<FileCheck>> {
        let Ok(client) = self.client(id).await else {
            return Vec::new();
        };
        let server = client.server_name();
        contents
            .iter()
            .map(|content| {
                let skill = self.browser.skill_at(server, content.uri())?;
                match &skill.files {
                    SkillFiles::Listed(_) => Some(verify(content, skill.file(content.uri()))),
                    SkillFiles::Dynamic => None,
                }
            })
            .collect()
    }
}
