//! The caps on one listing in Lode's settings (keys `listing/maxItems`, `listing/maxBytes`,
//! `listing/maxPages`), overridden by the environment (`LODE_LISTING_MAX_ITEMS`, `…_BYTES`,
//! `…_PAGES`) for scripts and tests.

use lode_core::{ErrorCode, ListingLimits, LodeError, LodeResult};
use lode_store::Store;

/// Where a cap sits in [`ListingLimits`].
type Field = fn(&mut ListingLimits) -> &mut u64;

/// Each cap: its settings key, its environment variable, and its field.
const CAPS: [(&str, &str, Field); 3] = [
    ("listing/maxItems", "LODE_LISTING_MAX_ITEMS", max_items),
    ("listing/maxBytes", "LODE_LISTING_MAX_BYTES", max_bytes),
    ("listing/maxPages", "LODE_LISTING_MAX_PAGES", max_pages),
];

fn max_items(limits: &mut ListingLimits) -> &mut u64 {
    &mut limits.max_items
}

fn max_bytes(limits: &mut ListingLimits) -> &mut u64 {
    &mut limits.max_bytes
}

fn max_pages(limits: &mut ListingLimits) -> &mut u64 {
    &mut limits.max_pages
}

/// Saves `limits` in `store` (each at least 1).
pub(crate) fn save_limits(store: &Store, limits: ListingLimits) -> LodeResult<()> {
    let mut limits = limits;
    for (key, _, field) in CAPS {
        let value = *field(&mut limits);
        if value == 0 {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("{key} must be at least 1"),
            ));
        }
    }
    for (key, _, field) in CAPS {
        store.set_setting(key, &field(&mut limits).to_string())?;
    }
    Ok(())
}

/// The caps from `store`'s settings and the environment, over the defaults. A value that is
/// not a positive whole number is ignored (logged).
pub(crate) fn limits_in(store: &Store) -> ListingLimits {
    let mut limits = ListingLimits::DEFAULT;
    for (key, env, field) in CAPS {
        let saved = store.setting(key).ok().flatten();
        let from_env = std::env::var(env).ok();
        for text in [saved, from_env].into_iter().flatten() {
            match text.trim().parse::<u64>() {
                Ok(value) if value > 0 => *field(&mut limits) = value,
                _ => {
                    tracing::warn!(key, %text, "ignored a listing cap that is not a positive number")
                }
            }
        }
    }
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_limits_are_read_back_and_zero_is_refused() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        let limits = ListingLimits {
            max_items: 10,
            max_bytes: 20,
            max_pages: 30,
        };
        save_limits(&store, limits)?;
        assert_eq!(limits_in(&store), limits);
        let zero = ListingLimits {
            max_pages: 0,
            ..limits
        };
        let refused = save_limits(&store, zero).unwrap_err();
        assert_eq!(refused.code, ErrorCode::InvalidInput);
        assert_eq!(
            limits_in(&store),
            limits,
            "nothing saved from a refused edit"
        );
        Ok(())
    }

    #[test]
    fn settings_replace_the_defaults_and_bad_values_are_ignored() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        assert_eq!(limits_in(&store), ListingLimits::DEFAULT);
        store.set_setting("listing/maxItems", "7")?;
        store.set_setting("listing/maxPages", "-3")?;
        let limits = limits_in(&store);
        assert_eq!(limits.max_items, 7);
        assert_eq!(limits.max_pages, ListingLimits::DEFAULT.max_pages);
        Ok(())
    }
}
