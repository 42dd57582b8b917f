//! What a served basket tells an assistant in `notifications/message`, filtered by the level
//! each session chose with `logging/setLevel`.
#![allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it

use crate::support::basket_fixture::*;

use std::time::Duration;

use rmcp::model::{LoggingLevel, ReadResourceRequestParams, SetLevelRequestParams};

/// Long enough for a notification on an in-process pipe, short enough to keep the test quick
/// where nothing is expected.
const QUIET: Duration = Duration::from_millis(300);
/// Long enough for the change follower to read the basket and send.
const WAIT: Duration = Duration::from_secs(2);

fn logs(heard: Vec<Heard>) -> Vec<(String, String)> {
    heard
        .into_iter()
        .filter_map(|event| match event {
            Heard::Log(level, message) => Some((level, message)),
            _ => None,
        })
        .collect()
}

async fn read(client: &Client, uri: &str) {
    client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
        .expect("read");
}

#[tokio::test]
async fn each_session_hears_what_its_level_allows() {
    let fixture = Fixture::new(basket());
    let (quiet, mut quiet_heard, _) = connect(&fixture).await;
    let (chatty, mut chatty_heard, _) = connect(&fixture).await;
    let info = quiet.peer_info().expect("server info");
    assert!(info.capabilities.logging.is_some(), "logging declared");

    // Before any setLevel: warnings only. Reading the stale item warns; the fresh one does not.
    read(&quiet, URI_1).await;
    read(&quiet, URI_2).await;
    let heard = logs(heard_within(&mut quiet_heard, QUIET).await);
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(heard[0].0, "warning");
    assert!(
        heard[0].1.contains(URI_2) && heard[0].1.contains("stale"),
        "{heard:?}"
    );

    // `error` holds the stale warning back for that session only.
    quiet
        .set_level(SetLevelRequestParams::new(LoggingLevel::Error))
        .await
        .expect("setLevel answered");
    chatty
        .set_level(SetLevelRequestParams::new(LoggingLevel::Info))
        .await
        .expect("setLevel answered");
    read(&quiet, URI_2).await;
    assert_eq!(logs(heard_within(&mut quiet_heard, QUIET).await), vec![]);

    // A change is an info line: heard by the session at info, not by the one at error.
    fixture.change(|basket| basket.items.truncate(1));
    let heard = logs(heard_within(&mut chatty_heard, WAIT).await);
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(heard[0].0, "info");
    assert!(
        heard[0].1.contains("1 item(s), 0 of them stale"),
        "{heard:?}"
    );
    assert_eq!(logs(heard_within(&mut quiet_heard, QUIET).await), vec![]);

    quiet.cancel().await.expect("client closes");
    chatty.cancel().await.expect("client closes");
}

#[tokio::test]
async fn a_basket_that_cannot_be_read_is_explained_in_a_warning() {
    let fixture = Fixture::new(basket());
    let (client, mut heard, _) = connect(&fixture).await;

    fixture.set_unreadable(true);
    let error = client
        .read_resource(ReadResourceRequestParams::new(URI_1))
        .await
        .expect_err("the read fails");
    assert!(error.to_string().contains("the disk is on fire"), "{error}");
    let logs_heard = logs(heard_within(&mut heard, QUIET).await);
    assert_eq!(logs_heard.len(), 1, "{logs_heard:?}");
    assert_eq!(logs_heard[0].0, "warning");
    assert!(
        logs_heard[0]
            .1
            .contains("could not read the basket \"Q3 review\"")
            && logs_heard[0].1.contains("the disk is on fire"),
        "{logs_heard:?}"
    );

    // A change the follower cannot read is a warning to every session, even unasked.
    fixture.change(|basket| basket.name = "renamed".into());
    let logs_heard = logs(heard_within(&mut heard, WAIT).await);
    assert!(
        logs_heard
            .iter()
            .any(|(level, message)| level == "warning" && message.contains("on fire")),
        "{logs_heard:?}"
    );
    client.cancel().await.expect("client closes");
}
