//! Skills (`io.modelcontextprotocol/skills`) in the window: a skill's details as its server
//! listed it, each read of one of its files checked against the listed digest, and the whole
//! skill, every file, added to a basket at once. The listing itself is the browser's (it
//! lists skills with the resources: `browser::extension_items`).

mod basket;
mod checks;

pub use basket::SkillAdded;

use lode_core::skills::Skill;
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use crate::Lode;

impl Lode {
    /// The skill of connection `id` whose `SKILL.md` is `uri`, or of which `uri` is a file, as
    /// its server last listed it.
    pub async fn skill_details(&self, id: ConnectionId, uri: &str) -> LodeResult<Skill> {
        let server = self.client(id).await?.server_name().to_owned();
        self.browser.skill_at(&server, uri).ok_or_else(|| {
            LodeError::new(
                ErrorCode::NotFound,
                format!("{server} lists no skill with {uri} among its files"),
            )
        })
    }
}
