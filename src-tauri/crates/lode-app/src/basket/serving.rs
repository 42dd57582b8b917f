//! Lode as an MCP server of one basket: over stdio for an assistant's config file
//! (`lode serve --basket NAME`), or over Streamable HTTP on loopback behind a bearer token
//! kept in the keychain (the app's switch, and `lode serve --http`). The basket is read from
//! the store on every request, and its revision polled, so changes made by the app or the CLI
//! in another process reach the server's clients as `list_changed` / `updated`.
//!
//! The token can be rotated (the app's button, `lode serve --rotate-token`): a new one replaces
//! it in the keychain and the old one stops working at once in this process's server, and
//! within [`POLL`] in a server another process runs (each follows a generation number in the
//! store's settings, which holds no secret).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use lode_core::basket::{Basket, BasketId, ServingStatus};
use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_secrets::{Secret, SecretKey, SecretStore};
use lode_serve::{serve_http, serve_stdio, BasketFeed, HttpServing, TokenHandle};
use lode_store::Store;
use tokio::sync::watch;

use crate::Lode;

/// The keychain entry of the bearer token Lode's own HTTP server asks for.
pub const SERVE_TOKEN_KEY: &str = "serve/bearer";

/// The setting that changes (to a random value) whenever the token is rotated.
const TOKEN_GENERATION_KEY: &str = "serve.token_generation";

/// How often a served basket's revision, and the token's generation, are read from the store.
const POLL: Duration = Duration::from_millis(500);

/// The slot where Lode keeps the app's HTTP server of a basket while it runs: the basket's name
/// and the server.
#[derive(Default)]
pub(crate) struct Serving(pub(crate) tokio::sync::Mutex<Option<(String, HttpServing)>>);

struct StoreFeed {
    store: Arc<Store>,
    basket: BasketId,
}

impl BasketFeed for StoreFeed {
    fn basket(&self) -> LodeResult<Basket> {
        self.store.basket(self.basket)
    }
}

impl Lode {
    /// Serves basket `name` over stdin and stdout until the client closes stdin.
    pub async fn serve_basket_stdio(&self, name: &str) -> LodeResult<()> {
        let (feed, revisions) = self.basket_feed(name)?;
        serve_stdio(feed, revisions).await
    }

    /// Serves basket `name` over Streamable HTTP at `addr` (loopback only), behind the
    /// token [`Lode::serve_token`] gives.
    pub async fn serve_basket_http(&self, name: &str, addr: SocketAddr) -> LodeResult<HttpServing> {
        let (feed, revisions) = self.basket_feed(name)?;
        // Read before the token, so a rotation between the two is still followed.
        let generation = self.store.setting(TOKEN_GENERATION_KEY)?;
        let token = self.serve_token().await?;
        let serving = serve_http(feed, revisions, addr, token.expose().to_owned()).await?;
        self.follow_token(serving.token_handle(), generation);
        Ok(serving)
    }

