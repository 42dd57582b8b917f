//! The commands beyond `ls`/`read` (templates, complete, info, prompts, prompt, tools, call)
//! and the exit codes, against the real third-party servers of support/servers.rs.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::servers;
use support::{assert_failed, stderr, Cli};

fn array(value: &Value) -> &Vec<Value> {
    value.as_array().expect("a JSON array")
}

// ---------------------------------------------------------------- templates

#[test]
fn templates_of_everything_2026() {
    let cli = Cli::new();
    let cmd = servers::everything_stdio();
    let templates = cli.json(&["templates", "--stdio", &cmd, "--json"]);
    let templates = array(&templates);
    let uris: Vec<&str> = templates
        .iter()
        .map(|t| t["uriTemplate"].as_str().expect("uriTemplate"))
        .collect();
    assert_eq!(
        uris,
        [
            "demo://resource/dynamic/text/{resourceId}",
            "demo://resource/dynamic/blob/{resourceId}"
        ]
    );
    let text = &templates[0];
    assert_eq!(text["server"], cmd.as_str());
    assert_eq!(text["name"], "Dynamic Text Resource");
    assert_eq!(text["mimeType"], "text/plain");
    assert!(text["description"].is_string());
    assert!(text["annotations"].is_object());
}

#[test]
fn templates_of_hello_world_and_everything_2025() {
    let cli = Cli::new();
    let hello = cli.json(&[
        "templates",
        "--stdio",
        &servers::hello_world_stdio(),
        "--json",
    ]);
    assert_eq!(array(&hello).len(), 1);
    let greeting = &array(&hello)[0];
    assert_eq!(greeting["uriTemplate"], "greeting://{name}");
    assert_eq!(greeting["name"], "greeting");
    for absent in ["mimeType", "title", "description"] {
        assert!(greeting.get(absent).is_none(), "{absent}: {greeting}");
    }

    let old = cli.json(&[
        "templates",
        "--stdio",
        &servers::everything_2025_stdio(),
        "--json",
    ]);
    assert_eq!(array(&old).len(), 1);
    assert_eq!(array(&old)[0]["uriTemplate"], "test://static/resource/{id}");
}

#[test]
fn templates_of_the_python_sdk_2_server_over_http() {
    let server = servers::python_modern_http();
    let cli = Cli::new();
    let templates = cli.json(&["templates", "--http", &server.url, "--json"]);
    assert_eq!(array(&templates).len(), 1);
    let weather = &array(&templates)[0];
    assert_eq!(weather["uriTemplate"], "weather://{country}/{city}");
    assert_eq!(weather["title"], "Weather");
    assert_eq!(weather["mimeType"], "application/json");
    assert_eq!(weather["annotations"]["audience"], json!(["user"]));
    assert!(weather["annotations"]["priority"].is_number());
}

