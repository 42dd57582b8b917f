//! What one assistant may see: the exposed connections, and the profile's audience filter and
//! default budget.

use lode_core::index::AudienceFilter;
use lode_core::{Connection, ErrorCode, LodeError, LodeResult};

use crate::Lode;

/// The default token budget of `suggest_context` when neither the call nor the profile sets
/// one: a few pages of text, a small part of any assistant's window.
pub const DEFAULT_BUDGET: u64 = 8_000;

#[derive(Debug, Clone)]
pub struct Exposure {
    /// The profile's name (`--expose` alone serves an unnamed one, shown as "ad hoc").
    pub profile: String,
    pub connections: Vec<Connection>,
    pub audience: Option<AudienceFilter>,
    pub default_budget: Option<u64>,
    /// A paused profile answers nothing (its settings are kept).
    pub paused: bool,
    /// Whether it is a saved profile (its activity is recorded, its changes followed).
    pub saved: bool,
}

impl Exposure {
    /// The connections named `names` (case-insensitive, each once), exposed for this run only.
    pub fn of_names(lode: &Lode, names: &[String]) -> LodeResult<Self> {
        if names.is_empty() {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                "name the connections to expose (nothing is exposed until you choose)",
            ));
        }
        let mut connections: Vec<Connection> = Vec::new();
        for name in names {
            let connection = lode.find_by_name(name)?;
            if !connections.iter().any(|known| known.id == connection.id) {
                connections.push(connection);
            }
        }
        Ok(Self {
            profile: "ad hoc".to_owned(),
            connections,
            audience: None,
            default_budget: None,
            paused: false,
            saved: false,
        })
    }

    /// What the saved hub profile `name` exposes now. A connection removed since is left out.
    pub fn of_profile(lode: &Lode, name: &str) -> LodeResult<Self> {
        let profile = lode.hub_profile(name)?;
        let connections = profile
            .connections
            .iter()
            .filter_map(|id| lode.store.get_connection(*id).ok())
            .collect();
        Ok(Self {
            profile: profile.name,
            connections,
            audience: profile.audience,
            default_budget: profile.default_budget,
            paused: profile.paused,
            saved: true,
        })
    }

    /// Refuses every request while the profile is paused.
    pub fn answering(&self) -> LodeResult<()> {
        if self.paused {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the hub profile {:?} is paused in Lode: the person can resume it in the \
                     Hub tab or with `lode hub resume`",
                    self.profile
                ),
            ));
        }
        Ok(())
    }

    pub fn budget(&self, asked: Option<u64>) -> u64 {
        asked.or(self.default_budget).unwrap_or(DEFAULT_BUDGET)
    }

    pub fn names(&self) -> Vec<String> {
        self.connections.iter().map(|c| c.name.clone()).collect()
    }

    /// The exposed connection called `name` (case-insensitive).
    pub fn named(&self, name: &str) -> Option<&Connection> {
        self.connections
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name) || c.name == name)
    }

    pub fn by_id(&self, id: i64) -> Option<&Connection> {
        self.connections.iter().find(|c| c.id.0 == id)
    }

    /// The exposed servers a call may ask about: those it names (each must be exposed), else all.
    pub fn servers(&self, asked: Option<&[String]>) -> LodeResult<Vec<String>> {
        lode_core::context_hub::check_servers(asked)
            .map_err(|why| LodeError::new(ErrorCode::InvalidInput, why))?;
        let Some(asked) = asked else {
            return Ok(self.names());
        };
        asked
            .iter()
            .map(|name| {
                self.named(name).map(|c| c.name.clone()).ok_or_else(|| {
                    LodeError::new(
                        ErrorCode::InvalidInput,
                        format!(
                            "no exposed server is called {name:?}; this assistant sees: {}",
                            self.names().join(", ")
                        ),
                    )
                })
            })
            .collect()
    }

    /// The audience a search may use: the profile's filter binds every call.
    pub fn audience(&self, asked: Option<AudienceFilter>) -> LodeResult<Option<AudienceFilter>> {
        match (self.audience, asked) {
            (Some(bound), Some(asked)) if bound != asked => Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "this hub profile only exposes resources for the audience {}",
                    serde_json::to_string(&bound).unwrap_or_default()
                ),
            )),
            (Some(bound), _) => Ok(Some(bound)),
            (None, asked) => Ok(asked),
        }
    }
}
