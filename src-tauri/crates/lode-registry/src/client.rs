//! A registry's three reads: a page of a search, a server's versions, one version of a server.

use std::time::Duration;

use lode_core::registry::{
    is_server_name, parse_entry, shown_registry, RegistryEntry, RegistryPage, RegistryQuery,
};
use lode_core::{ErrorCode, LodeError, LodeResult};
use url::Url;

use crate::endpoints;
use crate::transfer::{get_json, http_client, ANSWER_TIMEOUT};

/// A version is bounded before it goes into a URL (server.json's bound).
const MAX_VERSION_BYTES: usize = 255;

/// One registry, asked over HTTP.
pub struct RegistryClient {
    http: reqwest::Client,
    base: Url,
    /// The registry's address as Lode shows it.
    registry: String,
}

impl RegistryClient {
    /// A client of the registry at `base` (checked by `lode_core::registry::registry_url`).
    pub fn new(base: Url) -> LodeResult<Self> {
        Self::with_answer_timeout(base, ANSWER_TIMEOUT)
    }

    /// As [`RegistryClient::new`], waiting `answer_timeout` for a whole answer instead of 30 s.
    pub fn with_answer_timeout(base: Url, answer_timeout: Duration) -> LodeResult<Self> {
        Ok(Self {
            http: http_client(answer_timeout)?,
            registry: shown_registry(&base),
            base,
        })
    }

    /// The registry's address, as Lode shows it.
    pub fn registry(&self) -> &str {
        &self.registry
    }

    /// One page of a search: the latest version of each server matching `query`.
    pub async fn search(&self, query: &RegistryQuery) -> LodeResult<RegistryPage> {
        query.check()?;
        let answer = get_json(
            &self.http,
            &self.registry,
            endpoints::servers(&self.base, query)?,
        )
        .await?;
        RegistryPage::parse(&self.registry, &answer)
    }

    /// Every version of the server `name` the registry lists.
    pub async fn versions(&self, name: &str) -> LodeResult<RegistryPage> {
        server_name(name)?;
        let answer = get_json(
            &self.http,
            &self.registry,
            endpoints::versions(&self.base, name)?,
        )
        .await?;
        RegistryPage::parse(&self.registry, &answer)
    }

    /// One version of the server `name` (`latest` for its latest), which must be what the
    /// registry answers: an answer for another server or version is refused.
    pub async fn version(&self, name: &str, version: &str) -> LodeResult<RegistryEntry> {
        server_name(name)?;
        version_word(version)?;
        let answer = get_json(
            &self.http,
            &self.registry,
            endpoints::version(&self.base, name, version)?,
        )
        .await?;
        let refused = |why: String| {
            LodeError::new(
                ErrorCode::Protocol,
                format!(
                    "the registry {}'s entry for {name} {version} cannot be kept: {why}",
                    self.registry
                ),
            )
        };
        let entry = parse_entry(&answer).map_err(|problem| refused(problem.to_string()))?;
        if entry.name != name || (version != "latest" && entry.version != version) {
            return Err(refused(format!(
                "it answered {} {} instead",
                entry.name, entry.version
            )));
        }
        Ok(entry)
    }
}

/// A name the registry could have: a path segment of its URL that cannot be read as another.
fn server_name(name: &str) -> LodeResult<()> {
    if !is_server_name(name) {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{:?} is not a server's name: namespace/name, e.g. io.github.user/weather",
                name.chars().take(200).collect::<String>()
            ),
        ));
    }
    Ok(())
}

/// A version: not empty, bounded, and not a path segment that means another place (`.`, `..`).
fn version_word(version: &str) -> LodeResult<()> {
    if version.is_empty() || version.len() > MAX_VERSION_BYTES || version == "." || version == ".."
    {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("a version is 1 to {MAX_VERSION_BYTES} bytes, and not . or .."),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;

    /// A loopback registry answering each connection with `answer` (raw HTTP), or holding it
    /// open without a word when `answer` is empty.
    async fn registry_answering(answer: String) -> Url {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("address");
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let answer = answer.clone();
                tokio::spawn(async move {
                    let mut request = [0u8; 4096];
                    let _ = socket.read(&mut request).await;
                    if answer.is_empty() {
                        tokio::time::sleep(Duration::from_secs(60)).await;
                    } else {
                        let _ = socket.write_all(answer.as_bytes()).await;
                    }
                });
            }
        });
        lode_core::registry::registry_url(&format!("http://{address}")).expect("a loopback URL")
    }

    /// A 200 answer of `body` as JSON, its length declared as `length` (the body's own when
    /// `None`).
    fn json_answer(body: &str, length: Option<usize>) -> String {
        format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            length.unwrap_or(body.len())
        )
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn names_and_versions_that_are_not_one_path_segment_are_refused_before_asking() {
        runtime().block_on(async {
            // Nothing listens there: a request would fail otherwise than as invalid input.
            let base = lode_core::registry::registry_url("http://127.0.0.1:9").expect("a URL");
            let client = RegistryClient::new(base).expect("client");
            for (name, version) in [
                ("weather", "1"),
                ("a.b/c", ".."),
                ("a.b/c", "."),
                ("a.b/c", ""),
            ] {
                let error = client.version(name, version).await.expect_err("refused");
                assert_eq!(
                    error.code,
                    ErrorCode::InvalidInput,
                    "{name} {version}: {error:?}"
                );
            }
            let error = client.versions("../x/y").await.expect_err("refused");
            assert_eq!(error.code, ErrorCode::InvalidInput);
        });
    }

    #[test]
    fn a_registry_that_never_answers_times_out() {
        runtime().block_on(async {
            let base = registry_answering(String::new()).await;
            let client = RegistryClient::with_answer_timeout(base, Duration::from_millis(300))
                .expect("client");
            let error = client.versions("a.b/c").await.expect_err("timed out");
            assert_eq!(error.code, ErrorCode::Timeout, "{error:?}");
            assert!(error.message.contains("did not answer in time"));
        });
    }

    #[test]
    fn an_answer_for_another_server_is_refused() {
        runtime().block_on(async {
            let base = registry_answering(json_answer(
                r#"{"server":{"name":"evil.example/other","version":"1"}}"#,
                None,
            ))
            .await;
            let client = RegistryClient::new(base).expect("client");
            let error = client
                .version("a.b/c", "latest")
                .await
                .expect_err("refused");
            assert_eq!(error.code, ErrorCode::Protocol);
            assert!(
                error
                    .message
                    .contains("answered evil.example/other 1 instead"),
                "{}",
                error.message
            );
        });
    }

    #[test]
    fn an_answer_past_the_cap_is_refused_by_its_length() {
        runtime().block_on(async {
            let base = registry_answering(json_answer("{", Some(99_999_999))).await;
            let client = RegistryClient::new(base).expect("client");
            let error = client
                .search(&RegistryQuery::default())
                .await
                .expect_err("too large");
            assert_eq!(error.code, ErrorCode::Protocol);
            assert!(
                error.message.contains("larger than 4 MiB"),
                "{}",
                error.message
            );
        });
    }
}
