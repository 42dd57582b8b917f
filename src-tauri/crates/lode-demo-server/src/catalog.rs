//! The fixed resources: a small example project (`file:///project/...`), two
//! database tables (`table://`), an agent (`beeos://`) and the demo's own pages
//! (`demo://`). Paths nest several levels deep so a URI tree means something.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rmcp::model::Resource;

use crate::{annotations, blobs, clock, icons::Glyph, tables::Tables};

/// How a resource's content is produced when it is read.
pub enum Body {
    Text(String),
    Blob(Vec<u8>),
    /// Queried from the sample database on every read.
    Table(String),
    /// The current time, rendered on every read.
    Clock,
}

pub struct Entry {
    pub resource: Resource,
    pub body: Body,
}

pub struct Catalog {
    entries: Vec<Entry>,
    by_uri: HashMap<String, usize>,
}

impl Catalog {
    pub fn build(now: DateTime<Utc>, tables: &Tables) -> anyhow::Result<Self> {
        let mut entries = Vec::new();
        for (position, spec) in specs().into_iter().enumerate() {
            entries.push(spec.into_entry(position, now, tables)?);
        }
        let by_uri = entries
            .iter()
            .enumerate()
            .map(|(index, entry)| (entry.resource.uri.clone(), index))
            .collect();
        Ok(Self { entries, by_uri })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn resources(&self) -> impl Iterator<Item = &Resource> {
        self.entries.iter().map(|entry| &entry.resource)
    }

    pub fn get(&self, uri: &str) -> Option<&Entry> {
        self.by_uri.get(uri).map(|&index| &self.entries[index])
    }

    pub fn slice(&self, start: usize, end: usize) -> &[Entry] {
        &self.entries[start.min(self.len())..end.min(self.len())]
    }

    /// Paths of the `file:///` resources without the scheme, for completion.
    pub fn file_paths(&self) -> impl Iterator<Item = &str> {
        self.resources()
            .filter_map(|resource| resource.uri.strip_prefix(FILE_PREFIX))
    }
}

pub const FILE_PREFIX: &str = "file:///";

enum Source {
    Text(&'static str),
    Generated(fn() -> String),
    Blob(fn() -> Vec<u8>),
    Table(&'static str),
    Clock,
}

struct Spec {
    uri: &'static str,
    title: Option<&'static str>,
    description: Option<&'static str>,
    mime: Option<&'static str>,
    glyph: Option<Glyph>,
    source: Source,
}

impl Spec {
    fn into_entry(
        self,
        position: usize,
        now: DateTime<Utc>,
        tables: &Tables,
    ) -> anyhow::Result<Entry> {
        let body = match self.source {
            Source::Text(text) => Body::Text(text.to_owned()),
            Source::Generated(make) => Body::Text(make()),
            Source::Blob(make) => Body::Blob(make()),
            Source::Table(name) => Body::Table(name.to_owned()),
            Source::Clock => Body::Clock,
        };
        // `size` is the byte length of what a read returns (before base64).
        let size = match &body {
            Body::Text(text) => text.len(),
            Body::Blob(bytes) => bytes.len(),
            Body::Table(name) => tables
                .render(name)?
                .ok_or_else(|| anyhow::anyhow!("sample.sql has no table {name}"))?
                .len(),
            Body::Clock => clock::render(now).len(),
        };
        let name = self
            .uri
            .rsplit('/')
            .find(|segment| !segment.is_empty())
            .unwrap_or(self.uri);
        let mut resource = Resource::new(self.uri, name).with_size(size as u64);
        resource.title = self.title.map(str::to_owned);
        resource.description = self.description.map(str::to_owned);
        resource.mime_type = self.mime.map(str::to_owned);
        resource.icons = self.glyph.map(|glyph| vec![glyph.icon()]);
        resource.annotations = annotations::spread(position, now);
        Ok(Entry { resource, body })
    }
}

/// A text resource with every descriptive field set, the common case.
fn text(
    uri: &'static str,
    title: &'static str,
    description: &'static str,
    mime: &'static str,
    glyph: Glyph,
    content: &'static str,
) -> Spec {
    Spec {
        uri,
        title: Some(title),
        description: Some(description),
        mime: Some(mime),
        glyph: Some(glyph),
        source: Source::Text(content),
    }
}

macro_rules! project {
    ($path:literal) => {
        include_str!(concat!("../assets/project/", $path))
    };
}

const MARKDOWN: &str = "text/markdown";
const JSON: &str = "application/json";
const RUST: &str = "text/x-rust";
const TYPESCRIPT: &str = "text/x-typescript";
const CSV: &str = "text/csv";
const YAML: &str = "application/yaml";
const TOML: &str = "application/toml";
const PLAIN: &str = "text/plain";
const HTML: &str = "text/html";

/// The order is the listing order and also drives the annotation spread.
/// One resource per line reads as a table, so rustfmt is kept out of it.
#[rustfmt::skip]
fn specs() -> Vec<Spec> {
    use Glyph::*;
    vec![
        text("file:///project/README.md", "Atlas README", "What Atlas is, how to run it and where things live", MARKDOWN, Document, project!("README.md")),
        text("file:///project/CHANGELOG.md", "Changelog", "Release history in Keep a Changelog format", MARKDOWN, Document, project!("CHANGELOG.md")),
        text("file:///project/LICENSE", "Licence", "MIT licence text", PLAIN, Document, project!("LICENSE")),
        // Stored as Cargo.toml.in so Cargo never mistakes the sample for a package.
        text("file:///project/Cargo.toml", "Cargo manifest", "Rust package manifest of the service", TOML, Config, project!("Cargo.toml.in")),
        text("file:///project/package.json", "npm manifest", "Node package for the query tooling", JSON, Config, project!("package.json")),
        // No MIME type on purpose: clients must cope with resources that lack one.
        Spec { uri: "file:///project/Makefile", title: Some("Makefile"), description: Some("Build, test and report targets"), mime: None, glyph: Some(Code), source: Source::Text(project!("Makefile")) },
        text("file:///project/docs/architecture.md", "Architecture", "The three layers and the failure model", MARKDOWN, Document, project!("docs/architecture.md")),
        text("file:///project/docs/glossary.md", "Glossary", "Terms used across the docs", MARKDOWN, Document, project!("docs/glossary.md")),
        Spec { uri: "file:///project/docs/spec.pdf", title: Some("Specification (PDF)"), description: Some("One-page specification, a real PDF document"), mime: Some("application/pdf"), glyph: Some(Document), source: Source::Blob(blobs::spec_pdf) },
        text("file:///project/docs/guides/getting-started.md", "Getting started", "From a fresh clone to a first report in five minutes", MARKDOWN, Document, project!("docs/guides/getting-started.md")),
        text("file:///project/docs/guides/configuration.md", "Configuration", "Every setting and its default", MARKDOWN, Document, project!("docs/guides/configuration.md")),
        text("file:///project/docs/guides/deployment.md", "Deployment", "Running Atlas under systemd and backing it up", MARKDOWN, Document, project!("docs/guides/deployment.md")),
        text("file:///project/docs/guides/faq.md", "FAQ", "Frequently asked questions", MARKDOWN, Document, project!("docs/guides/faq.md")),
        text("file:///project/docs/guides/advanced/plugins.md", "Report plugins", "Writing a report plugin from a SQL view", MARKDOWN, Document, project!("docs/guides/advanced/plugins.md")),
        text("file:///project/docs/guides/advanced/performance.md", "Performance notes", "Ingest throughput and report tuning", MARKDOWN, Document, project!("docs/guides/advanced/performance.md")),
        text("file:///project/docs/api/index.html", "API overview", "HTML page listing the HTTP endpoints", HTML, Document, project!("docs/api/index.html")),
        text("file:///project/docs/api/endpoints.yaml", "OpenAPI description", "OpenAPI 3.1 description of the API", YAML, Config, project!("docs/api/endpoints.yaml")),
        text("file:///project/docs/adr/0001-record-decisions.md", "ADR 1: record decisions", "Why the project keeps decision records", MARKDOWN, Document, project!("docs/adr/0001-record-decisions.md")),
        text("file:///project/docs/adr/0002-use-sqlite.md", "ADR 2: use SQLite", "Why the warehouse is SQLite", MARKDOWN, Document, project!("docs/adr/0002-use-sqlite.md")),
        text("file:///project/docs/meetings/2025-06-kickoff.md", "Q3 kick-off notes", "Decisions and action items from the Q3 kick-off", MARKDOWN, Document, project!("docs/meetings/2025-06-kickoff.md")),
        text("file:///project/docs/i18n/zh-CN/getting-started.md", "快速上手", "Getting started guide in Simplified Chinese", MARKDOWN, Document, project!("docs/i18n/zh-CN/getting-started.md")),
        text("file:///project/src/main.rs", "main.rs", "HTTP entry point of the service", RUST, Code, project!("src/main.rs")),
        text("file:///project/src/lib.rs", "lib.rs", "Library root and module list", RUST, Code, project!("src/lib.rs")),
        text("file:///project/src/config.rs", "config.rs", "Settings loading with unknown keys rejected", RUST, Code, project!("src/config.rs")),
        text("file:///project/src/lib/parser.ts", "parser.ts", "Query language parser", TYPESCRIPT, Code, project!("src/lib/parser.ts")),
        text("file:///project/src/lib/tokenizer.ts", "tokenizer.ts", "Query language tokenizer", TYPESCRIPT, Code, project!("src/lib/tokenizer.ts")),
        text("file:///project/src/lib/index.ts", "index.ts", "Public exports of the query library", TYPESCRIPT, Code, project!("src/lib/index.ts")),
        text("file:///project/src/ui/App.tsx", "App.tsx", "Query console component", TYPESCRIPT, Code, project!("src/ui/App.tsx")),
        text("file:///project/src/ui/styles.css", "styles.css", "Query console styles", "text/css", Code, project!("src/ui/styles.css")),
        text("file:///project/src/scripts/build.sh", "build.sh", "Release build script", "application/x-sh", Code, project!("src/scripts/build.sh")),
        text("file:///project/src/scripts/migrate.py", "migrate.py", "Applies SQL migrations", "text/x-python", Code, project!("src/scripts/migrate.py")),
        text("file:///project/src/sql/schema.sql", "schema.sql", "Warehouse schema", "application/sql", Code, project!("src/sql/schema.sql")),
        text("file:///project/tests/parser.test.ts", "parser.test.ts", "Parser unit tests", TYPESCRIPT, Code, project!("tests/parser.test.ts")),
        text("file:///project/tests/integration.rs", "integration.rs", "Ingest-then-query integration test", RUST, Code, project!("tests/integration.rs")),
        text("file:///project/data/sales.csv", "Sales sample", "Five days of sales by region", CSV, Data, project!("data/sales.csv")),
        text("file:///project/data/customers.csv", "Customers", "Customer list with quoted fields", CSV, Data, project!("data/customers.csv")),
        text("file:///project/data/events.jsonl", "Event sample", "Newline-delimited JSON events", "application/x-ndjson", Data, project!("data/events.jsonl")),
        text("file:///project/data/archive/2024/q4-summary.md", "Q4 2024 summary", "Quarterly report with a table", MARKDOWN, Data, project!("data/archive/2024/q4-summary.md")),
        text("file:///project/data/archive/2024/q4-sales.csv", "Q4 2024 sales", "Monthly sales per region", CSV, Data, project!("data/archive/2024/q4-sales.csv")),
        text("file:///project/config/settings.json", "Settings", "Service settings", JSON, Config, project!("config/settings.json")),
        text("file:///project/config/logging.toml", "Logging", "Log levels per module", TOML, Config, project!("config/logging.toml")),
        text("file:///project/config/environments/production.yaml", "Production overrides", "Settings for production", YAML, Config, project!("config/environments/production.yaml")),
        text("file:///project/config/environments/staging.yaml", "Staging overrides", "Settings for staging", YAML, Config, project!("config/environments/staging.yaml")),
        Spec { uri: "file:///project/assets/logo.png", title: Some("Logo"), description: Some("48x48 PNG logo, a real image"), mime: Some("image/png"), glyph: Some(Image), source: Source::Blob(blobs::logo_png) },
        text("file:///project/assets/icon.svg", "Icon (SVG)", "Vector icon, served as text", "image/svg+xml", Image, project!("assets/icon.svg")),
        text("file:///project/assets/fonts/README.txt", "Fonts", "Why no fonts are bundled", PLAIN, Document, project!("assets/fonts/README.txt")),
        Spec { uri: "file:///project/logs/server.log", title: Some("Server log"), description: Some("About 100 KB of service log"), mime: Some(PLAIN), glyph: Some(Data), source: Source::Generated(blobs::server_log) },
        Spec { uri: "table://user", title: Some("Users"), description: Some("Rows of the user table from the bundled SQLite sample"), mime: Some(JSON), glyph: Some(Table), source: Source::Table("user") },
        Spec { uri: "table://item", title: Some("Items"), description: Some("Rows of the item table from the bundled SQLite sample"), mime: Some(JSON), glyph: Some(Table), source: Source::Table("item") },
        text("beeos://agent/config", "Agent configuration", "Model, temperature and tools of the research agent", JSON, Agent, include_str!("../assets/beeos/agent/config.json")),
        text("beeos://agent/skills", "Agent skills", "Skills the research agent can use", JSON, Agent, include_str!("../assets/beeos/agent/skills.json")),
        text("beeos://agent/memory/summary", "Agent memory", "Rolling summary of what the agent remembers", MARKDOWN, Agent, include_str!("../assets/beeos/agent/memory/summary.md")),
        text("beeos://agent/prompts/system.md", "System prompt", "The agent's system prompt", MARKDOWN, Agent, include_str!("../assets/beeos/agent/prompts/system.md")),
        text("demo://welcome", "Welcome", "What this demo server offers and how to try it", MARKDOWN, Document, include_str!("../assets/demo/welcome.md")),
        Spec { uri: clock::URI, title: Some("Clock"), description: Some("The current time; subscribe to receive updates"), mime: Some(PLAIN), glyph: Some(Clock), source: Source::Clock },
        // The samples are edge cases, deliberately sparse in metadata.
        Spec { uri: "demo://samples/unicode.txt", title: Some("Unicode sampler"), description: Some("Many scripts, emoji, combining marks, right-to-left text"), mime: Some(PLAIN), glyph: None, source: Source::Text(include_str!("../assets/demo/samples/unicode.txt")) },
        Spec { uri: "demo://samples/empty.txt", title: Some("Empty file"), description: Some("Zero bytes of text"), mime: Some(PLAIN), glyph: None, source: Source::Text("") },
        Spec { uri: "demo://samples/long-line.txt", title: None, description: Some("One 12,000-character line"), mime: Some(PLAIN), glyph: None, source: Source::Generated(blobs::long_line) },
        Spec { uri: "demo://samples/unsafe.html", title: Some("Untrusted HTML"), description: Some("HTML with scripts and handlers that a client must not run"), mime: Some(HTML), glyph: None, source: Source::Text(include_str!("../assets/demo/samples/unsafe.html")) },
        Spec { uri: "demo://samples/binary.bin", title: None, description: None, mime: Some("application/octet-stream"), glyph: None, source: Source::Blob(blobs::noise) },
    ]
}
