//! Ctrl-C as an ordinary event: once installed, SIGINT no longer kills `lode`, it lets a
//! long-running command (`watch`) unsubscribe and close before exiting 0.

use std::future::Future;

use tokio::sync::oneshot;

pub struct Interrupt(oneshot::Receiver<()>);

impl Interrupt {
    /// Starts catching Ctrl-C. Call before connecting, so an early Ctrl-C is caught too.
    pub fn install() -> Self {
        let (pressed, receiver) = oneshot::channel();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                let _ = pressed.send(());
            }
        });
        Self(receiver)
    }

    /// Resolves when Ctrl-C is pressed. Never resolves when the handler could not be installed.
    pub async fn pressed(&mut self) {
        if (&mut self.0).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Ctrl-C, listened for from this call on: the handler is registered here, not at the returned
/// future's first poll, so a Ctrl-C pressed right after (while a prompt is being shown) is not
/// missed. Never resolves when the handler could not be registered.
pub fn from_now() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let listener = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt());
    #[cfg(windows)]
    let listener = tokio::signal::windows::ctrl_c();
    async move {
        #[cfg(any(unix, windows))]
        if let Ok(mut listener) = listener {
            if listener.recv().await.is_some() {
                return;
            }
        }
        std::future::pending::<()>().await;
    }
}
