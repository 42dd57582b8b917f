//! `lode serve --basket NAME` read by the official MCP SDKs' own clients, over stdio and over
//! Streamable HTTP: tests/clients/basket-client.mjs (TypeScript SDK, tests/servers/node_modules)
//! and tests/servers/python/basket_client.py (Python SDK 2.x, tests/servers/.venv-modern), both
//! installed by `bash .ci/setup test`. A missing one fails the test; nothing is skipped.
//!
//! A basket `ctx` of three Demo resources (two texts, one blob) must come out as
//! `lode://basket/ctx/1..3` with the original annotations, the provenance in
//! `_meta["dev.lode/provenance"]`, the same contents as `lode read` gives, and the prompt
//! `basket` as one intro text and three embedded resources.
//!
//! Uses the keychain like every `lode` command: run it as CI does,
//! `bash .ci/with-keychain cargo test -p lode-cli --test integration serve_clients`.

use crate::support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;
use support::demo_stdio;
use support::servers::{repo_root, servers_dir};

const BASKET: &str = "ctx";
const DEMO: &str = "Demo";
/// Two text resources of the demo server and one blob.
const PICKED: [&str; 3] = [
    "file:///project/README.md",
    "table://user",
    "file:///project/assets/logo.png",
];
const PROVENANCE: &str = "dev.lode/provenance";
/// How long `lode serve --http` may take to print its URL.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// The `lode` binary with a data folder of its own; the folder's path is handed to the clients,
/// which start `lode serve` themselves.
struct Lode {
    data_dir: tempfile::TempDir,
}

impl Lode {
    fn new() -> Self {
        Self {
            data_dir: tempfile::tempdir().expect("temp data dir"),
        }
    }

    fn data_dir(&self) -> &Path {
        self.data_dir.path()
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(lode_exe());
        command.args(args).env("LODE_DATA_DIR", self.data_dir());
        command
    }

    /// Runs to completion; fails the test with stderr when the command failed.
    fn ok(&self, args: &[&str]) -> Output {
        let output = self.command(args).output().expect("run lode");
        assert!(
            output.status.success(),
            "lode {args:?} failed ({:?}): {}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    fn json(&self, args: &[&str]) -> Value {
        let output = self.ok(args);
        serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("lode {args:?} printed no JSON ({e})"))
    }
}

fn lode_exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lode"))
}

/// What the test expects of one picked resource: its listing row and its contents, as Lode
/// itself shows them.
struct Picked {
    uri: &'static str,
    row: Value,
    content: Expected,
}

#[derive(Debug, Clone, PartialEq)]
enum Expected {
    Text(String),
    BlobBytes(u64),
}

/// Bytes of base64 (standard alphabet; line breaks and padding allowed).
fn base64_len(b64: &str) -> u64 {
    let digits = b64.bytes().filter(|b| !b.is_ascii_whitespace()).count();
    let padding = b64
        .trim_end()
        .bytes()
        .rev()
        .take_while(|&b| b == b'=')
        .count();
    ((digits - padding) * 3 / 4) as u64
}

