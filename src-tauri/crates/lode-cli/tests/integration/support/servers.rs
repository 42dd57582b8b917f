//! Launch lines for the real third-party MCP servers pinned in tests/servers (README.md, "What the
//! test command runs"): npm packages in tests/servers/package.json, Python venvs from
//! tests/servers/python/*.txt, all installed by `bash .ci/setup test`. A server that is not
//! installed fails the test with the command that installs it; nothing is skipped silently.
//!
//! stdio helpers return the `--stdio` command line (paths quoted); HTTP helpers start the server
//! on a free loopback port and return a guard with its URL that kills the server when dropped.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// How long a server may take to start listening (2 busy cores, cold Python imports).
const START_TIMEOUT: Duration = Duration::from_secs(30);

const NPM_INSTALL: &str = "npm ci --prefix tests/servers";
const MODERN_INSTALL: &str = "python3 -m venv tests/servers/.venv-modern && \
     tests/servers/.venv-modern/bin/pip install -r tests/servers/python/requirements-modern.txt";
const SQLITE_INSTALL: &str = "python3 -m venv tests/servers/.venv-sqlite && \
     tests/servers/.venv-sqlite/bin/pip install -r tests/servers/python/requirements-sqlite.txt";

/// The repository's root (this crate is src-tauri/crates/lode-cli).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .expect("repository root")
}

/// tests/servers, where every third-party server is installed.
pub fn servers_dir() -> PathBuf {
    repo_root().join("tests/servers")
}

/// `path` (relative to tests/servers), or a panic naming the command that installs it.
fn installed(relative: &str, what: &str, install: &str) -> PathBuf {
    let path = servers_dir().join(relative);
    assert!(
        path.exists(),
        "{what} is not installed: run `bash .ci/setup test` or, from the repository root, \
         `{install}` (looked for {})",
        path.display()
    );
    path
}

/// A path as one word of a `--stdio` line.
fn quoted(path: &Path) -> String {
    format!("\"{}\"", path.display())
}

fn node_script(relative: &str, what: &str) -> PathBuf {
    installed(&format!("node_modules/{relative}"), what, NPM_INSTALL)
}

fn everything_2026_script() -> PathBuf {
    node_script(
        "@modelcontextprotocol/server-everything/dist/index.js",
        "@modelcontextprotocol/server-everything@2026.8.31",
    )
}

fn everything_2025_script() -> PathBuf {
    node_script(
        "server-everything-2025/dist/index.js",
        "server-everything-2025 (@modelcontextprotocol/server-everything@2025.9.25)",
    )
}

fn loopback_preload() -> PathBuf {
    let path = servers_dir().join("loopback.cjs");
    assert!(path.is_file(), "tests/servers/loopback.cjs is missing");
    path
}

fn modern_python() -> PathBuf {
    installed(
        ".venv-modern/bin/python",
        "the venv of the MCP Python SDK 2.x",
        MODERN_INSTALL,
    )
}

fn modern_script() -> PathBuf {
    let path = servers_dir().join("python/modern_server.py");
    assert!(path.is_file(), "{} is missing", path.display());
    path
}

/// `@modelcontextprotocol/server-everything@2026.8.31` over stdio (negotiates 2025-11-25).
pub fn everything_stdio() -> String {
    format!("node {} stdio", quoted(&everything_2026_script()))
}

/// `@modelcontextprotocol/server-everything@2025.9.25` over stdio: 100 resources, 10 per page.
pub fn everything_2025_stdio() -> String {
    format!("node {} stdio", quoted(&everything_2025_script()))
}

/// `mcp-hello-world@1.1.2` over stdio.
pub fn hello_world_stdio() -> String {
    format!(
        "node {}",
        quoted(&node_script(
            "mcp-hello-world/build/stdio.js",
            "mcp-hello-world@1.1.2"
        ))
    )
}

