//! Lode as an MCP server of one basket: over stdio for an assistant's config file
//! (`lode serve --basket NAME`), or over Streamable HTTP on loopback behind a bearer token
//! kept in the keychain (the app's switch, and `lode serve --http`). The basket is read from
//! the store on every request, and its revision polled, so changes made by the app or the CLI
//! in another process reach the server's clients as `list_changed` / `updated`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use lode_core::basket::{Basket, BasketId, ServingStatus};
use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_secrets::{Secret, SecretKey, SecretStore};
use lode_serve::{serve_http, serve_stdio, BasketFeed, HttpServing};
use lode_store::Store;
use tokio::sync::watch;

use crate::Lode;

/// The keychain entry of the bearer token Lode's own HTTP server asks for.
pub const SERVE_TOKEN_KEY: &str = "serve/bearer";

/// How often a served basket's revision is read from the store.
const POLL: Duration = Duration::from_millis(500);

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
        let token = self.serve_token().await?;
        serve_http(feed, revisions, addr, token.expose().to_owned()).await
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
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("no randomness for a token: {e}"),
        )
    })?;
    let token = Secret::new(bytes.iter().map(|b| format!("{b:02x}")).collect::<String>());
    secrets.set(&key, &token)?;
    Ok(token)
}
