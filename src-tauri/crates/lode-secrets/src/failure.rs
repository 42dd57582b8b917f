//! keyring-core errors to Lode's error codes. How to fix each is not said here: the window words
//! a hint per code (`ui/src/i18n/errorHints.ts`), and the CLI prints its own short one
//! (`lode-cli/src/error_hints.rs`).
//!
//! keyring-core sorts failures only coarsely (`PlatformFailure`, `NoStorageAccess`), so the
//! platform error inside is looked at. What each case really looks like (Linux, measured against
//! gnome-keyring 42; the tests in `tests/integration/keychain_errors.rs` produce each for real):
//!
//! | situation | keyring-core error | code |
//! |---|---|---|
//! | no session bus (`DBUS_SESSION_BUS_ADDRESS` points nowhere) | `PlatformFailure(Zbus(Connection(io NotFound)))` | unavailable |
//! | a bus, but no Secret Service provider on it | `PlatformFailure(Zbus(MethodError("org.freedesktop.DBus.Error.ServiceUnknown")))` | unavailable |
//! | a provider with no default keyring (fresh gnome-keyring, WSL) | `NoStorageAccess(NoResult)`, on write | unavailable |
//! | the keyring is locked and the unlock prompt is dismissed or cannot be shown | `NoStorageAccess(Prompt)` | locked |
//! | the bus policy or a sandbox refuses the call | `PlatformFailure(Zbus(MethodError("org.freedesktop.DBus.Error.AccessDenied")))` | denied |
//!
//! macOS (apple-native-keyring-store, `security_framework::base::Error` codes) and Windows
//! (windows-native-keyring-store) are mapped from their documented codes; those mappings are
//! unit-tested here but could not be produced for real on this Linux machine.

use keyring_core::Error as KeyringError;
use lode_core::{ErrorCode, LodeError};

/// What went wrong, as far as the user can do something about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// Credential Manager has no default-keyring or locked state of its own.
#[cfg_attr(target_os = "windows", allow(dead_code))]
pub(crate) enum Failure {
    /// No keychain service to talk to at all.
    NoService,
    /// A keychain service, but no default keyring/keychain to store into.
    NoDefaultKeyring,
    /// Locked, and not unlocked (prompt dismissed, or no way to show one).
    Locked,
    /// The OS, a sandbox or the user refused access.
    Denied,
    /// Anything else: reported with the generic keychain code and keyring's own words.
    Other,
}

/// The error for a failed keychain call. `action` completes "could not …", e.g. "save a
/// secret". keyring's errors never contain a secret value, only what went wrong.
pub(crate) fn keychain_error(action: &str, error: &KeyringError) -> LodeError {
    let failure = classify(error);
    let (code, what) = describe(failure);
    LodeError::new(code, format!("could not {action}: {what}")).with_detail(error.to_string())
}

fn describe(failure: Failure) -> (ErrorCode, &'static str) {
    match failure {
        Failure::NoService => (
            ErrorCode::KeychainUnavailable,
            "the system keychain is not available",
        ),
        Failure::NoDefaultKeyring => (
            ErrorCode::KeychainUnavailable,
            "the system keychain has no default keyring to store secrets in",
        ),
        Failure::Locked => (ErrorCode::KeychainLocked, "the system keychain is locked"),
        Failure::Denied => (
            ErrorCode::KeychainDenied,
            "access to the system keychain was denied",
        ),
        Failure::Other => (ErrorCode::Keychain, "the system keychain failed"),
    }
}

pub(crate) fn classify(error: &KeyringError) -> Failure {
    match error {
        KeyringError::NoDefaultStore => Failure::NoService,
        KeyringError::PlatformFailure(inner) => platform::classify(inner.as_ref(), false),
        KeyringError::NoStorageAccess(inner) => platform::classify(inner.as_ref(), true),
        _ => Failure::Other,
    }
}

#[cfg(target_os = "linux")]
mod platform {
    use super::{dbus_error_failure, zbus_failure, Failure};

    /// `no_access`: keyring-core reported `NoStorageAccess` ("typically locked").
    pub(super) fn classify(
        inner: &(dyn std::error::Error + Send + Sync + 'static),
        no_access: bool,
    ) -> Failure {
        use secret_service::Error as Ss;
        match inner.downcast_ref::<Ss>() {
            Some(Ss::Unavailable) => Failure::NoService,
            Some(Ss::NoResult) => Failure::NoDefaultKeyring,
            Some(Ss::Locked | Ss::Prompt | Ss::PromptDisconnected) => Failure::Locked,
            Some(Ss::Zbus(e)) => zbus_failure(e),
            Some(Ss::ZbusFdo(e)) => dbus_error_failure(zbus::DBusError::name(e).as_str()),
            Some(_) => Failure::Other,
            None if no_access => Failure::Locked,
            None => Failure::Other,
        }
    }
}

#[cfg(target_os = "macos")]
mod platform {
    use super::{macos_failure, Failure};

