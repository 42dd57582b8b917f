//! `.mcpb` bundles (MCP Bundles, formerly `.dxt`): a ZIP with a `manifest.json` and the
//! server's files, optionally signed. This module is the pure part: the manifest read
//! (`manifest.rs`), the signature checked (`signature.rs`, over `der.rs`), the compatibility
//! against this computer (`compatibility.rs`), the `user_config` form (`form.rs`), and the
//! plan — its `mcp_config` with `${…}` replaced (`substitute.rs`), sensitive values set aside
//! for the keychain (`plan.rs`), and a new version's command planned with the old one's
//! values (`update.rs`). lode-app reads the file, unpacks it into a folder of Lode's
//! (bounded, every path checked), and saves the connection.

mod compatibility;
mod der;
mod form;
mod manifest;
mod plan;
mod signature;
mod substitute;
mod update;

pub use compatibility::{check_compatibility, FoundRuntimes, McpbCheck};
pub use form::{mcpb_form, option_field_key};
pub use manifest::{
    parse_manifest, McpbCommand, McpbCompatibility, McpbManifest, McpbOption, McpbOptionKind,
    McpbPrompt, McpbServerType, McpbTool, MANIFEST_VERSIONS, MAX_MANIFEST_BYTES,
};
pub use plan::{
    plan_mcpb, plan_mcpb_command, McpbCommandPlan, McpbPlan, McpbPreview, OpenedMcpb,
    KEPT_IN_KEYCHAIN,
};
/// The certificate and time types `check_signature` takes (lode-app loads the system's roots).
pub use rustls_pki_types::{CertificateDer, UnixTime};
pub use signature::{
    check_signature, split_signature, McpbSignature, SignatureStatus, SIGNATURE_FOOTER,
    SIGNATURE_HEADER,
};
pub use substitute::{substitute_places, McpbPlaces};
pub use update::{updated_mcpb, McpbVersion};

/// The platform's name as bundles write it (`process.platform`).
pub fn this_platform() -> &'static str {
    match std::env::consts::OS {
        "macos" => "darwin",
        "windows" => "win32",
        other => other,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod update_tests;
