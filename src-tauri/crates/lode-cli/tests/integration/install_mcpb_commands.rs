//! `lode install` of `.mcpb` bundles with the real binary. The bundles are built here by the
//! official `mcpb` CLI (`@anthropic-ai/mcpb`, pinned in tests/servers/package.json) from
//! tests/servers/bundles/notes, a node server with no dependency whose resources are the files
//! of the folders it is given and whose `notes://token` says how long its sensitive value is:
//! `mcpb pack`, then `mcpb sign --self-signed` on a copy. Each is installed from its file and
//! from the loopback registry (tests/servers/registry-server.mjs `--bundle`), listed and read;
//! tampered copies — a byte changed after signing, a digest that does not match, a path that
//! escapes, a ZIP bomb — are refused with their reason and leave nothing behind. Each install
//! prints how long it took.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;
use sha2::Digest;
use support::registry_server::RegistryServer;
use support::servers::servers_dir;
use support::{stderr, succeeded, Cli};

/// `mcpb ARGS` from tests/servers/node_modules.
fn mcpb(args: &[&str], cwd: &Path) {
    let program = servers_dir().join("node_modules/.bin/mcpb");
    assert!(
        program.is_file(),
        "{} is missing: npm ci in tests/servers",
        program.display()
    );
    let output = Command::new(&program)
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run mcpb");
    assert!(
        output.status.success(),
        "mcpb {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(&output)
    );
}

struct Bundles {
    _folder: tempfile::TempDir,
    unsigned: PathBuf,
    signed: PathBuf,
    /// Two folders of notes to give the bundle.
    notes: [PathBuf; 2],
}

