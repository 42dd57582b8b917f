//! One package of an entry: what to fetch (`registryType`, `identifier`, `version`, a bundle's
//! `fileSha256`), how it is started (`runtimeHint`, `transport`, arguments, environment
//! variables), and whether Lode can run it.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::fields::{as_object, at, optional, required};
use super::inputs::{parse_arguments, parse_named_inputs};
use super::launch::package_launch;
use super::{Launch, NamedInput, RegistryArgument, RegistryProblem};

/// The longest registry type, runtime hint or transport type.
const MAX_KIND_BYTES: usize = 64;
/// The longest identifier (a package name, an image reference, a bundle's URL) or URL.
const MAX_IDENTIFIER_BYTES: usize = 2048;
const MAX_VERSION_BYTES: usize = 255;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryPackage {
    /// `npm`, `pypi`, `nuget`, `oci`, `mcpb`, or another the registry names.
    pub registry_type: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registry_base_url: Option<String>,
    /// A package name, an image reference, or a bundle's download URL.
    pub identifier: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The file's SHA-256, 64 lower-case hex digits (a bundle's, required for `mcpb`).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_sha256: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_hint: Option<String>,
    /// `stdio`, `streamable-http` or `sse` (or another, not run).
    pub transport: String,
    /// Where a package serving HTTP listens once started.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transport_url: Option<String>,
    pub transport_headers: Vec<NamedInput>,
    pub runtime_arguments: Vec<RegistryArgument>,
    pub package_arguments: Vec<RegistryArgument>,
    pub environment_variables: Vec<NamedInput>,
    pub launch: Launch,
}

pub(super) fn parse_package(
    value: &Value,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<RegistryPackage, RegistryProblem> {
    let package = as_object(value, path)?;
    let registry_type = required(package, path, "registryType", MAX_KIND_BYTES)?;
    let runtime_hint = optional(package, path, "runtimeHint", MAX_KIND_BYTES)?;
    let file_sha256 = optional(package, path, "fileSha256", 64)?;
    if let Some(digest) = &file_sha256 {
        if digest.len() != 64
            || !digest
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(RegistryProblem::BadDigest(at(path, "fileSha256")));
        }
    }
    // Entries published before `transport` was required (2025-09) run over stdio, as every
    // package did then.
    let transport_path = at(path, "transport");
    let (transport, transport_url, transport_headers) = match package.get("transport") {
        None | Some(Value::Null) => ("stdio".to_owned(), None, Vec::new()),
        Some(value) => {
            let transport = as_object(value, &transport_path)?;
            (
                required(transport, &transport_path, "type", MAX_KIND_BYTES)?,
                optional(transport, &transport_path, "url", MAX_IDENTIFIER_BYTES)?,
                parse_named_inputs(transport, &transport_path, "headers", notes)?,
            )
        }
    };
    let launch = package_launch(
        &registry_type,
        runtime_hint.as_deref(),
        &transport,
        file_sha256.as_deref(),
    );
    Ok(RegistryPackage {
        identifier: required(package, path, "identifier", MAX_IDENTIFIER_BYTES)?,
        registry_base_url: optional(package, path, "registryBaseUrl", MAX_IDENTIFIER_BYTES)?,
        version: optional(package, path, "version", MAX_VERSION_BYTES)?,
        file_sha256,
        runtime_hint,
        transport,
        transport_url,
        transport_headers,
        runtime_arguments: parse_arguments(package, path, "runtimeArguments", notes)?,
        package_arguments: parse_arguments(package, path, "packageArguments", notes)?,
        environment_variables: parse_named_inputs(package, path, "environmentVariables", notes)?,
        registry_type,
        launch,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::registry::PackageRunner;

    #[test]
    fn reads_an_npm_package_run_by_npx() {
        let mut notes = Vec::new();
        let package = parse_package(
            &json!({
                "registryType": "npm", "registryBaseUrl": "https://registry.npmjs.org",
                "identifier": "@modelcontextprotocol/server-everything", "version": "2026.8.31",
                "runtimeHint": "npx", "transport": { "type": "stdio" },
                "packageArguments": [{ "type": "positional", "value": "stdio" }],
                "environmentVariables": [{ "name": "PORT", "default": "3001" }]
            }),
            "packages[1]",
            &mut notes,
        )
        .expect("a package");
        assert_eq!(
            package.launch,
            Launch::Stdio {
                runner: PackageRunner::Npx
            }
        );
        assert_eq!(
            package.package_arguments[0].input.value.as_deref(),
            Some("stdio")
        );
        assert_eq!(package.environment_variables[0].name, "PORT");
        // An older entry without a transport runs over stdio.
        let older = parse_package(
            &json!({ "registryType": "pypi", "identifier": "mcp-server-time", "version": "0.6.2" }),
            "packages[1]",
            &mut notes,
        )
        .expect("a package");
        assert_eq!(older.transport, "stdio");
        assert_eq!(older.launch.label(), "uvx");
    }

    #[test]
    fn a_bundle_is_kept_with_its_digest_and_offered_as_a_bundle() {
        let mut notes = Vec::new();
        let digest = "fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce";
        let bundle = parse_package(
            &json!({ "registryType": "mcpb", "identifier": "https://github.com/o/r/releases/download/v1/x.mcpb",
                     "fileSha256": digest, "transport": { "type": "stdio" } }),
            "packages[1]",
            &mut notes,
        )
        .expect("a bundle");
        assert_eq!(bundle.file_sha256.as_deref(), Some(digest));
        assert_eq!(bundle.launch, Launch::Mcpb);
        let bad = parse_package(
            &json!({ "registryType": "mcpb", "identifier": "x", "fileSha256": "FE33", "transport": { "type": "stdio" } }),
            "packages[2]",
            &mut notes,
        );
        assert_eq!(
            bad,
            Err(RegistryProblem::BadDigest("packages[2].fileSha256".into()))
        );
        let no_identifier = parse_package(
            &json!({ "registryType": "npm", "transport": { "type": "stdio" } }),
            "packages[3]",
            &mut notes,
        );
        assert_eq!(
            no_identifier,
            Err(RegistryProblem::Missing("packages[3].identifier".into()))
        );
    }
}
