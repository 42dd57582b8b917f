//! The keychain service this database's secrets are filed under. Entries are named by
//! connection id (`connection/7/env/TOKEN`) or profile (`hub/work/bearer`), and those start
//! alike in every database: two data folders (`LODE_DATA_DIR`) under one service would read,
//! overwrite and delete each other's secrets. So a database made from now on gets a service of
//! its own, `dev.lode.app.<16 hex digits>`, chosen when it is first opened and kept in its
//! settings (it moves with the folder). A database used before keeps the shared
//! `dev.lode.app`, where its secrets, tokens and sign-ins already are: nothing saved is lost.

use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_secrets::KEYCHAIN_SERVICE;
use lode_store::Store;

const SERVICE_KEY: &str = "keychain/service";

/// The service of `store`'s secrets, chosen (and kept) on its first open.
pub(crate) fn keychain_service(store: &Store) -> LodeResult<String> {
    if let Some(service) = store.setting(SERVICE_KEY)? {
        if let Ok(service) = serde_json::from_str::<String>(&service) {
            return Ok(service);
        }
    }
    let service = if store.holds_nothing()? {
        let mut random = [0u8; 8];
        getrandom::fill(&mut random)
            .map_err(|e| LodeError::new(ErrorCode::Internal, format!("no random numbers: {e}")))?;
        let suffix: String = random.iter().map(|b| format!("{b:02x}")).collect();
        format!("{KEYCHAIN_SERVICE}.{suffix}")
    } else {
        KEYCHAIN_SERVICE.to_owned()
    };
    let json = serde_json::to_string(&service)
        .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
    store.set_setting(SERVICE_KEY, &json)?;
    Ok(service)
}
