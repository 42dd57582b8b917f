//! The caps on one listing of one connection, as the person sets them (`listing_settings`):
//! a connection takes the caps in force when it connects.

use lode_core::{ListingLimits, LodeResult};

use super::listing_settings::{limits_in, save_limits};
use crate::Lode;

impl Lode {
    /// The caps in force: the defaults, then the settings, then the environment.
    pub fn listing_limits(&self) -> ListingLimits {
        limits_in(&self.store)
    }

    /// Saves `limits` as the settings (each at least 1). Connections that connect from now on
    /// use them (a connection running now keeps its caps until it reconnects).
    pub fn set_listing_limits(&self, limits: ListingLimits) -> LodeResult<()> {
        save_limits(&self.store, limits)?;
        self.supervisor.set_listing_limits(self.listing_limits());
        Ok(())
    }
}