#[test]
fn templates_of_sqlite_are_not_supported() {
    let cli = Cli::new();
    let sqlite = servers::sqlite_stdio();
    let output = cli.run(&["templates", "--stdio", &sqlite.cmd, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let listing: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(listing, json!([]));
    assert!(
        stderr(&output).contains("not supported"),
        "a note on stderr: {}",
        stderr(&output)
    );
}

#[test]
fn templates_of_memory_are_an_empty_list() {
    let cli = Cli::new();
    let memory = servers::memory_stdio();
    let output = cli.run(&["templates", "--stdio", &memory.cmd, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let listing: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(listing, json!([]));
}

// ---------------------------------------------------------------- complete

#[test]
fn complete_a_template_argument_of_everything() {
    let cli = Cli::new();
    let cmd = servers::everything_stdio();
    let completion = cli.json(&[
        "complete",
        "--stdio",
        &cmd,
        "demo://resource/dynamic/text/{resourceId}",
        "resourceId",
        "3",
        "--json",
    ]);
    assert_eq!(
        completion,
        json!({"values": ["3"], "total": 1, "hasMore": false})
    );
    let old = cli.json(&[
        "complete",
        "--stdio",
        &servers::everything_2025_stdio(),
        "test://static/resource/{id}",
        "id",
        "4",
        "--json",
    ]);
    assert_eq!(old["values"], json!(["4"]));
}

#[test]
fn complete_with_context_on_the_python_sdk_2_server() {
    let cli = Cli::new();
    let cmd = servers::python_modern_stdio();
    let template = "weather://{country}/{city}";
    let countries = cli.json(&[
        "complete", "--stdio", &cmd, template, "country", "fr", "--json",
    ]);
    assert_eq!(countries["values"], json!(["france"]));
    let cities = cli.json(&[
        "complete",
        "--stdio",
        &cmd,
        template,
        "city",
        "",
        "--context",
        "country=japan",
        "--json",
    ]);
    assert_eq!(
        cities,
        json!({"values": ["tokyo", "osaka", "kyoto"], "total": 3, "hasMore": false})
    );
    let any = cli.json(&["complete", "--stdio", &cmd, template, "city", "o", "--json"]);
    assert_eq!(any["values"], json!(["osaka"]));
}

#[test]
fn complete_on_a_server_without_completions_fails() {
    let cli = Cli::new();
    let output = cli.run(&[
        "complete",
        "--stdio",
        &servers::hello_world_stdio(),
        "greeting://{name}",
        "name",
        "a",
        "--json",
    ]);
    assert_failed(&output, 2, "hello-world has no completions");
}

// ---------------------------------------------------------------- info

#[test]
fn info_tells_the_eras_apart() {
    let cli = Cli::new();
    let modern = cli.json(&["info", "--stdio", &servers::python_modern_stdio(), "--json"]);
    assert_eq!(modern["era"], "modern");
    assert_eq!(modern["protocolVersion"], "2026-07-28");
    assert_eq!(modern["name"], "lode-python-modern");
    assert_eq!(modern["title"], "Lode test server (Python SDK 2.x)");
    assert_eq!(modern["version"], "1.0.0");
    assert!(modern["instructions"]
        .as_str()
        .is_some_and(|i| i.starts_with("A test server for Lode")));
    let caps = &modern["capabilities"];
    for on in [
        "resources",
        "resourceSubscribe",
        "resourceListChanged",
        "prompts",
        "tools",
        "completions",
    ] {
        assert_eq!(caps[on], true, "{on}: {caps}");
    }
    assert_eq!(caps["logging"], false);
    assert!(modern["stderrTail"].is_array());

    let legacy = cli.json(&["info", "--stdio", &servers::everything_stdio(), "--json"]);
    assert_eq!(legacy["era"], "legacy");
    assert_eq!(legacy["protocolVersion"], "2025-11-25");
    assert_eq!(legacy["name"], "mcp-servers/everything");
    assert_eq!(legacy["title"], "Everything Reference Server");
    assert_eq!(legacy["capabilities"]["logging"], true);
    assert_eq!(legacy["capabilities"]["resourceSubscribe"], true);
    assert!(legacy["stderrTail"].as_array().is_some_and(|lines| lines
        .iter()
        .any(|l| l == "Starting default (STDIO) server...")));
}

#[test]
fn info_over_http_and_sse() {
    let cli = Cli::new();
    let python = servers::python_modern_http();
    let modern = cli.json(&["info", "--http", &python.url, "--json"]);
    assert_eq!(modern["era"], "modern");
    assert_eq!(modern["protocolVersion"], "2026-07-28");

    let everything = servers::everything_sse();
    let legacy = cli.json(&["info", "--sse", &everything.url, "--json"]);
    assert_eq!(legacy["era"], "legacy");
    assert_eq!(legacy["name"], "mcp-servers/everything");
}

#[test]
fn info_of_small_servers() {
    let cli = Cli::new();
    let sqlite = servers::sqlite_stdio();
    let info = cli.json(&["info", "--stdio", &sqlite.cmd, "--json"]);
    assert_eq!(info["name"], "sqlite");
    assert_eq!(info["capabilities"]["resourceSubscribe"], false);
    assert_eq!(info["capabilities"]["completions"], false);
    assert!(info.get("instructions").is_none());

    // serverInfo has an extra "debug": true, which must not break anything.
    let hello = cli.json(&["info", "--stdio", &servers::hello_world_stdio(), "--json"]);
    assert_eq!(hello["name"], "hello-world");
    assert_eq!(hello["version"], "1.0.0");
    assert_eq!(hello["capabilities"]["resourceSubscribe"], false);

    let memory = servers::memory_stdio();
    let info = cli.json(&["info", "--stdio", &memory.cmd, "--json"]);
    assert_eq!(info["name"], "memory-server");
    assert_eq!(info["capabilities"]["prompts"], false);
    assert_eq!(info["capabilities"]["resourceSubscribe"], true);
}

// ---------------------------------------------------------------- prompts

#[test]
fn prompts_of_everything_and_python() {
    let cli = Cli::new();
    let cmd = servers::everything_stdio();
    let prompts = cli.json(&["prompts", "--stdio", &cmd, "--json"]);
    let args_prompt = array(&prompts)
        .iter()
        .find(|p| p["name"] == "args-prompt")
        .expect("args-prompt listed");
    assert_eq!(args_prompt["title"], "Arguments Prompt");
    assert_eq!(
        args_prompt["arguments"][0],
        json!({"name": "city", "description": "Name of the city", "required": true})
    );
    assert_eq!(args_prompt["arguments"][1]["required"], false);
    let simple = array(&prompts)
        .iter()
        .find(|p| p["name"] == "simple-prompt")
        .expect("simple-prompt listed");
    assert_eq!(simple["arguments"], json!([]));

    let filled = cli.json(&[
        "prompt",
        "--stdio",
        &cmd,
        "args-prompt",
        "--arg",
        "city=Paris",
        "--json",
    ]);
    assert_eq!(
        filled["messages"],
        json!([{"role": "user", "content": {"type": "text", "text": "What's weather in Paris?"}}])
    );

    let python = servers::python_modern_stdio();
    let greet = cli.json(&[
        "prompt", "--stdio", &python, "greet", "--arg", "name=Ada", "--json",
    ]);
    assert_eq!(greet["description"], "Greets someone");
    assert_eq!(
        greet["messages"][0]["content"]["text"],
        "Please greet Ada in a friendly way."
    );
}

// ---------------------------------------------------------------- tools

#[test]
fn tools_and_calls_on_everything() {
    let cli = Cli::new();
    let cmd = servers::everything_stdio();
    let tools = cli.json(&["tools", "--stdio", &cmd, "--json"]);
    let sum = array(&tools)
        .iter()
        .find(|t| t["name"] == "get-sum")
        .expect("get-sum listed");
    assert_eq!(sum["inputSchema"]["type"], "object");
    assert!(sum["inputSchema"]["properties"]["a"].is_object());

    let called = cli.json(&[
        "call",
        "--stdio",
        &cmd,
        "get-sum",
        "--args",
        r#"{"a":1,"b":2}"#,
        "--json",
    ]);
    assert_eq!(
        called,
        json!({"content": [{"type": "text", "text": "The sum of 1 and 2 is 3."}], "isError": false})
    );

    let image = cli.json(&["call", "--stdio", &cmd, "get-tiny-image", "--json"]);
    let png = array(&image["content"])
        .iter()
        .find(|c| c["type"] == "image")
        .expect("an image content");
    assert_eq!(png["mimeType"], "image/png");
    assert!(png["data"]
        .as_str()
        .is_some_and(|d| d.starts_with("iVBORw0KGgo")));

    let structured = cli.json(&[
        "call",
        "--stdio",
        &cmd,
        "get-structured-content",
        "--args",
        r#"{"location":"New York"}"#,
        "--json",
    ]);
    assert!(structured["structuredContent"]["temperature"].is_number());
}

#[test]
fn a_tool_error_exits_2() {
    let cli = Cli::new();
    let output = cli.run(&[
        "call",
        "--stdio",
        &servers::everything_stdio(),
        "get-sum",
        "--args",
        r#"{"a":"x"}"#,
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let result: Value = serde_json::from_slice(&output.stdout).expect("the result as JSON");
    assert_eq!(result["isError"], true);
    assert!(stderr(&output).starts_with("lode: "), "{}", stderr(&output));
}

#[test]
fn calls_on_python_and_hello_world() {
    let cli = Cli::new();
    let python = servers::python_modern_stdio();
    let sum = cli.json(&[
        "call",
        "--stdio",
        &python,
        "add",
        "--args",
        r#"{"a":2,"b":3}"#,
        "--json",
    ]);
    assert_eq!(sum["structuredContent"], json!({"sum": 5}));
    assert_eq!(sum["isError"], false);

    let echo = cli.json(&[
        "call",
        "--stdio",
        &servers::hello_world_stdio(),
        "echo",
        "--args",
        r#"{"message":"hi"}"#,
        "--json",
    ]);
    assert_eq!(echo["content"][0]["text"], "You said: hi");
}

#[test]
fn tool_calls_change_what_later_reads_see() {
    let cli = Cli::new();
    let memory = servers::memory_stdio();
    cli.json(&[
        "call",
        "--stdio",
        &memory.cmd,
        "create_entities",
        "--args",
        r#"{"entities":[{"name":"Ada","entityType":"person","observations":["wrote the first program"]}]}"#,
        "--json",
    ]);
    let graph = cli.json(&[
        "read",
        "--stdio",
        &memory.cmd,
        "memory://knowledge-graph",
        "--json",
    ]);
    let graph: Value =
        serde_json::from_str(graph[0]["text"].as_str().expect("text")).expect("JSON");
    assert_eq!(graph["entities"][0]["name"], "Ada");

    let sqlite = servers::sqlite_stdio();
    for query in [
        "CREATE TABLE t (id INTEGER, name TEXT)",
        "INSERT INTO t VALUES (1, 'a')",
    ] {
        let tool = if query.starts_with("CREATE") {
            "create_table"
        } else {
            "write_query"
        };
        let args = json!({ "query": query }).to_string();
        cli.json(&[
            "call",
            "--stdio",
            &sqlite.cmd,
            tool,
            "--args",
            &args,
            "--json",
        ]);
    }
    let rows = cli.json(&[
        "call",
        "--stdio",
        &sqlite.cmd,
        "read_query",
        "--args",
        r#"{"query":"SELECT * FROM t"}"#,
        "--json",
    ]);
    assert_eq!(rows["content"][0]["text"], "[{'id': 1, 'name': 'a'}]");
}

// ---------------------------------------------------------------- exit codes

#[test]
fn a_server_that_never_answers_times_out_with_4() {
    let cli = Cli::new();
    let started = Instant::now();
    let output = cli.run(&["ls", "--stdio", "sleep 30", "--timeout", "1", "--json"]);
    assert_failed(&output, 4, "timeout");
    assert!(
        stderr(&output).starts_with("lode: timeout: "),
        "{}",
        stderr(&output)
    );
    assert!(started.elapsed() < Duration::from_secs(15));
}

#[test]
fn usage_errors_exit_1() {
    let cli = Cli::new();
    let cmd = servers::everything_stdio();
    for args in [
        vec!["complete", "--stdio", cmd.as_str(), "only-a-template"],
        vec![
            "call",
            "--stdio",
            cmd.as_str(),
            "get-sum",
            "--args",
            "not json",
        ],
        vec!["watch", "--stdio", cmd.as_str(), "--count", "0", "demo://x"],
    ] {
        let output = cli.run(&args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
