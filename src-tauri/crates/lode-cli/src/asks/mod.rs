//! The CLI's answer to what a server asks of the person. On a terminal it asks them (a form
//! field by field, defaults taken on Enter; a sampling request shown whole, the reply typed);
//! with no terminal (stdin not a tty) it declines and says so on stderr. Everything goes to
//! stderr: stdout is the command's result. Ctrl-C during a question stops the command at once
//! (its request cancelled on the server, exit 130), the question left unanswered.

mod dialog;
mod typed;

use std::io::IsTerminal;
use std::sync::Arc;

use lode_app::{AskFuture, AskRefused, ServerAsks};
use lode_core::asks::{ElicitationAnswer, ElicitationRequest, SamplingAnswer, SamplingRequest};

/// The asker for the CLI's connections to `server`.
pub fn for_terminal(server: &str) -> Arc<dyn ServerAsks> {
    Arc::new(TerminalAsks {
        server: server.to_owned(),
        terminal: std::io::stdin().is_terminal(),
        one_at_a_time: Arc::new(tokio::sync::Mutex::new(())),
    })
}

#[derive(Debug)]
struct TerminalAsks {
    server: String,
    terminal: bool,
    /// Two asks at once would mix their questions on one terminal.
    one_at_a_time: Arc<tokio::sync::Mutex<()>>,
}

impl TerminalAsks {
    fn declined(&self, what: &str) {
        eprintln!(
            "lode: {} asked for {what}; declined: there is no terminal to ask you on (stdin is not a terminal)",
            self.name()
        );
    }

    fn name(&self) -> String {
        if self.server.is_empty() {
            "the server".to_owned()
        } else {
            crate::render::safe_text::block(&self.server)
        }
    }

    /// Runs `ask` on a thread of its own with the terminal to itself. Ctrl-C meanwhile ends
    /// the command, which drops this ask with its request (the server is told the request is
    /// cancelled): the ask then waits for that, unanswered, rather than answer in a way that
    /// could let the request finish first. A read of the terminal cannot be interrupted, so its
    /// thread is left behind: not one of the runtime's blocking threads, which `main` would
    /// wait for, since `lode` is about to exit anyway.
    fn on_terminal<T: Send + 'static>(
        &self,
        fallback: T,
        ask: impl FnOnce(&mut dyn std::io::BufRead, &mut dyn std::io::Write) -> T + Send + 'static,
    ) -> AskFuture<T> {
        let lock = self.one_at_a_time.clone();
        Box::pin(async move {
            // Listening before the question shows, so no Ctrl-C is missed.
            let mut pressed = std::pin::pin!(crate::interrupt::from_now());
            let _turn = tokio::select! {
                turn = lock.lock() => turn,
                () = &mut pressed => return std::future::pending().await,
            };
            let (answered, answer) = tokio::sync::oneshot::channel();
            let asking = std::thread::Builder::new()
                .name("lode-ask".to_owned())
                .spawn(move || {
                    let stdin = std::io::stdin();
                    let mut input = stdin.lock();
                    let mut output = std::io::stderr();
                    let _ = answered.send(ask(&mut input, &mut output));
                });
            if asking.is_err() {
                return fallback;
            }
            tokio::select! {
                answer = answer => answer.unwrap_or(fallback),
                () = &mut pressed => {
                    // The question's line is left open: end it before `lode` says why it stops.
                    eprintln!();
                    std::future::pending().await
                }
            }
        })
    }
}

impl ServerAsks for TerminalAsks {
    fn elicit(
        &self,
        request: ElicitationRequest,
    ) -> Result<AskFuture<ElicitationAnswer>, AskRefused> {
        if !self.terminal {
            self.declined("information (elicitation)");
            return Ok(Box::pin(async { ElicitationAnswer::Decline }));
        }
        let server = self.name();
        Ok(
            self.on_terminal(ElicitationAnswer::Cancel, move |input, output| {
                dialog::elicit(&server, &request, input, output)
                    .unwrap_or(ElicitationAnswer::Cancel)
            }),
        )
    }

    fn sample(&self, request: SamplingRequest) -> Result<AskFuture<SamplingAnswer>, AskRefused> {
        if !self.terminal {
            self.declined("a model's reply (sampling)");
            return Ok(Box::pin(async { SamplingAnswer::Declined }));
        }
        let server = self.name();
        Ok(
            self.on_terminal(SamplingAnswer::Declined, move |input, output| {
                dialog::sample(&server, &request, input, output).unwrap_or(SamplingAnswer::Declined)
            }),
        )
    }
}
