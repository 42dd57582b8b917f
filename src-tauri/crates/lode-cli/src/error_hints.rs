//! One short hint per error code, for the codes a person can fix on their own computer (the
//! keychain's): printed under the error as `  hint: …`. The window words its own, in the
//! person's language (`ui/src/i18n/errorHints.ts`); lode-secrets only sorts the failure.

use lode_core::ErrorCode;

/// How to fix a failure of `code` on this platform, if there is anything to say.
pub fn hint(code: ErrorCode) -> Option<&'static str> {
    #[cfg(target_os = "macos")]
    let hint = match code {
        ErrorCode::KeychainUnavailable => {
            "make sure a login keychain exists and is the default one (Keychain Access)"
        }
        ErrorCode::KeychainLocked => "unlock the login keychain (Keychain Access) and try again",
        ErrorCode::KeychainDenied => {
            "allow lode to use its keychain items when macOS asks, then try again"
        }
        ErrorCode::Keychain => "see the detail; check the login keychain in Keychain Access",
        _ => return None,
    };
    #[cfg(target_os = "windows")]
    let hint = match code {
        ErrorCode::KeychainUnavailable | ErrorCode::KeychainLocked => {
            "run lode as a signed-in user: Credential Manager needs a logon session"
        }
        ErrorCode::KeychainDenied => {
            "run lode as the signed-in user, without restricted permissions"
        }
        ErrorCode::Keychain => "see the detail; check Credential Manager",
        _ => return None,
    };
    #[cfg(not(any(target_os = "macos", target_os = "windows")))]
    let hint = match code {
        ErrorCode::KeychainUnavailable => {
            "run a Secret Service (gnome-keyring, KeePassXC or KWallet) with a default keyring, \
             e.g. by logging in to a desktop session"
        }
        ErrorCode::KeychainLocked => "unlock the login keyring (e.g. in Seahorse) and try again",
        ErrorCode::KeychainDenied => {
            "let lode talk to org.freedesktop.secrets (sandbox permissions or the D-Bus policy)"
        }
        ErrorCode::Keychain => "see the detail; check that the keyring works in Seahorse",
        _ => return None,
    };
    Some(hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keychain_code_has_a_hint_and_other_codes_none() {
        for code in [
            ErrorCode::Keychain,
            ErrorCode::KeychainUnavailable,
            ErrorCode::KeychainLocked,
            ErrorCode::KeychainDenied,
        ] {
            assert!(hint(code).is_some_and(|h| !h.is_empty()), "{code:?}");
        }
        for code in [
            ErrorCode::Timeout,
            ErrorCode::NotFound,
            ErrorCode::UpdateFeed,
        ] {
            assert_eq!(hint(code), None, "{code:?}");
        }
    }
}
