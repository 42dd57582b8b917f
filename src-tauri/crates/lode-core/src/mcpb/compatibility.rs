//! A bundle's `compatibility` against this computer: its platforms, and the Node.js or Python
//! version its server type runs on. The versions found are given (lode-app asks `node` and
//! `python3`); ranges are npm's (`>=16 <20`, `^18 || ^20`), read as semver.

use semver::{Version, VersionReq};
use serde::Serialize;
use ts_rs::TS;

use super::manifest::{McpbManifest, McpbServerType};

/// One requirement, met or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbCheck {
    /// `platform`, `node` or `python`.
    pub what: String,
    pub met: bool,
    /// What was asked and what was found.
    pub detail: String,
}

/// The versions of the runtimes on this computer (`v20.11.1`, `Python 3.11.2`), if found.
#[derive(Debug, Clone, Default)]
pub struct FoundRuntimes {
    pub node: Option<String>,
    pub python: Option<String>,
}

/// Every requirement `manifest` names, checked on `platform` with `found`.
pub fn check_compatibility(
    manifest: &McpbManifest,
    platform: &str,
    found: &FoundRuntimes,
) -> Vec<McpbCheck> {
    let mut checks = Vec::new();
    let wanted = &manifest.compatibility;
    if !wanted.platforms.is_empty() {
        let met = wanted.platforms.iter().any(|p| p == platform);
        checks.push(McpbCheck {
            what: "platform".into(),
            met,
            detail: format!(
                "made for {}; this computer is {platform}",
                wanted.platforms.join(", ")
            ),
        });
    }
    let runtimes = [
        (
            "node",
            "Node.js",
            &wanted.node,
            &found.node,
            McpbServerType::Node,
        ),
        (
            "python",
            "Python",
            &wanted.python,
            &found.python,
            McpbServerType::Python,
        ),
    ];
    for (what, label, range, version, runs_on) in runtimes {
        // A uv server's Python is uv's to fetch; a binary needs none.
        let Some(range) = range.as_deref().filter(|_| manifest.server_type == runs_on) else {
            continue;
        };
        let found = version.as_deref().and_then(version_in);
        let (met, detail) = match found {
            None => (false, format!("needs {label} {range}; {label} is not on this computer")),
            Some(version) => match matches_range(range, &version) {
                Some(met) => (met, format!("needs {label} {range}; this computer has {version}")),
                None => (true, format!("needs {label} {range} (a range Lode cannot read; not checked); this computer has {version}")),
            },
        };
        checks.push(McpbCheck {
            what: what.into(),
            met,
            detail,
        });
    }
    checks
}

/// The version in `node --version` or `python3 --version` output, padded to three numbers.
fn version_in(output: &str) -> Option<Version> {
    let word = output.split_whitespace().find(|w| {
        w.trim_start_matches('v')
            .starts_with(|c: char| c.is_ascii_digit())
    })?;
    let numbers: Vec<u64> = word
        .trim_start_matches('v')
        .split('.')
        .take(3)
        .map(|n| {
            let digits: String = n.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().unwrap_or(0)
        })
        .collect();
    Some(Version::new(
        numbers.first().copied()?,
        numbers.get(1).copied().unwrap_or(0),
        numbers.get(2).copied().unwrap_or(0),
    ))
}

/// Whether `version` is in npm range `range`; none when the range cannot be read.
fn matches_range(range: &str, version: &Version) -> Option<bool> {
    let mut any = false;
    for alternative in range.split("||") {
        // npm separates comparators with spaces, semver with commas; `>= 16` is one.
        let mut comparators: Vec<String> = Vec::new();
        let mut pending = String::new();
        for word in alternative.split_whitespace() {
            pending.push_str(word);
            if word.chars().all(|c| "<>=~^".contains(c)) {
                continue;
            }
            comparators.push(std::mem::take(&mut pending));
        }
        if comparators.is_empty() {
            comparators.push("*".into());
        }
        let requirement = VersionReq::parse(&comparators.join(", ")).ok()?;
        any |= requirement.matches(version);
    }
    Some(any)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npm_ranges_are_read_as_npm_writes_them() {
        let v = |s| version_in(s).expect("a version");
        assert_eq!(v("v20.11.1"), Version::new(20, 11, 1));
        assert_eq!(v("Python 3.12.0rc1"), Version::new(3, 12, 0));
        assert_eq!(matches_range(">=16.0.0", &v("v20.1.0")), Some(true));
        assert_eq!(matches_range(">= 16 <20", &v("v20.1.0")), Some(false));
        assert_eq!(matches_range("^18 || ^20", &v("v20.1.0")), Some(true));
        assert_eq!(matches_range(">=3.8", &v("Python 3.7.9")), Some(false));
        assert_eq!(matches_range("not a range", &v("1.0.0")), None);
    }
}
