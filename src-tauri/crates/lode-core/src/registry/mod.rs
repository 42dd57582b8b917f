//! MCP registries (the official one and its sub-registries, which share one API): the entries
//! Lode reads from them, checked and bounded, and the rules for a registry's address. No I/O:
//! lode-registry asks, lode-app keeps the list of registries.
//!
//! The shapes relied on, as the registry publishes them:
//! - The API, `docs/reference/api/openapi.yaml` of github.com/modelcontextprotocol/registry
//!   (version 2025-12-01) and `docs/guides/consuming/use-rest-api.md`:
//!   `GET /v0.1/servers?search=&cursor=&limit=&updated_since=&version=latest` and
//!   `GET /v0.1/servers/{name}/versions` answer a `ServerList`,
//!   `{servers: [ServerResponse], metadata: {nextCursor?, count}}`, where a `ServerResponse` is
//!   `{server: <server.json>, _meta: {"io.modelcontextprotocol.registry/official": {status,
//!   publishedAt, updatedAt, isLatest}}}`; `GET /v0.1/servers/{name}/versions/{version}` (the
//!   version `latest` for the latest) answers one `ServerResponse`. Names and versions are
//!   URL-encoded path segments; a `nextCursor` that is absent or empty ends the list. The
//!   official registry caps `limit` at 100 (`internal/api/handlers/v0/servers.go`) and matches
//!   `search` against the name (and, since the API's changelog's "Unreleased", the
//!   description). A sub-registry need not send `_meta` at all (the consuming guide: "avoid
//!   hard dependencies on `_meta` fields").
//! - Status, `docs/reference/api/CHANGELOG.md`: `active`, `deprecated` ("still visible with a
//!   warning message") or `deleted` ("hidden from default listings"), with an optional
//!   `statusMessage` in the same `_meta` object. Before 2025-09-29 `status` sat in server.json
//!   itself: it is read from there when `_meta` has none.
//! - server.json, `docs/reference/server-json/draft/server.schema.json` (`$schema`
//!   2025-12-11): `name` (`namespace/name`, 3–200 characters of `[a-zA-Z0-9.-]` then
//!   `[a-zA-Z0-9._-]`), `description` (≤ 100), `title` (≤ 100), `version` (≤ 255),
//!   `repository {url, source, id?, subfolder?}`, `websiteUrl`, `icons [{src (https, ≤ 255),
//!   mimeType?, sizes?, theme?}]`, `packages [{registryType (npm, pypi, nuget, oci, mcpb, …),
//!   registryBaseUrl?, identifier, version?, fileSha256? (64 lower-case hex), runtimeHint? (npx,
//!   uvx, docker, dnx), transport {type: stdio | streamable-http | sse, url?, headers?},
//!   runtimeArguments?, packageArguments?, environmentVariables?}]` and `remotes [{type:
//!   streamable-http | sse, url (a template: `{variable}`s), headers?, variables?}]`. An
//!   argument is `{type: positional, valueHint?}` or `{type: named, name}`, with `isRepeated`;
//!   arguments, environment variables and headers are inputs `{description?, isRequired,
//!   format (string | number | boolean | filepath), value?, isSecret, default?, placeholder?,
//!   choices?, variables? {name: input}}`.
//!
//! Everything a registry sends is untrusted: an entry is kept whole or refused with its reason
//! (never half-kept), a page keeps its good entries and lists the refused ones, text past its
//! bound is cut and said, unknown fields are ignored. What Lode cannot run is kept and shown,
//! marked with why (`Launch::NotRunnable`). Strings are kept as sent; every view reveals them
//! (`crate::reveal`).

mod address;
mod entry;
mod fields;
mod inputs;
mod launch;
mod package;
mod page;
mod query;
mod remote;

pub use address::{registry_url, shown_registry, OFFICIAL_REGISTRY};
pub use entry::{
    is_server_name, parse_entry, parse_server, EntryDetails, EntryStatus, EntryVersion,
    RegistryEntry, RegistryIcon, RegistryRepository,
};
pub use fields::RegistryProblem;
pub use inputs::{
    ArgumentKind, InputFormat, InputVariable, NamedInput, RegistryArgument, RegistryInput,
};
pub use launch::{Launch, PackageRunner};
pub use package::RegistryPackage;
pub use page::{RefusedEntry, RegistryPage};
pub use query::{RegistryQuery, MAX_LIMIT};
pub use remote::RegistryRemote;

/// The most bytes of one registry answer Lode reads; the client refuses a larger one.
pub const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;
