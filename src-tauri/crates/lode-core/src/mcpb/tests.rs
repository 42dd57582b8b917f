//! The bundle's pure parts against a real bundle: `fixtures/notes-signed.mcpb` is
//! tests/servers/bundles/notes packed and signed by the official `mcpb` CLI (2.1.2,
//! `mcpb pack`, then `mcpb sign --self-signed`, which makes an RSA-4096 certificate with
//! openssl). `fixtures/notes-publisher.mcpb` is the same bundle signed by `mcpb sign --cert
//! --key` with a code-signing certificate ("Lode Test Publisher") issued by a test root whose
//! certificate is `fixtures/test-root.der` (openssl, RSA-2048, both valid to 2036).

use std::collections::BTreeMap;

use rustls_pki_types::UnixTime;

use super::*;
use crate::install::{InstallChoice, InstallSource, InstallValues};
use crate::registry::{EntryStatus, InputFormat};
use crate::{ErrorCode, SecretChange, SecretPlace, TransportSpec};

const SIGNED: &[u8] = include_bytes!("fixtures/notes-signed.mcpb");
pub(super) const MANIFEST: &[u8] =
    include_bytes!("../../../../../tests/servers/bundles/notes/manifest.json");

fn now() -> UnixTime {
    // 2027-01-15: inside the fixture's certificate's ten years from 2026-11-30.
    UnixTime::since_unix_epoch(std::time::Duration::from_secs(1_800_000_000))
}

#[test]
fn a_signature_by_mcpb_is_checked_and_says_who_signed() {
    let (content, block) = split_signature(SIGNED).expect("split");
    let block = block.expect("signed");
    let signature = check_signature(content, block, &[], now()).expect("it verifies");
    assert_eq!(signature.status, SignatureStatus::SelfSigned);
    assert_eq!(
        signature.signer.as_deref(),
        Some("MCPB Self-Signed Certificate")
    );
    assert_eq!(signature.issuer, signature.signer);
    assert!(!signature.expired);
    assert_eq!(signature.fingerprint.as_ref().map(String::len), Some(64));
    assert!(signature
        .describe()
        .starts_with("self-signed by MCPB Self-Signed Certificate"));

    // Trusted as a root, the same certificate would be `signed` only if it were for code
    // signing; unknown to this computer it is not `signed`.
    let unsigned_part = content.to_vec();
    assert!(split_signature(&unsigned_part).expect("plain").1.is_none());
}

#[test]
fn a_certificate_chaining_to_a_trusted_root_is_signed_and_otherwise_untrusted() {
    let bundle = include_bytes!("fixtures/notes-publisher.mcpb");
    let root =
        rustls_pki_types::CertificateDer::from(&include_bytes!("fixtures/test-root.der")[..]);
    let (content, block) = split_signature(bundle).expect("split");
    let block = block.expect("signed");
    let trusted =
        check_signature(content, block, std::slice::from_ref(&root), now()).expect("verifies");
    assert_eq!(trusted.status, SignatureStatus::Signed);
    assert_eq!(trusted.signer.as_deref(), Some("Lode Test Publisher"));
    assert_eq!(trusted.issuer.as_deref(), Some("Lode Test Root"));
    assert_eq!(trusted.describe(), "signed by Lode Test Publisher");
    let unknown = check_signature(content, block, &[], now()).expect("verifies");
    assert_eq!(unknown.status, SignatureStatus::Untrusted);
    assert!(unknown.describe().contains("does not trust"));
    // Past the certificate's years: said, and no longer trusted.
    let later = UnixTime::since_unix_epoch(std::time::Duration::from_secs(2_200_000_000));
    let expired =
        check_signature(content, block, std::slice::from_ref(&root), later).expect("verifies");
    assert!(
        expired.expired && expired.status == SignatureStatus::Untrusted,
        "{expired:?}"
    );
}

#[test]
fn a_changed_byte_anywhere_refuses_a_signed_bundle() {
    let (content, block) = split_signature(SIGNED).expect("split");
    let block_at = content.len() + SIGNATURE_HEADER.len() + 4;
    // In the zip: the digest no longer matches.
    let mut changed = SIGNED.to_vec();
    changed[30] ^= 0x01;
    let (c, b) = split_signature(&changed).expect("split");
    let error = check_signature(c, b.expect("signed"), &[], now()).expect_err("refused");
    assert_eq!(error.code, ErrorCode::McpbRefused);
    assert!(
        error.message.contains("changed after it was signed"),
        "{}",
        error.message
    );
    // In the signature value (its last bytes before the footer): no certificate made it.
    let mut forged = SIGNED.to_vec();
    let last = block_at + block.expect("signed").len() - 10;
    forged[last] ^= 0x01;
    let (c, b) = split_signature(&forged).expect("split");
    let error = check_signature(c, b.expect("signed"), &[], now()).expect_err("refused");
    assert_eq!(error.code, ErrorCode::McpbRefused, "{}", error.message);
}

