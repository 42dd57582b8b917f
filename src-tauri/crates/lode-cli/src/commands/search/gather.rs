//! Every page of every chosen server, listed in parallel: each server connects and lists on its
//! own task under its own timeout, so a slow or broken one delays or fails only itself. One
//! progress line on stderr sums the pages and resources of them all.

use std::collections::HashMap;
use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ErrorCode, ListProgress, LodeError, LodeResult, ResourceListing};
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use super::targets::Target;
use crate::connect::connect_on;
use crate::render::progress::Progress;

/// What one server answered.
pub struct Answer {
    pub server: String,
    pub listing: LodeResult<ResourceListing>,
}

/// The answers in the order of `targets`, whatever order they arrived in.
pub async fn list_all(lode: Arc<Lode>, targets: Vec<Target>) -> Vec<Answer> {
    let (progress_sink, mut progress_updates) = mpsc::unbounded_channel();
    let mut tasks = JoinSet::new();
    let mut slots = HashMap::new();
    let mut answers: Vec<Answer> = Vec::with_capacity(targets.len());
    for (slot, target) in targets.into_iter().enumerate() {
        let lode = Arc::clone(&lode);
        let sink = progress_sink.clone();
        let spec = target.spec;
        let task = tasks.spawn(async move {
            let client = connect_on(&lode, &spec, None).await?;
            let listing = async {
                client.info().offers_resources(client.server_name())?;
                client
                    .list_resources_with(|progress| {
                        // The receiver lives until every task has ended.
                        let _ = sink.send((slot, progress));
                    })
                    .await
            }
            .await;
            client.close().await;
            listing
        });
        slots.insert(task.id(), slot);
        answers.push(Answer {
            server: target.name,
            listing: Err(unfinished()),
        });
    }
    drop(progress_sink);

    let mut progress = Progress::on_terminal();
    let mut so_far = vec![ListProgress { pages: 0, items: 0 }; answers.len()];
    loop {
        tokio::select! {
            Some((slot, update)) = progress_updates.recv() => {
                if let Some(entry) = so_far.get_mut(slot) {
                    *entry = update;
                }
                progress.update(ListProgress {
                    pages: so_far.iter().map(|p| p.pages).sum(),
                    items: so_far.iter().map(|p| p.items).sum(),
                });
            }
            Some(done) = tasks.join_next_with_id() => {
                let (id, listing) = match done {
                    Ok((id, listing)) => (id, listing),
                    Err(error) => (error.id(), Err(crashed(&error))),
                };
                if let Some(answer) = slots.get(&id).and_then(|&slot| answers.get_mut(slot)) {
                    answer.listing = listing;
                }
            }
            else => break,
        }
    }
    progress.clear();
    answers
}

/// Stands for an answer until its task ends; every task ends before `list_all` returns.
fn unfinished() -> LodeError {
    LodeError::new(ErrorCode::Internal, "the listing did not finish")
}

fn crashed(error: &tokio::task::JoinError) -> LodeError {
    LodeError::new(
        ErrorCode::Internal,
        format!("the listing stopped unexpectedly: {error}"),
    )
}
