//! Which of an entry's ways to run the person picked: one of its packages or one of its
//! remotes, by place in the entry's lists.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::registry::{Launch, RegistryEntry};
use crate::{ErrorCode, LodeError, LodeResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum InstallChoice {
    /// `packages[index]`, counted from 0.
    Package { index: usize },
    /// `remotes[index]`, counted from 0.
    Remote { index: usize },
}

impl InstallChoice {
    /// The first package Lode can run, else the first remote it can reach.
    pub fn first_runnable(entry: &RegistryEntry) -> Option<Self> {
        let package = entry.packages.iter().position(|p| p.launch.is_runnable());
        let remote = entry.remotes.iter().position(|r| r.launch.is_runnable());
        package
            .map(|index| Self::Package { index })
            .or(remote.map(|index| Self::Remote { index }))
    }

    /// `package:N` or `remote:N`, counted from 1 as the CLI shows them.
    pub fn parse(text: &str) -> LodeResult<Self> {
        let bad = || {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("pick package:N or remote:N (counted from 1), not {text:?}"),
            )
        };
        let (kind, number) = text.split_once(':').ok_or_else(bad)?;
        let index = number
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .ok_or_else(bad)?;
        match kind {
            "package" => Ok(Self::Package { index }),
            "remote" => Ok(Self::Remote { index }),
            _ => Err(bad()),
        }
    }

    /// `package 1 (npm)`, for messages.
    pub fn describe(self, entry: &RegistryEntry) -> String {
        match self {
            Self::Package { index } => format!(
                "package {} ({})",
                index + 1,
                entry
                    .packages
                    .get(index)
                    .map(|p| p.registry_type.as_str())
                    .unwrap_or("none")
            ),
            Self::Remote { index } => format!(
                "remote {} ({})",
                index + 1,
                entry
                    .remotes
                    .get(index)
                    .map(|r| r.transport.as_str())
                    .unwrap_or("none")
            ),
        }
    }

    /// How the chosen package or remote runs; an error when there is none such, or it cannot.
    pub fn launch(self, entry: &RegistryEntry) -> LodeResult<Launch> {
        let launch = match self {
            Self::Package { index } => entry.packages.get(index).map(|p| &p.launch),
            Self::Remote { index } => entry.remotes.get(index).map(|r| &r.launch),
        };
        let launch = launch.ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} has no {}",
                    entry.name,
                    match self {
                        Self::Package { index } => format!("package {}", index + 1),
                        Self::Remote { index } => format!("remote {}", index + 1),
                    }
                ),
            )
        })?;
        if let Launch::NotRunnable { reason } = launch {
            return Err(LodeError::new(
                ErrorCode::NotRunnable,
                format!(
                    "Lode cannot run {} of {}: {reason}",
                    self.describe(entry),
                    entry.name
                ),
            ));
        }
        Ok(launch.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_are_counted_from_one() {
        assert_eq!(
            InstallChoice::parse("remote:2").expect("a pick"),
            InstallChoice::Remote { index: 1 }
        );
        for bad in ["remote:0", "package", "tool:1", "package:x"] {
            assert!(InstallChoice::parse(bad).is_err(), "{bad}");
        }
    }
}