pub(super) fn places() -> McpbPlaces {
    McpbPlaces {
        folder: "/data/bundles/abc".into(),
        home: "/home/p".into(),
        desktop: None,
        documents: Some("/home/p/Docs".into()),
        downloads: None,
    }
}

pub(super) fn opened() -> OpenedMcpb {
    OpenedMcpb {
        manifest: parse_manifest(MANIFEST, "linux").expect("the test bundle's manifest"),
        signature: McpbSignature::unsigned(),
        sha256: "ab".repeat(32),
        source: InstallSource::Mcpb,
        registry: None,
        choice: InstallChoice::Package { index: 0 },
        status: EntryStatus::Active,
    }
}

#[test]
fn the_manifest_makes_a_form_of_its_user_config() {
    let bundle = opened();
    let manifest = &bundle.manifest;
    assert_eq!(manifest.manifest_version, "0.3");
    assert_eq!(manifest.server_type, McpbServerType::Node);
    assert_eq!(manifest.tools[0].name, "count_notes");
    assert_eq!(manifest.prompts[0].arguments, vec!["note".to_owned()]);
    let form = mcpb_form(manifest, &places(), bundle.choice);
    let keys: Vec<&str> = form.fields.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "user_config.folders",
            "user_config.limit",
            "user_config.token"
        ]
    );
    let folders = &form.fields[0];
    assert_eq!(folders.input.format, InputFormat::Directory);
    assert!(folders.is_repeated && folders.input.is_required);
    assert_eq!(form.fields[1].input.default.as_deref(), Some("50"));
    assert!(form.fields[2].input.is_secret);
}

#[test]
fn the_plan_replaces_places_and_values_and_keeps_sensitive_ones_for_the_keychain() {
    let mut values = InstallValues::default();
    values.add("user_config.folders", "/home/p/a");
    values.add("user_config.folders", "/home/p/b c");
    values.add("user_config.token", "s3cret");
    let planned =
        plan_mcpb(&opened(), &places(), &values, &["Notes bundle".into()]).expect("a plan");
    let plan = &planned.plan;
    let TransportSpec::Stdio {
        command,
        args,
        env,
        cwd,
    } = &plan.draft.transport
    else {
        panic!("stdio");
    };
    assert_eq!(command, "node");
    assert_eq!(
        args,
        &[
            "/data/bundles/abc/server/index.js",
            "--limit",
            "50",
            "/home/p/a",
            "/home/p/b c"
        ]
    );
    assert_eq!(env.get("NOTES_HOME").map(String::as_str), Some("/home/p"));
    assert!(
        !env.contains_key("NOTES_TOKEN"),
        "the secret is not in the saved command"
    );
    assert_eq!(cwd.as_deref(), Some("/data/bundles/abc"));
    assert_eq!(plan.draft.secrets.len(), 1);
    assert_eq!(
        plan.draft.secrets[0].place,
        SecretPlace::Env {
            name: "NOTES_TOKEN".into()
        }
    );
    assert!(
        matches!(&plan.draft.secrets[0].change, SecretChange::Set { value } if value.expose() == "s3cret")
    );
    assert_eq!(plan.preview.name, "Notes bundle 2");
    assert_eq!(
        plan.preview.origin.mcpb_folder.as_deref(),
        Some("/data/bundles/abc")
    );
    let shown = serde_json::to_string(&plan.preview).expect("JSON");
    assert!(!shown.contains("s3cret"), "{shown}");
    assert_eq!(planned.mcpb.tools.len(), 1);

    // Out of range, missing, and control characters are each said.
    let mut wrong = values.clone();
    wrong
        .values
        .insert("user_config.limit".into(), vec!["5000".into()]);
    let error = plan_mcpb(&opened(), &places(), &wrong, &[]).expect_err("refused");
    assert!(
        error.message.contains("outside 1..1000"),
        "{}",
        error.message
    );
    let mut missing = InstallValues::default();
    missing.add("user_config.folders", "/x");
    let error = plan_mcpb(&opened(), &places(), &missing, &[]).expect_err("refused");
    assert!(
        error.message.contains("user_config.token is required"),
        "{}",
        error.message
    );
}