    pub(super) fn classify(
        inner: &(dyn std::error::Error + Send + Sync + 'static),
        no_access: bool,
    ) -> Failure {
        match inner.downcast_ref::<security_framework::base::Error>() {
            Some(e) => macos_failure(e.code()),
            None if no_access => Failure::Locked,
            None => Failure::Other,
        }
    }
}

#[cfg(target_os = "windows")]
mod platform {
    use super::{windows_failure, Failure};

    pub(super) fn classify(
        inner: &(dyn std::error::Error + Send + Sync + 'static),
        no_access: bool,
    ) -> Failure {
        // The store's error type is private; its `Display` is the Windows error code.
        windows_failure(&inner.to_string(), no_access)
    }
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
mod platform {
    use super::Failure;

    pub(super) fn classify(
        _inner: &(dyn std::error::Error + Send + Sync + 'static),
        no_access: bool,
    ) -> Failure {
        if no_access {
            Failure::Locked
        } else {
            Failure::Other
        }
    }
}

/// zbus errors: the bus itself missing or gone, or an error reply.
#[cfg(target_os = "linux")]
fn zbus_failure(error: &zbus::Error) -> Failure {
    use std::io::ErrorKind;
    let io_failure = |e: &std::io::Error| match e.kind() {
        ErrorKind::PermissionDenied => Failure::Denied,
        ErrorKind::NotFound
        | ErrorKind::ConnectionRefused
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::NotConnected
        | ErrorKind::BrokenPipe
        | ErrorKind::UnexpectedEof => Failure::NoService,
        _ => Failure::Other,
    };
    match error {
        zbus::Error::InterfaceNotFound | zbus::Error::Address(_) | zbus::Error::Handshake(_) => {
            Failure::NoService
        }
        zbus::Error::Connection(e, _) | zbus::Error::InputOutput(e) => io_failure(e),
        zbus::Error::MethodError(name, _, _) => dbus_error_failure(name.as_str()),
        zbus::Error::FDO(e) => dbus_error_failure(zbus::DBusError::name(e.as_ref()).as_str()),
        _ => Failure::Other,
    }
}

/// D-Bus error names (replies from the bus or from the Secret Service provider).
#[cfg(any(target_os = "linux", test))]
fn dbus_error_failure(name: &str) -> Failure {
    match name {
        "org.freedesktop.DBus.Error.ServiceUnknown"
        | "org.freedesktop.DBus.Error.NameHasNoOwner"
        | "org.freedesktop.DBus.Error.NoServer"
        | "org.freedesktop.DBus.Error.Disconnected"
        | "org.freedesktop.DBus.Error.Spawn.ExecFailed"
        | "org.freedesktop.DBus.Error.Spawn.ChildExited" => Failure::NoService,
        "org.freedesktop.DBus.Error.AccessDenied" | "org.freedesktop.DBus.Error.AuthFailed" => {
            Failure::Denied
        }
        "org.freedesktop.Secret.Error.IsLocked" => Failure::Locked,
        _ => Failure::Other,
    }
}

/// Security framework `OSStatus` codes from the macOS keychain.
#[cfg(any(target_os = "macos", test))]
fn macos_failure(code: i32) -> Failure {
    match code {
        // errSecNotAvailable, errSecNoSuchKeychain, errSecInvalidKeychain
        -25291 | -25294 | -25295 => Failure::NoService,
        // errSecNoDefaultKeychain
        -25307 => Failure::NoDefaultKeyring,
        // errSecInteractionNotAllowed (locked, no UI to unlock), errSecUserCanceled (the
        // unlock prompt was cancelled)
        -25308 | -128 => Failure::Locked,
        // errSecAuthFailed (access refused at the prompt), wrPermErr, errSecInvalidOwnerEdit,
        // errSecReadOnly, errSecMissingEntitlement
        -25293 | -61 | -25244 | -25292 | -34018 => Failure::Denied,
        _ => Failure::Other,
    }
}

/// windows-native-keyring-store's error text: `Windows ERROR_NO_SUCH_LOGON_SESSION` (its only
/// `NoStorageAccess`) or `Windows error code N`.
#[cfg(any(target_os = "windows", test))]
fn windows_failure(text: &str, no_access: bool) -> Failure {
    if no_access || text == "Windows ERROR_NO_SUCH_LOGON_SESSION" {
        return Failure::NoService;
    }
    match text.strip_prefix("Windows error code ") {
        // ERROR_ACCESS_DENIED
        Some("5") => Failure::Denied,
        _ => Failure::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    fn platform(
        no_access: bool,
        e: impl std::error::Error + Send + Sync + 'static,
    ) -> KeyringError {
        if no_access {
            KeyringError::NoStorageAccess(Box::new(e))
        } else {
            KeyringError::PlatformFailure(Box::new(e))
        }
    }

    #[test]
    fn each_failure_has_its_own_code_and_says_what_failed() {
        for (failure, code) in [
            (Failure::NoService, ErrorCode::KeychainUnavailable),
            (Failure::NoDefaultKeyring, ErrorCode::KeychainUnavailable),
            (Failure::Locked, ErrorCode::KeychainLocked),
            (Failure::Denied, ErrorCode::KeychainDenied),
            (Failure::Other, ErrorCode::Keychain),
        ] {
            assert_eq!(describe(failure).0, code);
        }
        let error = keychain_error("save a secret", &KeyringError::NoDefaultStore);
        assert_eq!(error.code, ErrorCode::KeychainUnavailable);
        assert!(
            error.message == "could not save a secret: the system keychain is not available",
            "{}",
            error.message
        );
        assert!(error.detail.is_some());
        assert_eq!(
            keychain_error("x", &KeyringError::NoEntry).code,
            ErrorCode::Keychain
        );
        assert_eq!(
            keychain_error("x", &KeyringError::TooLong("password".into(), 2560)).code,
            ErrorCode::Keychain
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn secret_service_errors_map_precisely() {
        use secret_service::Error as Ss;
        let cases: Vec<(KeyringError, ErrorCode)> = vec![
            (
                platform(false, Ss::Unavailable),
                ErrorCode::KeychainUnavailable,
            ),
            (platform(true, Ss::NoResult), ErrorCode::KeychainUnavailable),
            (platform(true, Ss::Locked), ErrorCode::KeychainLocked),
            (platform(true, Ss::Prompt), ErrorCode::KeychainLocked),
            (
                platform(true, Ss::PromptDisconnected),
                ErrorCode::KeychainLocked,
            ),
            (
                platform(false, Ss::Crypto("bad padding")),
                ErrorCode::Keychain,
            ),
            (
                platform(
                    false,
                    Ss::Zbus(zbus::Error::InputOutput(std::sync::Arc::new(
                        std::io::Error::from(std::io::ErrorKind::ConnectionRefused),
                    ))),
                ),
                ErrorCode::KeychainUnavailable,
            ),
            (
                platform(false, Ss::Zbus(zbus::Error::Address("nonsense".into()))),
                ErrorCode::KeychainUnavailable,
            ),
            (
                platform(
                    false,
                    Ss::ZbusFdo(zbus::fdo::Error::AccessDenied("policy".into())),
                ),
                ErrorCode::KeychainDenied,
            ),
            (
                platform(
                    false,
                    Ss::Zbus(zbus::Error::FDO(Box::new(
                        zbus::fdo::Error::ServiceUnknown("no provider".into()),
                    ))),
                ),
                ErrorCode::KeychainUnavailable,
            ),
            (
                platform(
                    false,
                    Ss::ZbusFdo(zbus::fdo::Error::Failed("something".into())),
                ),
                ErrorCode::Keychain,
            ),
            // An unknown error inside NoStorageAccess: keyring-core says "typically locked".
            (
                platform(true, std::io::Error::other("?")),
                ErrorCode::KeychainLocked,
            ),
            (
                platform(false, std::io::Error::other("?")),
                ErrorCode::Keychain,
            ),
        ];
        for (error, code) in cases {
            assert_eq!(
                keychain_error("read a secret", &error).code,
                code,
                "{error:?}"
            );
        }
    }

    #[test]
    fn dbus_error_names_map_precisely() {
        assert_eq!(
            dbus_error_failure("org.freedesktop.DBus.Error.ServiceUnknown"),
            Failure::NoService
        );
        assert_eq!(
            dbus_error_failure("org.freedesktop.DBus.Error.AccessDenied"),
            Failure::Denied
        );
        assert_eq!(
            dbus_error_failure("org.freedesktop.Secret.Error.IsLocked"),
            Failure::Locked
        );
        assert_eq!(
            dbus_error_failure("org.freedesktop.Secret.Error.NoSuchObject"),
            Failure::Other
        );
    }

    #[test]
    fn macos_codes_map_precisely() {
        assert_eq!(macos_failure(-25291), Failure::NoService);
        assert_eq!(macos_failure(-25307), Failure::NoDefaultKeyring);
        assert_eq!(macos_failure(-25308), Failure::Locked);
        assert_eq!(macos_failure(-128), Failure::Locked);
        assert_eq!(macos_failure(-25293), Failure::Denied);
        assert_eq!(macos_failure(-34018), Failure::Denied);
        assert_eq!(macos_failure(-25299), Failure::Other); // errSecDuplicateItem
    }

    #[test]
    fn windows_errors_map_precisely() {
        assert_eq!(
            windows_failure("Windows ERROR_NO_SUCH_LOGON_SESSION", true),
            Failure::NoService
        );
        assert_eq!(
            windows_failure("Windows error code 5", false),
            Failure::Denied
        );
        assert_eq!(
            windows_failure("Windows error code 50", false),
            Failure::Other
        );
        assert_eq!(
            windows_failure("Windows ERROR_INVALID_PARAMETER", false),
            Failure::Other
        );
    }
}