/// `@modelcontextprotocol/server-basic-react@2.0.3` over stdio: an MCP Apps server, its app
/// `ui://get-time/mcp-app.html` linked from its `get-time` tool.
pub fn basic_react_stdio() -> String {
    format!(
        "node {} --stdio",
        quoted(&node_script(
            "@modelcontextprotocol/server-basic-react/dist/index.js",
            "@modelcontextprotocol/server-basic-react@2.0.3"
        ))
    )
}

/// The official TypeScript SDK v2's skills server (`@modelcontextprotocol/server@2.4.0`,
/// `ext/skills`) serving tests/servers/skills: `refunds` (three files, one of them binary) and
/// `git-workflow`.
pub fn skills_sdk_stdio() -> String {
    node_script(
        "@modelcontextprotocol/server/package.json",
        "@modelcontextprotocol/server@2.4.0",
    );
    format!(
        "node {}",
        quoted(&servers_dir().join("skills-sdk-server.mjs"))
    )
}

/// tests/servers/skills-server.mjs: one skill, `notes`; with `tampered`, one of its files is
/// served changed since listed and the listing carries a misnamed entry.
pub fn skills_test_stdio(tampered: bool) -> String {
    format!(
        "node {}{}",
        quoted(&servers_dir().join("skills-server.mjs")),
        if tampered { " --tampered" } else { "" }
    )
}

/// A `--stdio` line whose server keeps its data in `dir` (deleted on drop).
pub struct StdioWithDir {
    pub cmd: String,
    pub dir: TempDir,
}

/// `@modelcontextprotocol/server-memory@2026.8.31` over stdio, its graph in a fresh temp dir
/// (`MEMORY_FILE_PATH`, passed through `env` so that the `--stdio` line alone is enough).
pub fn memory_stdio() -> StdioWithDir {
    let script = node_script(
        "@modelcontextprotocol/server-memory/dist/index.js",
        "@modelcontextprotocol/server-memory@2026.8.31",
    );
    let dir = tempfile::tempdir().expect("temp dir for the memory file");
    let cmd = format!(
        "env {} node {}",
        quoted_assignment("MEMORY_FILE_PATH", &dir.path().join("memory.jsonl")),
        quoted(&script)
    );
    StdioWithDir { cmd, dir }
}

/// `@modelcontextprotocol/server-filesystem@2026.8.31` over stdio, allowed a fresh temp dir
/// that holds `note.txt`. It declares tools and no resources.
pub fn filesystem_stdio() -> StdioWithDir {
    let script = node_script(
        "@modelcontextprotocol/server-filesystem/dist/index.js",
        "@modelcontextprotocol/server-filesystem@2026.8.31",
    );
    let dir = tempfile::tempdir().expect("temp dir for the filesystem server");
    std::fs::write(dir.path().join("note.txt"), "a note").expect("write note.txt");
    let cmd = format!("node {} {}", quoted(&script), quoted(dir.path()));
    StdioWithDir { cmd, dir }
}

fn quoted_assignment(name: &str, path: &Path) -> String {
    format!("\"{name}={}\"", path.display())
}

/// PyPI `mcp-server-sqlite` (1.x SDK) over stdio, with a fresh database in a temp dir.
pub fn sqlite_stdio() -> StdioWithDir {
    let bin = installed(
        ".venv-sqlite/bin/mcp-server-sqlite",
        "mcp-server-sqlite",
        SQLITE_INSTALL,
    );
    let dir = tempfile::tempdir().expect("temp dir for the database");
    let cmd = format!(
        "{} --db-path {}",
        quoted(&bin),
        quoted(&dir.path().join("test.db"))
    );
    StdioWithDir { cmd, dir }
}

/// tests/servers/python/modern_server.py (MCP Python SDK 2.x) over stdio: 2026-07-28.
pub fn python_modern_stdio() -> String {
    format!("{} {}", quoted(&modern_python()), quoted(&modern_script()))
}

