//! The demo's Agent Skill over the protocol (extension `io.modelcontextprotocol/skills`):
//! declared with `directoryRead`, listed and fetched with a digest and size for every file that
//! match what `resources/read` returns, its folders read one level at a time, unknown URIs
//! refused with -32602, and `--tampered-skill` serving a file its digest no longer matches.
//! In-process through rmcp's client, and through the binary on stdio for the wire's own shapes
//! and the flag.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rmcp::model::{
    sha256_digest, GetSkillRequestParams, ReadResourceDirectoryRequestParams, SkillResources,
};

use crate::support;

use support::*;

const SKILL_MD: &str = "skill://lode-demo-tour/SKILL.md";
const RESOURCES_MD: &str = "skill://lode-demo-tour/reference/resources.md";
const CHECKLIST: &str = "skill://lode-demo-tour/reference/checklist.txt";

/// Each listed file of the skill, read: (digest, size) as listed, and the text read.
async fn listed_and_read(client: &Client) -> BTreeMap<String, ((String, u64), String)> {
    let skills = client.list_all_skills().await.expect("skills/list");
    assert_eq!(skills.len(), 1, "one skill: {skills:?}");
    let SkillResources::Files(files) = &skills[0].resources else {
        panic!("the demo skill lists its files");
    };
    let mut out = BTreeMap::new();
    for file in files {
        let text = text_of(read(client, &file.uri).await);
        out.insert(file.uri.clone(), ((file.digest.clone(), file.size), text));
    }
    out
}

#[tokio::test]
async fn the_skill_is_declared_listed_and_every_file_matches_its_digest() {
    let (_, client, _) = start(options(0, 60_000)).await;

    let info = client.peer_info().expect("server info");
    let capabilities = serde_json::to_value(&info.capabilities).expect("capabilities serialize");
    assert_eq!(
        capabilities["extensions"]["io.modelcontextprotocol/skills"],
        json!({ "directoryRead": true })
    );
    for kept in ["resources", "prompts", "tools", "completions", "logging"] {
        assert!(capabilities[kept].is_object(), "{kept} still declared");
    }
    assert_eq!(capabilities["resources"]["subscribe"], true);
    assert_eq!(capabilities["resources"]["listChanged"], true);

    let skills = client.list_all_skills().await.expect("skills/list");
    assert_eq!(skills.len(), 1);
    let skill = &skills[0];
    assert_eq!(skill.uri, SKILL_MD);
    assert_eq!(skill.frontmatter.name, "lode-demo-tour");
    assert!(
        !skill.frontmatter.description.is_empty() && !skill.frontmatter.description.contains('\n'),
        "a one-line description: {:?}",
        skill.frontmatter.description
    );
    assert!(
        skill.frontmatter.extra.is_empty(),
        "only name and description"
    );

    let files = listed_and_read(&client).await;
    let uris: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(
        uris,
        [SKILL_MD, CHECKLIST, RESOURCES_MD],
        "every file, SKILL.md included"
    );
    for (uri, ((digest, size), text)) in &files {
        assert_eq!(*size, text.len() as u64, "size of {uri}");
        assert_eq!(*digest, sha256_digest(text.as_bytes()), "digest of {uri}");
        assert!(
            digest.len() == 71
                && digest
                    .strip_prefix("sha256:")
                    .is_some_and(|hex| hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))),
            "sha256: and 64 lower-case hex digits: {digest}"
        );
        let mime =
            serde_json::to_value(read(&client, uri).await).expect("contents")["mimeType"].clone();
        let expected = if uri.ends_with(".md") {
            "text/markdown"
        } else {
            "text/plain"
        };
        assert_eq!(mime, expected, "mimeType of {uri}");
    }

    // The frontmatter listed is the one SKILL.md writes, field by field.
    let skill_md = &files[SKILL_MD].1;
    let block = skill_md
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map(|(block, _)| block)
        .expect("SKILL.md opens with YAML frontmatter");
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(
        lines,
        [
            format!("name: {}", skill.frontmatter.name),
            format!("description: {}", skill.frontmatter.description)
        ]
    );

    let fetched = client
        .get_skill(GetSkillRequestParams::new(SKILL_MD))
        .await
        .expect("skills/get");
    assert_eq!(&fetched.skill, skill, "skills/get gives the listed entry");

    // Read, not listed: resources/list keeps its sixty.
    let listed: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();
    assert_eq!(listed.len(), 60);
    assert!(listed.iter().all(|r| !r.uri.starts_with("skill://")));
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn directory_read_lists_direct_children_and_folders_without_a_trailing_slash() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let children = |uri: &'static str| {
        let client = &client;
        async move {
            client
                .read_resource_directory(ReadResourceDirectoryRequestParams::new(uri))
                .await
                .unwrap_or_else(|error| panic!("resources/directory/read {uri}: {error}"))
                .resources
                .into_iter()
                .map(|r| (r.uri.clone(), r.name.clone(), r.mime_type.clone()))
                .collect::<Vec<_>>()
        }
    };
    let some = |text: &str| Some(text.to_owned());
    assert_eq!(
        children("skill://lode-demo-tour").await,
        [
            (
                SKILL_MD.to_owned(),
                "SKILL.md".to_owned(),
                some("text/markdown")
            ),
            (
                "skill://lode-demo-tour/reference".to_owned(),
                "reference".to_owned(),
                some("inode/directory")
            ),
        ]
    );
    assert_eq!(
        children("skill://lode-demo-tour/reference").await,
        [
            (
                RESOURCES_MD.to_owned(),
                "resources.md".to_owned(),
                some("text/markdown")
            ),
            (
                CHECKLIST.to_owned(),
                "checklist.txt".to_owned(),
                some("text/plain")
            ),
        ]
    );
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn unknown_skills_and_folders_are_invalid_params() {
    let (_, client, _) = start(options(50, 60_000)).await;
    for uri in [
        "skill://nope/SKILL.md",
        "skill://lode-demo-tour/reference/SKILL.md",
        "skill://other/lode-demo-tour/SKILL.md",
    ] {
        let refused = client
            .get_skill(GetSkillRequestParams::new(uri))
            .await
            .expect_err("no such skill");
        assert_eq!(error_code(refused), ErrorCode::INVALID_PARAMS, "{uri}");
    }
    for uri in [
        "skill://nope",
        "skill://lode-demo-tour/",
        "skill://lode-demo-tour/SKILL.md",
        "skill://lode-demo-tour/reference/",
        "skill://lode-demo-tour/nope",
        "file:///project",
    ] {
        let refused = client
            .read_resource_directory(ReadResourceDirectoryRequestParams::new(uri))
            .await
            .expect_err("not a folder");
        assert_eq!(error_code(refused), ErrorCode::INVALID_PARAMS, "{uri}");
    }
    let refused = client
        .read_resource_directory(
            ReadResourceDirectoryRequestParams::new("skill://lode-demo-tour").with_cursor("1"),
        )
        .await
        .expect_err("the demo gives no cursor");
    assert_eq!(error_code(refused), ErrorCode::INVALID_PARAMS);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn a_tampered_checklist_no_longer_matches_its_listed_digest() {
    let mut tampered = options(50, 60_000);
    tampered.tampered_skill = true;
    let (_, client, _) = start(tampered).await;
    let (_, honest, _) = start(options(50, 60_000)).await;

    let files = listed_and_read(&client).await;
    assert_eq!(
        files
            .iter()
            .map(|(uri, (listed, _))| (uri, listed))
            .collect::<Vec<_>>(),
        listed_and_read(&honest)
            .await
            .iter()
            .map(|(uri, (listed, _))| (uri, listed))
            .collect::<Vec<_>>(),
        "the listing is the honest one"
    );
    for (uri, ((digest, size), text)) in &files {
        let matches = *digest == sha256_digest(text.as_bytes());
        assert_eq!(matches, uri != CHECKLIST, "{uri} matches its digest");
        // Same length: only a client that checks the digest notices.
        assert_eq!(*size, text.len() as u64, "size of {uri}");
    }
    honest.cancel().await.expect("client closes");
    client.cancel().await.expect("client closes");
}

/// The binary on stdio, spoken to line by line (2025-11-25, `initialize`).
struct StdioServer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next: u64,
}

