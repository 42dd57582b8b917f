//! Whether Lode can run a package or reach a remote, and how: a package over stdio through the
//! runner of its registry (npm by `npx`, PyPI by `uvx`, OCI by `docker`, NuGet by `dnx`), a
//! remote over Streamable HTTP or legacy SSE. Everything else is shown with why it is not
//! offered.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The program that fetches and starts a package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PackageRunner {
    Npx,
    Uvx,
    Docker,
    Dnx,
}

impl PackageRunner {
    /// The runner of a registry type, if Lode has one for it.
    pub fn for_registry(registry_type: &str) -> Option<Self> {
        match registry_type {
            "npm" => Some(Self::Npx),
            "pypi" => Some(Self::Uvx),
            "oci" => Some(Self::Docker),
            "nuget" => Some(Self::Dnx),
            _ => None,
        }
    }

    /// The command, as typed.
    pub fn command(self) -> &'static str {
        match self {
            Self::Npx => "npx",
            Self::Uvx => "uvx",
            Self::Docker => "docker",
            Self::Dnx => "dnx",
        }
    }
}

/// How Lode would run a package or reach a remote, or why it cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum Launch {
    /// A local server over stdio, started by `runner`.
    Stdio { runner: PackageRunner },
    /// A remote server over Streamable HTTP.
    StreamableHttp,
    /// A remote server over the legacy HTTP+SSE transport.
    Sse,
    /// An `.mcpb` bundle: downloaded, checked against the entry's `fileSha256`, unpacked into
    /// a folder of Lode's and started as its manifest says (`bundle/`).
    Mcpb,
    /// Shown, not offered.
    NotRunnable { reason: String },
}

impl Launch {
    /// A few words for a listing: `npx`, `streamable-http`, `not runnable`.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Stdio { runner } => runner.command(),
            Self::StreamableHttp => "streamable-http",
            Self::Sse => "sse",
            Self::Mcpb => "mcpb",
            Self::NotRunnable { .. } => "not runnable",
        }
    }

    pub fn is_runnable(&self) -> bool {
        !matches!(self, Self::NotRunnable { .. })
    }
}

/// How a package would run: its transport must be stdio, and its runtime hint (when it gives
/// one) the runner of its registry.
pub(super) fn package_launch(
    registry_type: &str,
    runtime_hint: Option<&str>,
    transport: &str,
    file_sha256: Option<&str>,
) -> Launch {
    let not_runnable = |reason: String| Launch::NotRunnable { reason };
    if registry_type == "mcpb" {
        return match (transport, file_sha256) {
            ("stdio", Some(_)) => Launch::Mcpb,
            ("stdio", None) => not_runnable(
                "a bundle with no fileSha256: Lode cannot check it is the file the entry names"
                    .into(),
            ),
            (other, _) => not_runnable(format!("a bundle serving {other:?}, not stdio")),
        };
    }
    let Some(runner) = PackageRunner::for_registry(registry_type) else {
        return not_runnable(format!(
            "Lode runs npm, PyPI, OCI and NuGet packages, not {registry_type:?} ones"
        ));
    };
    if let Some(hint) = runtime_hint.filter(|hint| *hint != runner.command()) {
        return not_runnable(format!(
            "its runtime hint {hint:?} is not {}, which runs {registry_type} packages",
            runner.command()
        ));
    }
    match transport {
        "stdio" => Launch::Stdio { runner },
        "streamable-http" | "sse" => not_runnable(format!(
            "a package serving {transport} once started: Lode runs packages over stdio"
        )),
        other => not_runnable(format!("its transport {other:?} is not one Lode speaks")),
    }
}

/// How a remote would be reached: its type must be one Lode speaks, and its URL (the part
/// before any `{variable}`) http or https.
pub(super) fn remote_launch(transport: &str, url: &str) -> Launch {
    let launch = match transport {
        "streamable-http" => Launch::StreamableHttp,
        "sse" => Launch::Sse,
        other => {
            return Launch::NotRunnable {
                reason: format!("its transport {other:?} is not one Lode speaks"),
            }
        }
    };
    let scheme = url.split("://").next().unwrap_or_default();
    let templated_host = url.starts_with('{');
    if !templated_host && !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
        return Launch::NotRunnable {
            reason: "its URL is neither http nor https".into(),
        };
    }
    launch
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_run_over_stdio_through_their_registrys_runner() {
        assert_eq!(
            package_launch("npm", Some("npx"), "stdio", None),
            Launch::Stdio {
                runner: PackageRunner::Npx
            }
        );
        assert_eq!(
            package_launch("pypi", None, "stdio", None).label(),
            PackageRunner::Uvx.command()
        );
        assert_eq!(package_launch("oci", None, "stdio", None).label(), "docker");
        assert_eq!(
            package_launch("nuget", Some("dnx"), "stdio", None).label(),
            "dnx"
        );
        assert_eq!(
            package_launch("mcpb", None, "stdio", Some("ab")),
            Launch::Mcpb
        );
        for (registry, hint, transport, why) in [
            ("mcpb", None, "stdio", "fileSha256"),
            ("cargo", None, "stdio", "\"cargo\""),
            ("pypi", Some("python"), "stdio", "\"python\""),
            ("npm", None, "streamable-http", "over stdio"),
            ("npm", None, "websocket", "\"websocket\""),
        ] {
            match package_launch(registry, hint, transport, None) {
                Launch::NotRunnable { reason } => assert!(reason.contains(why), "{reason}"),
                runnable => panic!("{registry} {transport} runs as {runnable:?}"),
            }
        }
    }

    #[test]
    fn remotes_are_reached_over_http_transports_lode_speaks() {
        assert_eq!(
            remote_launch("streamable-http", "https://a.example/mcp"),
            Launch::StreamableHttp
        );
        assert_eq!(remote_launch("sse", "{base}/sse"), Launch::Sse);
        assert!(!remote_launch("sse", "javascript:alert(1)").is_runnable());
        assert!(!remote_launch("websocket", "wss://a.example").is_runnable());
    }
}