#[test]
fn a_sensitive_value_in_an_argument_is_passed_through_the_keychain() {
    let mut manifest: serde_json::Value = serde_json::from_slice(MANIFEST).expect("JSON");
    manifest["server"]["mcp_config"]["args"] =
        serde_json::json!(["--token=${user_config.token}", "${user_config.folders}"]);
    manifest["server"]["mcp_config"]["platform_overrides"] =
        serde_json::json!({ "linux": { "command": "${__dirname}/bin/notes" } });
    let mut bundle = opened();
    bundle.manifest = parse_manifest(manifest.to_string().as_bytes(), "linux").expect("manifest");
    let mut values = InstallValues::default();
    values.add("user_config.folders", "/a");
    values.add("user_config.token", "s3cret");
    let plan = plan_mcpb(&bundle, &places(), &values, &[])
        .expect("a plan")
        .plan;
    let TransportSpec::Stdio { command, args, .. } = &plan.draft.transport else {
        panic!("stdio");
    };
    assert_eq!(command, "/data/bundles/abc/bin/notes");
    assert_eq!(args, &["${LODE_SECRET_ARG_2}", "/a"]);
    let places: Vec<&SecretPlace> = plan.draft.secrets.iter().map(|s| &s.place).collect();
    assert_eq!(
        places,
        [
            &SecretPlace::Env {
                name: "NOTES_TOKEN".into()
            },
            &SecretPlace::Env {
                name: "LODE_SECRET_ARG_2".into()
            }
        ]
    );
}

#[test]
fn manifests_lode_cannot_read_are_refused_naming_the_field() {
    let base: serde_json::Value = serde_json::from_slice(MANIFEST).expect("JSON");
    type Change = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(Change, &str)> = vec![
        (Box::new(|m| m["manifest_version"] = "0.9".into()), "0.9"),
        (
            Box::new(|m| m["server"]["type"] = "ruby".into()),
            "server.type",
        ),
        (
            Box::new(|m| {
                m["server"]
                    .as_object_mut()
                    .map(|s| s.remove("mcp_config"))
                    .map(drop)
                    .unwrap_or(())
            }),
            "mcp_config is missing",
        ),
        (
            Box::new(|m| m["user_config"]["bad key"] = serde_json::json!({"type": "string"})),
            "bad key",
        ),
        (
            Box::new(|m| m["user_config"]["token"]["type"] = "password".into()),
            "user_config.token.type",
        ),
        (
            Box::new(|m| {
                m["tools"] = serde_json::json!(vec![serde_json::json!({"name": "t"}); 1001])
            }),
            "1001 items",
        ),
        (
            Box::new(|m| m["name"] = "x".repeat(5000).into()),
            "name is longer",
        ),
    ];
    for (change, why) in cases {
        let mut manifest = base.clone();
        change(&mut manifest);
        let error = parse_manifest(manifest.to_string().as_bytes(), "linux").expect_err(why);
        assert_eq!(error.code, ErrorCode::McpbRefused);
        assert!(error.message.contains(why), "{why}: {}", error.message);
    }
    assert!(parse_manifest(b"not json", "linux").is_err());
    assert!(parse_manifest(&vec![b' '; MAX_MANIFEST_BYTES + 1], "linux").is_err());
    // A uv server may leave its start to the host.
    let mut uv = base.clone();
    uv["manifest_version"] = "0.4".into();
    uv["server"] = serde_json::json!({ "type": "uv", "entry_point": "src/server.py" });
    let uv = parse_manifest(uv.to_string().as_bytes(), "linux").expect("uv");
    assert!(uv.command.is_none());
    let mut bundle = opened();
    bundle.manifest = uv;
    let mut values = InstallValues::default();
    values.add("user_config.folders", "/a");
    values.add("user_config.token", "t");
    let plan = plan_mcpb(&bundle, &places(), &values, &[])
        .expect("a plan")
        .plan;
    assert!(
        matches!(&plan.draft.transport, TransportSpec::Stdio { command, args, .. }
        if command == "uv" && args == &["run", "--directory", "/data/bundles/abc", "src/server.py"])
    );
}

#[test]
fn compatibility_says_what_this_computer_lacks() {
    let manifest = opened().manifest;
    let found = FoundRuntimes {
        node: Some("v20.11.1".into()),
        python: None,
    };
    let checks = check_compatibility(&manifest, "linux", &found);
    assert!(checks.iter().all(|c| c.met), "{checks:?}");
    let checks = check_compatibility(&manifest, "freebsd", &FoundRuntimes::default());
    let unmet: BTreeMap<&str, &str> = checks
        .iter()
        .filter(|c| !c.met)
        .map(|c| (c.what.as_str(), c.detail.as_str()))
        .collect();
    assert!(
        unmet["platform"].contains("this computer is freebsd"),
        "{unmet:?}"
    );
    assert!(unmet["node"].contains("not on this computer"), "{unmet:?}");
    let old = FoundRuntimes {
        node: Some("v16.0.0".into()),
        python: None,
    };
    let checks = check_compatibility(&manifest, "linux", &old);
    assert!(
        checks.iter().any(|c| !c.met && c.detail.contains("16.0.0")),
        "{checks:?}"
    );
}
