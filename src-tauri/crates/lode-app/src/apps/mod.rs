//! MCP Apps in the window: what an app declares, reviewed before it runs (`review.rs`), the
//! person's yes kept per connection and resource until the declaration changes
//! (`approvals.rs`; asked in Lode's own dialog: `confirmation/app_run.rs`), and each running app's page
//! and policy, held for the frame that shows it (`views.rs`), with the requests its bridge may
//! make of the same server (`bridge.rs`). Window-only: the CLI lists and reads apps, never runs
//! one.

mod approvals;
mod bridge;
mod review;
mod views;

pub use review::{AppApproval, AppReview, PreparedApp};
pub use views::{AppPage, AppView, AppViews, OpenedApp};