    /// Makes a new bearer token for Lode's HTTP server and keeps it in the keychain in place
    /// of the old one, which stops working at once on the app's server (and within [`POLL`]
    /// on one another process runs). The new token is not returned: `lode serve --show-token`
    /// prints it, and it never reaches the window.
    pub async fn rotate_serve_token(&self) -> LodeResult<()> {
        let secrets = self.secrets.clone();
        let store = self.store.clone();
        let token = tokio::task::spawn_blocking(move || -> LodeResult<Secret> {
            let token = new_token()?;
            secrets.set(&SecretKey::new(SERVE_TOKEN_KEY)?, &token)?;
            store.set_setting(TOKEN_GENERATION_KEY, new_token()?.expose())?;
            Ok(token)
        })
        .await
        .map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("rotating the token failed: {e}"),
            )
        })??;
        if let Some((_, running)) = self.serving.0.lock().await.as_ref() {
            running.replace_token(token.expose())?;
        }
        Ok(())
    }

    /// While the server behind `handle` runs, replaces its token whenever the generation in
    /// the store changes (a rotation by this or another process).
    fn follow_token(&self, handle: TokenHandle, mut generation: Option<String>) {
        let store = self.store.clone();
        let secrets = self.secrets.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(POLL);
            while handle.is_live() {
                ticks.tick().await;
                let store = store.clone();
                let read =
                    tokio::task::spawn_blocking(move || store.setting(TOKEN_GENERATION_KEY)).await;
                let Ok(Ok(now)) = read else { continue };
                if now == generation {
                    continue;
                }
                let secrets = secrets.clone();
                let token = tokio::task::spawn_blocking(move || token_in(secrets.as_ref())).await;
                if let Ok(Ok(token)) = token {
                    if !handle.replace(token.expose()) {
                        return;
                    }
                    generation = now;
                }
            }
        });
    }

    /// The app's switch: serves basket `name` over HTTP at `addr`, in place of the basket
    /// served before (if any).
    pub async fn start_basket_server(
        &self,
        name: &str,
        addr: SocketAddr,
    ) -> LodeResult<ServingStatus> {
        let mut serving = self.serving.0.lock().await;
        if let Some((_, running)) = serving.take() {
            running.stop().await?;
        }
        let basket = self.store.find_basket(name)?.name;
        let running = self.serve_basket_http(&basket, addr).await?;
        let status = ServingStatus {
            basket: basket.clone(),
            url: running.url(),
        };
        *serving = Some((basket, running));
        Ok(status)
    }

    /// Stops the app's basket server; nothing to do when none runs.
    pub async fn stop_basket_server(&self) -> LodeResult<()> {
        match self.serving.0.lock().await.take() {
            Some((_, running)) => running.stop().await,
            None => Ok(()),
        }
    }

    /// The app's basket server, if one runs.
    pub async fn basket_server(&self) -> Option<ServingStatus> {
        self.serving
            .0
            .lock()
            .await
            .as_ref()
            .map(|(basket, running)| ServingStatus {
                basket: basket.clone(),
                url: running.url(),
            })
    }

    /// The bearer token of Lode's HTTP server, from the keychain; made (32 random bytes, hex)
    /// and saved the first time.
    pub async fn serve_token(&self) -> LodeResult<Secret> {
        let secrets = self.secrets.clone();
        tokio::task::spawn_blocking(move || token_in(secrets.as_ref()))
            .await
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("reading the token failed: {e}"),
                )
            })?
    }

    fn basket_feed(&self, name: &str) -> LodeResult<(Arc<dyn BasketFeed>, watch::Receiver<i64>)> {
        let basket = self.store.find_basket(name)?;
        let (tell, revisions) = watch::channel(basket.revision);
        let store = self.store.clone();
        let id = basket.id;
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(POLL);
            loop {
                ticks.tick().await;
                if tell.is_closed() {
                    return;
                }
                let store = store.clone();
                let read = tokio::task::spawn_blocking(move || store.basket_revision(id)).await;
                if let Ok(Ok(revision)) = read {
                    tell.send_if_modified(|current| {
                        std::mem::replace(current, revision) != revision
                    });
                }
            }
        });
        let feed = StoreFeed {
            store: self.store.clone(),
            basket: id,
        };
        Ok((Arc::new(feed), revisions))
    }
}

fn token_in(secrets: &dyn SecretStore) -> LodeResult<Secret> {
    let key = SecretKey::new(SERVE_TOKEN_KEY)?;
    if let Some(token) = secrets.get(&key)? {
        return Ok(token);
    }
    let token = new_token()?;
    secrets.set(&key, &token)?;
    Ok(token)
}

/// 32 random bytes, hex.
pub(crate) fn new_token() -> LodeResult<Secret> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("no randomness for a token: {e}"),
        )
    })?;
    Ok(Secret::new(
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
    ))
}