/// A data folder with the Demo connection, the basket `ctx` of [`PICKED`], and what Lode says
/// about each picked resource.
fn basket_of_three() -> (Lode, Vec<Picked>) {
    let lode = Lode::new();
    // The Demo connection is seeded on first run; save it if this build does not seed it.
    let connections = lode.json(&["connections", "list", "--json"]);
    let has_demo = connections
        .as_array()
        .expect("connections list --json prints an array")
        .iter()
        .any(|c| c["name"] == DEMO);
    if !has_demo {
        lode.ok(&["connections", "add", DEMO, "--stdio", &demo_stdio()]);
    }

    let listing = lode.json(&["ls", DEMO, "--json"]);
    let rows = listing.as_array().expect("ls --json prints an array");
    let picked: Vec<Picked> = PICKED
        .iter()
        .map(|&uri| {
            let row = rows
                .iter()
                .find(|r| r["uri"] == uri)
                .unwrap_or_else(|| panic!("{uri} is not listed by {DEMO}"))
                .clone();
            let contents = lode.json(&["read", DEMO, uri, "--json"]);
            let contents = contents.as_array().expect("read --json prints an array");
            assert_eq!(contents.len(), 1, "{uri} has one content");
            let content = match (contents[0]["text"].as_str(), contents[0]["blob"].as_str()) {
                (Some(text), _) => Expected::Text(text.to_owned()),
                (None, Some(blob)) => Expected::BlobBytes(base64_len(blob)),
                _ => panic!("{uri}: neither text nor blob in {}", contents[0]),
            };
            Picked { uri, row, content }
        })
        .collect();
    let kinds: Vec<bool> = picked
        .iter()
        .map(|p| matches!(p.content, Expected::Text(_)))
        .collect();
    assert_eq!(kinds, [true, true, false], "two texts, then a blob");
    assert!(
        picked
            .iter()
            .any(|p| !annotations(&p.row["annotations"]).is_empty()),
        "at least one picked resource has annotations, so keeping them is tested"
    );

    lode.ok(&["basket", "new", BASKET]);
    let mut add = vec!["basket", "add", BASKET, DEMO];
    add.extend(PICKED);
    lode.ok(&add);
    let picked = with_kept_annotations(&lode, picked);
    (lode, picked)
}

/// The annotations each item was kept with, which is what `lode serve` must show. They match
/// the earlier listing's except for a `lastModified` the demo server dates from its own start:
/// `ls` and `basket add` each start it, so the second may have ticked over between them.
fn with_kept_annotations(lode: &Lode, mut picked: Vec<Picked>) -> Vec<Picked> {
    let basket = lode.json(&["basket", "show", BASKET, "--json"]);
    let items = basket["items"]
        .as_array()
        .expect("basket show --json has items");
    assert_eq!(
        items.len(),
        picked.len(),
        "the basket holds every pick: {items:?}"
    );
    for (item, p) in items.iter().zip(picked.iter_mut()) {
        assert_eq!(item["uri"], p.uri, "the basket keeps the picks in order");
        let mut kept = annotations(&item["annotations"]);
        let mut listed = annotations(&p.row["annotations"]);
        assert_eq!(
            kept.remove("lastModified").is_some(),
            listed.remove("lastModified").is_some(),
            "{}: a lastModified is kept exactly when one is listed",
            p.uri
        );
        assert_eq!(
            kept, listed,
            "{}: the basket keeps the listed annotations",
            p.uri
        );
        p.row["annotations"] = item["annotations"].clone();
    }
    picked
}

/// Annotations as a map, absent = empty; numbers as f64 (a server's f32 priority, or 1 vs 1.0,
/// must not make a difference), rounded to 6 decimals.
fn annotations(value: &Value) -> serde_json::Map<String, Value> {
    let mut map = value.as_object().cloned().unwrap_or_default();
    map.retain(|_, v| !v.is_null());
    for v in map.values_mut() {
        if let Some(f) = v.as_f64() {
            *v = Value::from((f * 1e6).round() / 1e6);
        }
    }
    map
}

fn or_null(value: &Value, key: &str) -> Value {
    value.get(key).cloned().unwrap_or(Value::Null)
}

// ---------------------------------------------------------------------------------------------
// The clients

#[derive(Clone, Copy, Debug)]
enum Sdk {
    TypeScript,
    Python,
}

fn node_client() -> PathBuf {
    let script = repo_root().join("tests/clients/basket-client.mjs");
    assert!(script.is_file(), "{} is missing", script.display());
    let sdk = servers_dir().join("node_modules/@modelcontextprotocol/sdk/package.json");
    assert!(
        sdk.is_file(),
        "the MCP TypeScript SDK is not installed: run `bash .ci/setup test` or \
         `npm ci --prefix tests/servers` (looked for {})",
        sdk.display()
    );
    script
}

