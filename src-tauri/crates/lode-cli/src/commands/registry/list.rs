//! `lode registry list`, and the list printed after each change of it.

use lode_app::Lode;
use lode_core::LodeResult;

use crate::render::{self, registry_list};

pub fn list(lode: &Lode, json: bool) -> LodeResult<()> {
    let registries = lode.registries()?;
    if json {
        render::json(&registries)
    } else {
        registry_list::registries(&registries)
    }
}

/// The list as it is now.
pub fn changed(registries: &[String]) -> LodeResult<()> {
    registry_list::registries(registries)
}
