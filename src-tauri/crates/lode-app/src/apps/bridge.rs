//! What a running app may ask of Lode through its bridge, each request naming its view's token:
//! only of the server that offers it. Its tool calls are asked about as the window's are (and
//! only tools the server lists for apps); its links open only after the person's yes in Lode's
//! own dialog, and only web addresses; its log lines go to its server's log.

use lode_core::import::reveal;
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult, ResourceContent};

use crate::confirmation::Confirmation;
use crate::Lode;

/// The longest log line an app may add (the server log cuts its lines too).
const MAX_LOG_CHARS: usize = 4000;

impl Lode {
    /// The question before app view `token` calls tool `name` (`None`: the tool runs unasked,
    /// being read-only or trusted), with the connection to call it on.
    pub async fn app_tool_call_question(
        &self,
        token: &str,
        name: &str,
        arguments: &serde_json::Value,
    ) -> LodeResult<(ConnectionId, Option<Confirmation>)> {
        let view = self.app_view(token)?;
        view.may_call(name)?;
        let question = self
            .tool_call_question(view.connection_id, name, arguments, false)
            .await?;
        Ok((view.connection_id, question))
    }

    /// Reads resource `uri` for app view `token`, from its own server only.
    pub async fn app_read_resource(
        &self,
        token: &str,
        uri: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        let view = self.app_view(token)?;
        self.read_resource(view.connection_id, uri).await
    }

    /// The question before opening `url`, which app view `token` asks to open: only `http` and
    /// `https` addresses are asked about; anything else (a `javascript:` or `file:` address, a
    /// custom scheme) is refused without a question.
    pub fn app_link_question(&self, token: &str, url: &str) -> LodeResult<Confirmation> {
        let view = self.app_view(token)?;
        let parsed = url::Url::parse(url).map_err(|e| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("not an address to open: {e}"),
            )
        })?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "an app may open only web addresses (http, https), not {}:",
                    reveal(parsed.scheme()).text
                ),
            ));
        }
        let server = self.store.get_connection(view.connection_id)?.name;
        Ok(Confirmation {
            title: "Open this web page?".to_owned(),
            message: format!(
                "The app {} of {} asks to open this address in your browser:\n\n  {}\n\nOpen it \
                 only if you expected it and trust the address.",
                reveal(&view.uri).text,
                reveal(&server).text,
                reveal(url).text
            ),
            accept: "Open".to_owned(),
        })
    }

    /// Adds a line app view `token` logged (`notifications/message`) to its server's log.
    pub async fn app_log(&self, token: &str, level: &str, text: &str) -> LodeResult<()> {
        let view = self.app_view(token)?;
        let line: String = format!(
            "[app {}] {}: {}",
            reveal(&view.uri).text,
            reveal(level).text,
            reveal(text).text
        )
        .chars()
        .take(MAX_LOG_CHARS)
        .collect();
        self.client(view.connection_id).await?.log().push(&line);
        Ok(())
    }
}
