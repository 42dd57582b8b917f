//! `demo://clock/now`: a resource whose content is the current time, and the
//! ticker that tells its subscribers it changed.

use std::{sync::Weak, time::Duration};

use chrono::{DateTime, SecondsFormat, Utc};
use tokio::{task::JoinHandle, time::MissedTickBehavior};

use crate::Demo;

pub const URI: &str = "demo://clock/now";

/// The clock's text; fixed length, so the listed `size` stays right. Milliseconds,
/// so that even a short `--update-interval-ms` changes the content on every tick.
pub fn render(now: DateTime<Utc>) -> String {
    format!(
        "Current time: {}\n",
        now.to_rfc3339_opts(SecondsFormat::Millis, true)
    )
}

/// Every `interval`, notifies the clock's subscribers. Holds the demo weakly so
/// the task ends when the last server of that demo is gone (tests start many).
pub fn spawn_ticker(demo: Weak<Demo>, interval: Duration) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(interval);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // The first tick completes at once; the clock has not changed yet.
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let Some(demo) = demo.upgrade() else {
                break;
            };
            demo.subscriptions().resource_updated(URI).await;
        }
    })
}