/// The same, changing `counter://ticks` and announcing it every `seconds`.
pub fn python_modern_stdio_ticking(seconds: f64) -> String {
    format!("{} --tick {seconds}", python_modern_stdio())
}

/// A server started over HTTP for one test; killed when dropped.
pub struct HttpServer {
    child: Child,
    /// The endpoint to pass to `--http` (Streamable HTTP) or `--sse` (legacy SSE).
    pub url: String,
    log: PathBuf,
    _dir: TempDir,
}

impl HttpServer {
    /// What the server wrote to stderr (and stdout, for the Node servers) so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// server-everything 2026 over Streamable HTTP at `http://127.0.0.1:P/mcp`.
pub fn everything_http() -> HttpServer {
    everything_on_port("streamableHttp", "/mcp")
}

/// server-everything 2026 over the legacy HTTP+SSE transport at `http://127.0.0.1:P/sse`.
pub fn everything_sse() -> HttpServer {
    everything_on_port("sse", "/sse")
}

/// server-everything takes its port from `PORT` and listens on every interface: the preload
/// tests/servers/loopback.cjs moves it to 127.0.0.1. It cannot report a port it chose, so we
/// pick a free one and retry if another process takes it first.
fn everything_on_port(transport: &str, path: &str) -> HttpServer {
    let script = everything_2026_script();
    let preload = loopback_preload();
    let mut last_log = String::new();
    for _ in 0..3 {
        let port = free_port();
        let dir = tempfile::tempdir().expect("temp dir for the server log");
        let log = dir.path().join("server.log");
        let out = File::create(&log).expect("server log");
        let child = Command::new("node")
            .arg("-r")
            .arg(&preload)
            .arg(&script)
            .arg(transport)
            .env("PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(out.try_clone().expect("log handle"))
            .stderr(out)
            .spawn()
            .expect("start node (is Node.js installed?)");
        let mut server = HttpServer {
            child,
            url: format!("http://127.0.0.1:{port}{path}"),
            log,
            _dir: dir,
        };
        if wait_for_port(&mut server.child, port) {
            return server;
        }
        last_log = server.log();
    }
    panic!("server-everything {transport} did not start listening:\n{last_log}");
}

/// tests/servers/python/modern_server.py over Streamable HTTP; it picks its own port and
/// prints `listening on URL`.
pub fn python_modern_http() -> HttpServer {
    python_modern_http_with(&[])
}

/// The same with extra arguments, e.g. `["--tick", "0.5"]`.
pub fn python_modern_http_with(extra: &[&str]) -> HttpServer {
    let dir = tempfile::tempdir().expect("temp dir for the server log");
    let log = dir.path().join("server.log");
    let mut child = Command::new(modern_python())
        .arg(modern_script())
        .args(["--http", "0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(File::create(&log).expect("server log"))
        .spawn()
        .expect("start the Python server");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = reader.read_line(&mut line);
        let _ = sender.send(line);
        // Keep draining so the server never blocks on a full pipe.
        let _ = std::io::copy(&mut reader, &mut std::io::sink());
    });
    let line = receiver.recv_timeout(START_TIMEOUT).unwrap_or_default();
    let mut server = HttpServer {
        child,
        url: String::new(),
        log,
        _dir: dir,
    };
    match line.trim().strip_prefix("listening on ") {
        Some(url) => server.url = url.to_owned(),
        None => panic!(
            "the Python server did not start (first line {line:?}):\n{}",
            server.log()
        ),
    }
    server
}

fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

/// Waits until something accepts connections on the port; false if the child exited first.
fn wait_for_port(child: &mut Child, port: u16) -> bool {
    let deadline = Instant::now() + START_TIMEOUT;
    while Instant::now() < deadline {
        if TcpStream::connect_timeout(
            &(Ipv4Addr::LOCALHOST, port).into(),
            Duration::from_millis(200),
        )
        .is_ok()
        {
            return true;
        }
        if matches!(child.try_wait(), Ok(Some(_))) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}