fn python_client() -> (PathBuf, PathBuf) {
    let python = servers_dir().join(".venv-modern/bin/python");
    assert!(
        python.is_file(),
        "the venv of the MCP Python SDK 2.x is not installed: run `bash .ci/setup test` or \
         `python3 -m venv tests/servers/.venv-modern && tests/servers/.venv-modern/bin/pip \
         install -r tests/servers/python/requirements-modern.txt` (looked for {})",
        python.display()
    );
    let script = servers_dir().join("python/basket_client.py");
    assert!(script.is_file(), "{} is missing", script.display());
    (python, script)
}

/// Runs one client with `args` (its own 30 s timeout bounds it); the output, as JSON.
fn run_client(sdk: Sdk, args: &[String]) -> Result<Value, String> {
    let mut command = match sdk {
        Sdk::TypeScript => {
            let mut c = Command::new("node");
            c.arg(node_client());
            c
        }
        Sdk::Python => {
            let (python, script) = python_client();
            let mut c = Command::new(python);
            c.arg(script);
            c
        }
    };
    let output = command
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("start the {sdk:?} client: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!(
            "{sdk:?} client failed ({}):\n{stderr}",
            output.status
        ));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| {
        format!(
            "{sdk:?} client printed no JSON ({e}):\n{}\nstderr:\n{stderr}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

fn client_ok(sdk: Sdk, args: &[String]) -> Value {
    run_client(sdk, args).unwrap_or_else(|e| panic!("{e}"))
}

/// A path as one word of a command line the clients split like a shell.
fn quoted(path: &Path) -> String {
    format!("\"{}\"", path.display())
}

fn stdio_args(lode: &Lode) -> Vec<String> {
    vec![
        "--stdio".into(),
        format!("{} serve --basket {BASKET}", quoted(&lode_exe())),
        "--env".into(),
        format!("LODE_DATA_DIR={}", lode.data_dir().display()),
    ]
}

// ---------------------------------------------------------------------------------------------
// What every client must see

fn check(what: &str, out: &Value, picked: &[Picked]) {
    assert!(
        out["protocolVersion"]
            .as_str()
            .is_some_and(|v| !v.is_empty()),
        "{what}: protocolVersion in {out}"
    );
    assert!(
        out["serverName"].as_str().is_some_and(|v| !v.is_empty()),
        "{what}: serverName in {out}"
    );

    let resources = out["resources"].as_array().expect("resources");
    assert_eq!(resources.len(), picked.len(), "{what}: {resources:?}");
    for (i, (resource, p)) in resources.iter().zip(picked).enumerate() {
        let uri = format!("lode://basket/{BASKET}/{}", i + 1);
        assert_eq!(resource["uri"], uri.as_str(), "{what}: position {}", i + 1);
        for key in ["name", "title", "mimeType"] {
            assert_eq!(
                or_null(resource, key),
                or_null(&p.row, key),
                "{what}: {uri} keeps the {key} of {}",
                p.uri
            );
        }
        assert_eq!(
            annotations(&resource["annotations"]),
            annotations(&p.row["annotations"]),
            "{what}: {uri} keeps the annotations of {}",
            p.uri
        );
        let provenance = &resource["meta"][PROVENANCE];
        assert_eq!(provenance["server"], DEMO, "{what}: {uri} {provenance}");
        assert_eq!(provenance["uri"], p.uri, "{what}: {uri} {provenance}");

        let reads = out["reads"][&uri]
            .as_array()
            .unwrap_or_else(|| panic!("{what}: {uri} was not read: {}", out["reads"]));
        assert_eq!(reads.len(), 1, "{what}: {uri} has one content");
        assert_eq!(
            or_null(&reads[0], "mimeType"),
            or_null(&p.row, "mimeType"),
            "{what}: {uri} content's mime type"
        );
        assert_eq!(
            served(&reads[0]),
            p.content,
            "{what}: {uri} reads as {} does",
            p.uri
        );
    }

    let prompts = out["prompts"].as_array().expect("prompts");
    assert!(
        prompts.iter().any(|p| p == "basket"),
        "{what}: prompts {prompts:?}"
    );
    let messages = out["basketPrompt"].as_array().expect("basketPrompt");
    assert_eq!(
        messages.len(),
        1 + picked.len(),
        "{what}: one intro text, then one embedded resource per item: {messages:?}"
    );
    assert_eq!(messages[0]["type"], "text", "{what}: {}", messages[0]);
    assert!(
        messages[0]["text"].as_str().is_some_and(|t| !t.is_empty()),
        "{what}: intro {}",
        messages[0]
    );
    for (i, (message, p)) in messages[1..].iter().zip(picked).enumerate() {
        let uri = format!("lode://basket/{BASKET}/{}", i + 1);
        assert_eq!(message["type"], "resource", "{what}: {message}");
        assert_eq!(message["uri"], uri.as_str(), "{what}: {message}");
        assert_eq!(served(message), p.content, "{what}: prompt's {uri}");
    }
}

/// What a client printed of one content: its text or its blob's byte count.
fn served(content: &Value) -> Expected {
    match (content["text"].as_str(), content["blobBytes"].as_u64()) {
        (Some(text), _) => Expected::Text(text.to_owned()),
        (None, Some(n)) => Expected::BlobBytes(n),
        _ => panic!("neither text nor blobBytes in {content}"),
    }
}

// ---------------------------------------------------------------------------------------------
// `lode serve --http`

/// `lode serve --basket ctx --http 127.0.0.1:0`, killed when dropped.
struct HttpServe {
    child: Child,
    url: String,
}

impl Drop for HttpServe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve_http(lode: &Lode) -> HttpServe {
    let mut child = lode
        .command(&["serve", "--basket", BASKET, "--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start lode serve --http");
    let stdout = child.stdout.take().expect("stdout");
    let stderr = child.stderr.take().expect("stderr");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = reader.read_line(&mut line);
        let _ = sender.send(line);
        // Keep draining so the server never blocks on a full pipe.
        let _ = std::io::copy(&mut reader, &mut std::io::sink());
    });
    let (err_sender, err_receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut text);
        let _ = err_sender.send(text);
    });
    let line = receiver.recv_timeout(START_TIMEOUT).unwrap_or_default();
    let url = line.trim().to_owned();
    if !url.starts_with("http://127.0.0.1:") {
        let _ = child.kill();
        let _ = child.wait();
        let stderr = err_receiver
            .recv_timeout(Duration::from_secs(5))
            .unwrap_or_default();
        panic!("lode serve --http printed {line:?} first, not its URL; stderr:\n{stderr}");
    }
    assert!(url.ends_with("/mcp"), "the endpoint is /mcp: {url}");
    HttpServe { child, url }
}