impl StdioServer {
    fn start(args: &[&str]) -> (Self, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lode-demo-server"))
            .arg("stdio")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the demo server");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut server = Self {
            child,
            input,
            output,
            next: 1,
        };
        let initialized = server.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "skills-test", "version": "1"}}),
        );
        server.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        (server, initialized)
    }

    fn send(&mut self, message: Value) {
        writeln!(self.input, "{message}").expect("write to the server");
    }

    /// The answer to one request (`result` or `error`), skipping notifications.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("read the server");
            assert!(read > 0, "the server closed its output");
            let message: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
            if message["id"] == id {
                return message;
            }
        }
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the checklist read through `args` matches the digest and size `skills/list` gives.
fn checklist_matches(args: &[&str]) -> (bool, bool) {
    let (mut server, _) = StdioServer::start(args);
    let listed = server.request("skills/list", json!({}));
    let entry = listed["result"]["skills"][0]["resources"]
        .as_array()
        .and_then(|files| files.iter().find(|f| f["uri"] == CHECKLIST))
        .cloned()
        .unwrap_or_else(|| panic!("the checklist is listed: {listed}"));
    let read = server.request("resources/read", json!({ "uri": CHECKLIST }));
    let text = read["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("the checklist is text: {read}"));
    (
        entry["digest"] == sha256_digest(text.as_bytes()),
        entry["size"] == text.len(),
    )
}

#[test]
fn the_binary_speaks_the_extension_on_the_wire_and_honours_tampered_skill() {
    let (mut server, initialized) = StdioServer::start(&[]);
    let capabilities = &initialized["result"]["capabilities"];
    assert_eq!(
        capabilities["extensions"]["io.modelcontextprotocol/skills"],
        json!({ "directoryRead": true }),
        "{initialized}"
    );

    let listed = server.request("skills/list", json!({}));
    let skill = &listed["result"]["skills"][0];
    assert_eq!(skill["uri"], SKILL_MD, "{listed}");
    assert_eq!(skill["frontmatter"]["name"], "lode-demo-tour");
    assert!(skill["frontmatter"]["description"].is_string());
    assert!(skill.get("name").is_none(), "name lives in the frontmatter");
    let files = skill["resources"].as_array().expect("resources is a list");
    assert_eq!(files.len(), 3);
    for file in files {
        let mut keys: Vec<&str> = file
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["digest", "size", "uri"], "{file}");
    }

    let unknown = server.request("skills/get", json!({ "uri": "skill://nope/SKILL.md" }));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    let unknown = server.request("resources/directory/read", json!({ "uri": "skill://nope" }));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    let unknown = server.request("skills/nope", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    drop(server);

    assert_eq!(checklist_matches(&[]), (true, true), "an honest server");
    assert_eq!(
        checklist_matches(&["--tampered-skill"]),
        (false, true),
        "--tampered-skill: same size, other bytes"
    );
}
