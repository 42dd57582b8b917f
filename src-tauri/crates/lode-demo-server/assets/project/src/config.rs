use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Settings {
    pub listen: String,
    pub database: PathBuf,
    #[serde(default)]
    pub ingest: Ingest,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Ingest {
    pub batch_size: usize,
    pub late_arrival_hours: u32,
}

impl Default for Ingest {
    fn default() -> Self {
        Self { batch_size: 500, late_arrival_hours: 48 }
    }
}

impl Settings {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)?;
        Ok(serde_json::from_str(&text)?)
    }
}
