//! `resources/read` results, parsed without copying a resource's text more than once.
//!
//! Why not rmcp's `ReadResourceResult`: its `ResourceContents` is `#[serde(untagged)]`, so serde
//! first buffers each content, text included, into its private `Content` tree; and serde_json
//! builds a string with escapes in its scratch buffer, then copies it. A 10 MiB text then
//! exists three times besides the message it came in. Here each content keeps its `text` or
//! `blob` as the literal in the message (borrowed), and `json_string::unescape` makes the one
//! `String` rmcp's type holds.

use rmcp::model::{CacheScope, MetaObject, ReadResourceResult, ResourceContents, ResultType};
use serde::{de::Error as _, Deserialize, Deserializer};
use serde_json::{value::RawValue, Value};

use super::json_string;

/// rmcp's `ReadResourceResult`, parsed as described above. Parsing borrows from the input, so
/// it only works from a `&str` (`serde_json::from_str`), never from a reader or a `Value`.
pub(super) struct ReadResult(pub(super) ReadResourceResult);

impl<'de> Deserialize<'de> for ReadResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = WireRead::deserialize(deserializer)?;
        // Converted inside the parse, so a bad content fails it like a bad field would: the
        // decoder then neither consumes the request's id nor skips its fallbacks.
        wire.into_rmcp().map(ReadResult).map_err(D::Error::custom)
    }
}

/// Every field of rmcp's `ReadResourceResult`, read as rmcp reads it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireRead<'a> {
    #[serde(default)]
    result_type: Option<ResultType>,
    #[serde(default, deserialize_with = "ttl_ms")]
    ttl_ms: Option<u64>,
    #[serde(default, deserialize_with = "cache_scope")]
    cache_scope: Option<CacheScope>,
    #[serde(borrow)]
    contents: Vec<WireContents<'a>>,
    #[serde(rename = "_meta", default)]
    meta: Option<MetaObject>,
}

/// One content, either variant of rmcp's `ResourceContents`, with `text` and `blob` left as
/// their JSON literals, quotes and escapes included.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireContents<'a> {
    uri: String,
    #[serde(default)]
    mime_type: Option<String>,
    #[serde(default, borrow)]
    text: Option<&'a RawValue>,
    /// Base64 rarely has escapes, but may (`\/` from encoders that escape slashes).
    #[serde(default, borrow)]
    blob: Option<&'a RawValue>,
    #[serde(rename = "_meta", default)]
    meta: Option<MetaObject>,
}

impl WireRead<'_> {
    fn into_rmcp(self) -> Result<ReadResourceResult, String> {
        let contents = self
            .contents
            .into_iter()
            .map(WireContents::into_rmcp)
            .collect::<Result<Vec<_>, _>>()?;
        let mut result = ReadResourceResult::new(contents);
        // `new` presumes a complete result; an absent `resultType` must stay absent.
        result.result_type = self.result_type;
        result.ttl_ms = self.ttl_ms;
        result.cache_scope = self.cache_scope;
        result.meta = self.meta;
        Ok(result)
    }
}

impl WireContents<'_> {
    /// A `null` `text` or `blob` counts as absent, as it does for rmcp.
    fn into_rmcp(self) -> Result<ResourceContents, String> {
        let WireContents {
            uri,
            mime_type,
            text,
            blob,
            meta,
        } = self;
        match (text, blob) {
            (Some(text), None) => Ok(ResourceContents::TextResourceContents {
                text: unescape(text, "text", &uri)?,
                uri,
                mime_type,
                meta,
            }),
            (None, Some(blob)) => Ok(ResourceContents::BlobResourceContents {
                blob: unescape(blob, "blob", &uri)?,
                uri,
                mime_type,
                meta,
            }),
            (Some(_), Some(_)) => Err(format!(
                "the contents of `{uri}` have both `text` and `blob`, not one of them"
            )),
            (None, None) => Err(format!(
                "the contents of `{uri}` have neither `text` nor `blob`"
            )),
        }
    }
}

fn unescape(literal: &RawValue, field: &str, uri: &str) -> Result<String, String> {
    json_string::unescape(literal.get())
        .map_err(|error| format!("the `{field}` of `{uri}` {error}"))
}

/// As rmcp reads `ttlMs`: a negative value means 0, immediately stale (SEP-2549).
fn ttl_ms<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    let ttl_ms = Option::<i64>::deserialize(deserializer)?;
    Ok(ttl_ms.map(|ttl_ms| u64::try_from(ttl_ms).unwrap_or(0)))
}

/// As rmcp reads `cacheScope`: `""`, sent by some servers, means absent.
fn cache_scope<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<CacheScope>, D::Error> {
    match Option::<Value>::deserialize(deserializer)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(scope)) if scope.is_empty() => Ok(None),
        Some(scope) => CacheScope::deserialize(scope)
            .map(Some)
            .map_err(D::Error::custom),
    }
}
