//! A served basket in memory, and a real rmcp client that records what the server tells it.
#![allow(dead_code)] // not every test uses every helper

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_core::basket::{Basket, BasketId, BasketItem, ItemKind};
use lode_core::{Annotations, ErrorCode, LodeError, LodeResult, ResourceContent, Role};
use lode_serve::{serve_transport, BasketFeed};
#[allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it
use rmcp::model::LoggingMessageNotificationParam;
use rmcp::model::{ClientConfig, ProtocolVersion, ResourceUpdatedNotificationParam};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientCacheConfig, ClientHandler, RoleClient, ServiceExt};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub const NAME: &str = "Q3 review";
pub const URI_1: &str = "lode://basket/Q3%20review/1";
pub const URI_2: &str = "lode://basket/Q3%20review/2";
/// The blob item's bytes, base64 ("\x89PNG").
pub const PNG_BASE64: &str = "iVBORw==";

/// The basket behind a mutex; `change` edits it and publishes a new revision, as lode-app's
/// poll of the store would.
pub struct Fixture {
    basket: Mutex<Basket>,
    revisions: watch::Sender<i64>,
    /// While set, reading the basket fails, as a store that cannot be read would.
    unreadable: AtomicBool,
}

impl BasketFeed for Fixture {
    fn basket(&self) -> LodeResult<Basket> {
        if self.unreadable.load(Ordering::SeqCst) {
            return Err(LodeError::new(ErrorCode::Internal, "the disk is on fire"));
        }
        Ok(self.basket.lock().expect("fixture lock").clone())
    }
}

impl Fixture {
    pub fn new(basket: Basket) -> Arc<Self> {
        let (revisions, _) = watch::channel(basket.revision);
        Arc::new(Self {
            basket: Mutex::new(basket),
            revisions,
            unreadable: AtomicBool::new(false),
        })
    }

    /// Makes every read of the basket fail (`true`) or succeed again.
    pub fn set_unreadable(&self, unreadable: bool) {
        self.unreadable.store(unreadable, Ordering::SeqCst);
    }

    pub fn revisions(&self) -> watch::Receiver<i64> {
        self.revisions.subscribe()
    }

    pub fn change(&self, edit: impl FnOnce(&mut Basket)) {
        let revision = {
            let mut basket = self.basket.lock().expect("fixture lock");
            edit(&mut basket);
            basket.revision += 1;
            basket.revision
        };
        self.revisions.send_replace(revision);
    }

    /// Publishes the same revision again: "may have changed", but nothing did.
    pub fn touch(&self) {
        let revision = *self.revisions.borrow();
        self.revisions.send_replace(revision);
    }
}

/// Two items: a text resource with every annotation, and a stale blob from a template.
pub fn basket() -> Basket {
    let text = BasketItem {
        id: 11,
        kind: ItemKind::Resource,
        server: "Demo".into(),
        uri: "file:///project/README.md".into(),
        name: "README.md".into(),
        title: Some("Read me".into()),
        mime_type: Some("text/markdown".into()),
        annotations: Annotations {
            audience: Some(vec![Role::User, Role::Assistant]),
            priority: Some(0.75),
            last_modified: Some("2026-01-02T03:04:05Z".into()),
        },
        contents: vec![ResourceContent::Text {
            uri: "file:///project/README.md".into(),
            mime_type: Some("text/markdown".into()),
            text: "# Atlas".into(),
            meta: None,
        }],
        fetched_at: "2026-03-01T10:00:00Z".into(),
        note: Some("the overview".into()),
        stale: false,
        bytes: 7,
        tokens: 3,
        skill_frontmatter: None,
    };
    let blob = BasketItem {
        id: 12,
        kind: ItemKind::Template,
        server: "Images".into(),
        uri: "img://logo.png".into(),
        name: "logo.png".into(),
        title: None,
        mime_type: Some("image/png".into()),
        annotations: Annotations::default(),
        contents: vec![ResourceContent::Blob {
            uri: "img://logo.png".into(),
            mime_type: Some("image/png".into()),
            blob: PNG_BASE64.into(),
            meta: None,
        }],
        fetched_at: "2026-03-01T10:05:00Z".into(),
        note: None,
        stale: true,
        bytes: 4,
        tokens: 0,
        skill_frontmatter: None,
    };
    Basket {
        id: BasketId(7),
        name: NAME.into(),
        token_limit: Some(1000),
        auto_refresh: false,
        revision: 1,
        items: vec![text, blob],
    }
}

/// What the server told the client, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    Updated(String),
    ResourcesChanged,
    PromptsChanged,
    /// `notifications/message`: its level (as sent, e.g. "warning") and its data's `message`.
    Log(String, String),
}

/// A client that speaks the session protocol (2025-11-25, `initialize`) and forwards
/// notifications to the test.
pub struct Listener {
    heard: UnboundedSender<Heard>,
}

impl Listener {
    pub fn new(heard: UnboundedSender<Heard>) -> Self {
        Self { heard }
    }
}

impl ClientHandler for Listener {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::default().with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.heard.send(Heard::Updated(params.uri));
    }

    async fn on_resource_list_changed(&self, _context: NotificationContext<RoleClient>) {
        let _ = self.heard.send(Heard::ResourcesChanged);
    }

    async fn on_prompt_list_changed(&self, _context: NotificationContext<RoleClient>) {
        let _ = self.heard.send(Heard::PromptsChanged);
    }

    #[allow(deprecated)]
    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let level = serde_json::to_value(params.level)
            .ok()
            .and_then(|level| level.as_str().map(str::to_owned))
            .unwrap_or_default();
        let message = params.data["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert_eq!(params.logger.as_deref(), Some("lode.basket"));
        let _ = self.heard.send(Heard::Log(level, message));
    }
}

pub type Client = RunningService<RoleClient, Listener>;

/// Serves `fixture` over an in-memory pipe; the task ends when the client goes away.
pub fn serve_in_process(
    fixture: &Arc<Fixture>,
) -> (tokio::io::DuplexStream, JoinHandle<LodeResult<()>>) {
    let (server_side, client_side) = tokio::io::duplex(1 << 20);
    let (reader, writer) = tokio::io::split(server_side);
    let feed: Arc<dyn BasketFeed> = fixture.clone();
    let revisions = fixture.revisions();
    let server = tokio::spawn(serve_transport(feed, revisions, reader, writer));
    (client_side, server)
}

pub async fn connect(
    fixture: &Arc<Fixture>,
) -> (Client, UnboundedReceiver<Heard>, JoinHandle<LodeResult<()>>) {
    let (heard, events) = unbounded_channel();
    let (stream, server) = serve_in_process(fixture);
    let client = Listener { heard }
        .serve(stream)
        .await
        .expect("client connects");
    client
        .peer()
        .set_response_cache_config(ClientCacheConfig::disabled())
        .await;
    (client, events, server)
}

/// Everything heard within `within`, in order.
pub async fn heard_within(events: &mut UnboundedReceiver<Heard>, within: Duration) -> Vec<Heard> {
    let mut heard = Vec::new();
    let deadline = tokio::time::Instant::now() + within;
    while let Ok(Some(event)) = tokio::time::timeout_at(deadline, events.recv()).await {
        heard.push(event);
    }
    heard
}