fn token(lode: &Lode) -> String {
    let output = lode.ok(&["serve", "--show-token"]);
    let token = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    assert!(
        !token.is_empty() && !token.contains(char::is_whitespace),
        "lode serve --show-token printed {token:?}"
    );
    token
}

// ---------------------------------------------------------------------------------------------

#[test]
fn sdk_clients_read_a_basket_served_over_stdio() {
    let (lode, picked) = basket_of_three();
    for sdk in [Sdk::TypeScript, Sdk::Python] {
        let out = client_ok(sdk, &stdio_args(&lode));
        check(&format!("{sdk:?} over stdio"), &out, &picked);
    }
}

#[test]
fn sdk_clients_read_a_basket_served_over_http_with_the_token() {
    let (lode, picked) = basket_of_three();
    let server = serve_http(&lode);
    let token = token(&lode);
    for sdk in [Sdk::TypeScript, Sdk::Python] {
        let args = vec![
            "--http".to_owned(),
            server.url.clone(),
            "--token".to_owned(),
            token.clone(),
        ];
        let out = client_ok(sdk, &args);
        check(&format!("{sdk:?} over HTTP"), &out, &picked);

        // Without the token, or with another one, the server lets nothing through.
        for bad in [vec![], vec!["--token".to_owned(), format!("{token}x")]] {
            let mut args = vec![
                "--http".to_owned(),
                server.url.clone(),
                "--no-prompt".to_owned(),
            ];
            args.extend(bad.clone());
            assert!(
                run_client(sdk, &args).is_err(),
                "{sdk:?} over HTTP with {bad:?} was let in"
            );
        }
    }
}