fn built_bundles() -> Bundles {
    let folder = tempfile::tempdir().expect("a folder");
    let source = folder.path().join("notes");
    copy_dir(&servers_dir().join("bundles/notes"), &source);
    let unsigned = folder.path().join("notes.mcpb");
    let started = Instant::now();
    mcpb(&["pack", "notes", "notes.mcpb"], folder.path());
    let signed = folder.path().join("notes-signed.mcpb");
    std::fs::copy(&unsigned, &signed).expect("copy");
    mcpb(
        &["sign", "notes-signed.mcpb", "--self-signed"],
        folder.path(),
    );
    eprintln!(
        "mcpb pack and sign: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let notes = [folder.path().join("notes-a"), folder.path().join("notes b")];
    for (at, dir) in notes.iter().enumerate() {
        std::fs::create_dir(dir).expect("notes folder");
        std::fs::write(dir.join(format!("note-{at}.txt")), format!("note {at}")).expect("note");
    }
    Bundles {
        _folder: folder,
        unsigned,
        signed,
        notes,
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// `lode install TARGET` with the notes folders and the token, `--yes --json`.
fn install_args(cli: &Cli, bundles: &Bundles, target: &str, extra: &[&str]) -> Command {
    let mut command = cli.command(&["install", target]);
    command
        .args(["--set", &format!("folders={}", bundles.notes[0].display())])
        .args([
            "--set",
            &format!("user_config.folders={}", bundles.notes[1].display()),
        ])
        .args(["--secret-env", "token=NOTES_SECRET", "--yes", "--json"])
        .args(extra)
        .env("NOTES_SECRET", "hunter22");
    command
}

fn install(cli: &Cli, bundles: &Bundles, target: &str, extra: &[&str]) -> Value {
    let started = Instant::now();
    let output = install_args(cli, bundles, target, extra)
        .output()
        .expect("run lode install");
    let stdout = succeeded(&output, &format!("lode install {target}"));
    eprintln!(
        "installed {target} in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    serde_json::from_str(&stdout).expect("JSON")
}

/// The folders under Lode's `mcpb/` (the downloads aside).
fn unpacked(cli: &Cli) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(cli.data_dir().join("mcpb"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name != "downloads")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn installed_names(cli: &Cli) -> Vec<String> {
    cli.json(&["connections", "list", "--json"])
        .as_array()
        .expect("a list")
        .iter()
        .filter(|c| !c["origin"].is_null())
        .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_bundle_built_by_mcpb_installs_lists_its_resources_and_goes_with_its_connection() {
    let bundles = built_bundles();
    let cli = Cli::new();
    let signed = bundles.signed.display().to_string();

    let shown = cli.json(&["install", &signed, "--fields", "--json"]);
    let signature = &shown["preview"]["signature"];
    assert_eq!(signature["status"], "selfSigned", "{shown}");
    assert_eq!(signature["signer"], "MCPB Self-Signed Certificate");
    assert_eq!(shown["preview"]["tools"][0]["name"], "count_notes");
    assert_eq!(shown["preview"]["prompts"][0]["name"], "summarize");
    assert!(
        shown["checks"]
            .as_array()
            .expect("checks")
            .iter()
            .all(|c| c["met"] == true),
        "{shown}"
    );
    assert!(unpacked(&cli).is_empty(), "showing unpacks nothing");
    let text = succeeded(&cli.run(&["install", &signed, "--fields"]), "--fields");
    assert!(
        text.contains("self-signed by MCPB Self-Signed Certificate")
            && text.contains("user_config.token\tToken\trequired; secret: --secret-env"),
        "{text}"
    );

    let installed = install(&cli, &bundles, &signed, &[]);
    let connection = &installed["connection"];
    assert_eq!(connection["name"], "Notes bundle", "{installed}");
    assert_eq!(connection["origin"]["source"], "mcpb");
    assert_eq!(connection["origin"]["name"], "lode-test-notes");
    let folder = connection["origin"]["mcpbFolder"]
        .as_str()
        .expect("a folder");
    assert!(
        Path::new(folder).join("server/index.js").is_file(),
        "{folder}"
    );
    let transport = &connection["transport"];
    assert_eq!(transport["command"], "node");
    assert_eq!(
        transport["args"],
        serde_json::json!([
            format!("{folder}/server/index.js"),
            "--limit",
            "50",
            bundles.notes[0].display().to_string(),
            bundles.notes[1].display().to_string()
        ])
    );
    assert!(
        !connection.to_string().contains("hunter22"),
        "the sensitive value is in the keychain only: {connection}"
    );
    let listing = succeeded(&cli.run(&["ls", "Notes bundle"]), "lode ls");
    assert!(
        listing.contains("note-0.txt") && listing.contains("note-1.txt"),
        "{listing}"
    );
    let token = succeeded(
        &cli.run(&["read", "Notes bundle", "notes://token"]),
        "lode read",
    );
    assert!(token.contains("token length 8"), "{token}");

    // The unsigned bundle says so, and installs beside it in a folder of its own.
    let plain = cli.json(&[
        "install",
        &bundles.unsigned.display().to_string(),
        "--fields",
        "--json",
    ]);
    assert_eq!(plain["preview"]["signature"]["status"], "unsigned");
    install(
        &cli,
        &bundles,
        &bundles.unsigned.display().to_string(),
        &["--name", "Plain notes"],
    );
    assert_eq!(
        unpacked(&cli),
        ["lode-test-notes-1.2.0", "lode-test-notes-1.2.0-2"]
    );

    // Removing a connection removes its folder, and only its.
    succeeded(
        &cli.run(&["connections", "remove", "Notes bundle", "--yes"]),
        "remove",
    );
    assert_eq!(unpacked(&cli), ["lode-test-notes-1.2.0-2"]);
    assert_eq!(installed_names(&cli), ["Plain notes"]);
}

/// Runs `lode install` expecting it refused with `code` and `why`, nothing saved or unpacked.
fn refused(cli: &Cli, bundles: &Bundles, target: &str, extra: &[&str], code: &str, why: &str) {
    let before = installed_names(cli);
    let output = install_args(cli, bundles, target, extra)
        .output()
        .expect("run lode install");
    let said = stderr(&output);
    assert!(!output.status.success(), "{target} installed: {said}");
    assert!(
        said.contains(code) && said.contains(why),
        "{target}: expected {code} / {why}, got {said}"
    );
    eprintln!("refused {target}: {}", said.trim());
    assert_eq!(installed_names(cli), before, "{target}: nothing saved");
    assert!(
        unpacked(cli).is_empty(),
        "{target}: nothing unpacked: {:?}",
        unpacked(cli)
    );
}

/// A ZIP written by Python's zipfile: `entries` of (name, bytes) or a size of zeros.
fn python_zip(path: &Path, script: &str) {
    let output = Command::new("python3")
        .args(["-c", script, &path.display().to_string()])
        .output()
        .expect("python3");
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn tampered_bundles_are_refused_with_their_reason_and_leave_nothing() {
    let bundles = built_bundles();
    let cli = Cli::new();
    let folder = tempfile::tempdir().expect("a folder");

    // A byte of the ZIP changed after it was signed.
    let mut bytes = std::fs::read(&bundles.signed).expect("read");
    bytes[200] ^= 0x01;
    let changed = folder.path().join("changed.mcpb");
    std::fs::write(&changed, &bytes).expect("write");
    refused(
        &cli,
        &bundles,
        &changed.display().to_string(),
        &[],
        "mcpb-refused",
        "changed after it was signed",
    );

    // A path that escapes its folder, written by zipfile as given.
    let manifest = std::fs::read_to_string(servers_dir().join("bundles/notes/manifest.json"))
        .expect("manifest");
    let escaping = folder.path().join("escaping.mcpb");
    python_zip(
        &escaping,
        &format!(
            "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w')\nz.writestr('manifest.json', {manifest:?})\nz.writestr('../../outside.js', 'x')\nz.close()"
        ),
    );
    refused(
        &cli,
        &bundles,
        &escaping.display().to_string(),
        &[],
        "mcpb-refused",
        "escapes its folder",
    );
    assert!(!folder.path().join("outside.js").exists());

    // A ZIP bomb: 64 MiB of zeros deflated to a few KB, beside a good manifest.
    let bomb = folder.path().join("bomb.mcpb");
    python_zip(
        &bomb,
        &format!(
            "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nz.writestr('manifest.json', {manifest:?})\nz.writestr('server/index.js', b'\\0' * (64 * 1024 * 1024))\nz.close()"
        ),
    );
    assert!(std::fs::metadata(&bomb).expect("bomb").len() < 1024 * 1024);
    refused(
        &cli,
        &bundles,
        &bomb.display().to_string(),
        &[],
        "mcpb-refused",
        "ZIP bomb",
    );

    // Not a ZIP at all, and a manifest Lode cannot read.
    let text = folder.path().join("text.mcpb");
    std::fs::write(&text, "hello").expect("write");
    refused(
        &cli,
        &bundles,
        &text.display().to_string(),
        &[],
        "mcpb-refused",
        "not a ZIP",
    );
    let odd = folder.path().join("odd.mcpb");
    python_zip(
        &odd,
        "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w')\nz.writestr('manifest.json', '{\"manifest_version\": \"9.9\"}')\nz.close()",
    );
    refused(
        &cli,
        &bundles,
        &odd.display().to_string(),
        &[],
        "mcpb-refused",
        "\"9.9\"",
    );
}

#[test]
fn a_registry_entry_names_a_bundle_by_url_and_digest() {
    let bundles = built_bundles();
    let registry = RegistryServer::start_with(&["--bundle", &bundles.signed.display().to_string()]);
    let cli = Cli::new();
    let shown = succeeded(
        &cli.run(&[
            "registry",
            "show",
            "io.github.lode-tests/demo-bundle",
            "--registry",
            &registry.url,
        ]),
        "registry show",
    );
    assert!(
        shown.contains("Lode downloads it, checks its SHA-256"),
        "{shown}"
    );
    let installed = install(
        &cli,
        &bundles,
        "io.github.lode-tests/demo-bundle",
        &["--registry", &registry.url],
    );
    let origin = &installed["connection"]["origin"];
    assert_eq!(origin["source"], "registry", "{installed}");
    assert_eq!(origin["registry"], registry.url.as_str());
    assert_eq!(origin["name"], "io.github.lode-tests/demo-bundle");
    assert_eq!(origin["version"], "1.0.0");
    let listing = succeeded(&cli.run(&["ls", "Notes bundle"]), "lode ls");
    assert!(listing.contains("note-0.txt"), "{listing}");
    // Kept by its digest: a second install does not download it again.
    assert!(cli
        .data_dir()
        .join("mcpb/downloads")
        .read_dir()
        .expect("downloads")
        .flatten()
        .any(|e| e.file_name().to_string_lossy().ends_with(".mcpb")));

    // A file whose bytes are not the ones the entry's digest names.
    let other = Cli::new();
    refused(
        &other,
        &bundles,
        "io.github.lode-tests/tampered-bundle",
        &["--registry", &registry.url],
        "mcpb-refused",
        "is not the one its registry entry names",
    );
}

/// The notes bundle at `version`, its manifest changed by `change`, packed by `mcpb` into
/// `folder` (unsigned); its path and SHA-256.
fn packed_version(folder: &Path, version: &str, change: impl Fn(&mut Value)) -> (PathBuf, String) {
    let source = folder.join(format!("notes-{version}"));
    copy_dir(&servers_dir().join("bundles/notes"), &source);
    let manifest_path = source.join("manifest.json");
    let mut manifest: Value =
        serde_json::from_slice(&std::fs::read(&manifest_path).expect("manifest")).expect("JSON");
    manifest["version"] = version.into();
    change(&mut manifest);
    std::fs::write(&manifest_path, manifest.to_string()).expect("write manifest");
    let file = format!("notes-{version}.mcpb");
    mcpb(&["pack", &format!("notes-{version}"), &file], folder);
    let bytes = std::fs::read(folder.join(&file)).expect("the packed bundle");
    let digest: String = sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    (folder.join(file), digest)
}

/// Publishes `version` of the demo bundle entry, its file served at `/bundles/FILE`.
fn publish_bundle(registry: &RegistryServer, version: &str, file: &str, digest: &str) {
    registry.publish(&serde_json::json!({
        "server": {
            "name": "io.github.lode-tests/demo-bundle",
            "title": "Demo bundle",
            "description": "An MCP bundle this registry serves itself",
            "version": version,
            "packages": [{
                "registryType": "mcpb",
                "identifier": registry.at(&format!("/bundles/{file}")),
                "version": version,
                "fileSha256": digest,
                "transport": { "type": "stdio" }
            }]
        }
    }));
}

#[test]
fn a_bundle_from_a_registry_updates_in_place_keeping_its_values_and_secret_and_undoes() {
    let bundles = built_bundles();
    let folder = tempfile::tempdir().expect("a folder");
    let (next, next_digest) = packed_version(folder.path(), "1.3.0", |_| {});
    let (asking, asking_digest) = packed_version(folder.path(), "1.4.0", |m| {
        m["user_config"]["region"] = serde_json::json!({
            "type": "string", "title": "Region", "description": "Where", "required": true
        });
    });
    let registry = RegistryServer::start_with(&[
        "--bundle",
        &bundles.signed.display().to_string(),
        "--serve-bundle",
        &format!("next.mcpb={}", next.display()),
        "--serve-bundle",
        &format!("asking.mcpb={}", asking.display()),
    ]);
    let cli = Cli::new();
    install(
        &cli,
        &bundles,
        "io.github.lode-tests/demo-bundle",
        &["--registry", &registry.url],
    );
    assert_eq!(unpacked(&cli), ["lode-test-notes-1.2.0"]);

    publish_bundle(&registry, "1.1.0", "next.mcpb", &next_digest);
    let said = cli.json(&["update", "--now", "--json"]);
    assert_eq!(said["alerts"][0]["update"], "1.1.0", "{said}");
    let started = Instant::now();
    let updated = cli.json(&["update", "Notes bundle", "--yes", "--json"]);
    eprintln!(
        "updated the bundle to 1.1.0 (download, checks, unpacking) in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let folder_now = updated["origin"]["mcpbFolder"].as_str().expect("a folder");
    assert!(folder_now.ends_with("/lode-test-notes-1.3.0"), "{updated}");
    assert_eq!(updated["origin"]["version"], "1.1.0");
    assert_eq!(
        updated["transport"]["args"],
        serde_json::json!([
            format!("{folder_now}/server/index.js"),
            "--limit",
            "50",
            bundles.notes[0].display().to_string(),
            bundles.notes[1].display().to_string()
        ])
    );
    assert_eq!(
        updated["settings"]["secrets"],
        serde_json::json!([{ "kind": "env", "name": "NOTES_TOKEN" }])
    );
    // The new version runs with the folders given and the token kept in the keychain.
    let token = succeeded(
        &cli.run(&["read", "Notes bundle", "notes://token"]),
        "lode read",
    );
    assert!(token.contains("token length 8"), "{token}");
    assert_eq!(
        unpacked(&cli),
        ["lode-test-notes-1.2.0", "lode-test-notes-1.3.0"],
        "the old folder stays for the undo"
    );

    // Undone: the old folder runs again, the new one goes.
    let undone = cli.json(&["update", "Notes bundle", "--undo", "--json"]);
    assert!(
        undone["origin"]["mcpbFolder"]
            .as_str()
            .is_some_and(|f| f.ends_with("/lode-test-notes-1.2.0")),
        "{undone}"
    );
    assert_eq!(undone["origin"]["version"], "1.0.0");
    assert_eq!(unpacked(&cli), ["lode-test-notes-1.2.0"]);
    let listing = succeeded(&cli.run(&["ls", "Notes bundle"]), "lode ls");
    assert!(listing.contains("note-0.txt"), "{listing}");

    // A version that asks for a value the installed one was not given is refused, nothing
    // unpacked.
    publish_bundle(&registry, "1.2.0", "asking.mcpb", &asking_digest);
    let refused = cli.run(&["update", "Notes bundle", "--yes"]);
    let why = stderr(&refused);
    assert!(
        !refused.status.success()
            && why.contains("to 1.2.0: it requires new values (user_config.region)")
            && why.contains("install that version anew"),
        "{why}"
    );
    eprintln!("refused the update to 1.2.0: {}", why.trim());
    assert_eq!(unpacked(&cli), ["lode-test-notes-1.2.0"]);

    // Removed after an update: both its folders go.
    publish_bundle(&registry, "1.3.0", "next.mcpb", &next_digest);
    cli.json(&["update", "Notes bundle", "--yes", "--json"]);
    assert_eq!(unpacked(&cli).len(), 2);
    succeeded(
        &cli.run(&["connections", "remove", "Notes bundle", "--yes"]),
        "remove",
    );
    assert!(unpacked(&cli).is_empty(), "{:?}", unpacked(&cli));
}
