//! The keychain failures Lode reports with their own codes, each produced for real (Linux):
//! every scenario runs this test binary again as a child, inside an environment of its own (no
//! session bus; a private D-Bus session with or without gnome-keyring, with a bus policy that
//! refuses Secret Service calls, or with the login keyring locked). The child asserts; the
//! parent checks that it ran and passed.
//!
//! Needs `dbus-run-session` and `gnome-keyring-daemon` (as the other keychain tests do). The
//! children's buses have no service directories, so nothing is auto-started and no unlock
//! prompt can ever appear on a desktop: a prompt fails at once, as when it is dismissed.
#![cfg(target_os = "linux")]

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lode_core::{ConnectionId, ErrorCode, LodeError};
use lode_secrets::{KeychainStore, Secret, SecretKey, SecretName, SecretStore};

/// Set in a child's environment: which scenario it is in.
const CHILD: &str = "LODE_KEYCHAIN_SCENARIO";
const SERVICE: &str = "dev.lode.test.errors";

/// How the child's session is set up.
enum Session {
    /// `DBUS_SESSION_BUS_ADDRESS` points at a socket that does not exist.
    NoBus,
    /// A private bus; `refuse_secrets` adds a policy denying calls to org.freedesktop.secrets.
    Bus {
        keyring: Keyring,
        refuse_secrets: bool,
    },
}

enum Keyring {
    /// No Secret Service provider on the bus.
    None,
    /// gnome-keyring without a login (default) keyring, as on a fresh account or WSL.
    WithoutLogin,
    /// gnome-keyring with an unlocked login keyring (as `.ci/with-keychain`).
    Unlocked,
}

/// `test`'s name as the test harness knows it: its path below the crate root.
fn qualified(test: &str) -> String {
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    format!("{module}::{test}")
}

fn run_child(test: &str, session: Session) {
    let test = &qualified(test);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = dir.path().join("run");
    std::fs::create_dir(&run).expect("runtime dir");
    set_private(&run);
    let exe = std::env::current_exe().expect("the test binary");
    let test_args = [
        test.as_str(),
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ];

    let mut command = match session {
        Session::NoBus => {
            let mut command = Command::new(&exe);
            command.args(test_args).env(
                "DBUS_SESSION_BUS_ADDRESS",
                format!("unix:path={}", dir.path().join("no-such-bus").display()),
            );
            command
        }
        Session::Bus {
            keyring,
            refuse_secrets,
        } => {
            let config = dir.path().join("bus.conf");
            std::fs::write(&config, bus_config(dir.path(), refuse_secrets)).expect("bus config");
            let start = match keyring {
                Keyring::None => "",
                Keyring::WithoutLogin => {
                    "gnome-keyring-daemon --start --components=secrets >/dev/null && "
                }
                // `--start` after `--unlock` puts the daemon on the bus (no activation here).
                Keyring::Unlocked => {
                    "printf %s lode-test | gnome-keyring-daemon --unlock --components=secrets \
                     >/dev/null && gnome-keyring-daemon --start --components=secrets >/dev/null && "
                }
            };
            let mut command = Command::new("dbus-run-session");
            command
                .arg(format!("--config-file={}", config.display()))
                .args(["--", "sh", "-c", &format!("{start}exec \"$@\""), "sh"])
                .arg(&exe)
                .args(test_args);
            command
        }
    };
    let (out, err) = (dir.path().join("stdout"), dir.path().join("stderr"));
    let mut child = command
        .env(CHILD, test)
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("XDG_RUNTIME_DIR", &run)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(File::create(&out).expect("stdout file"))
        .stderr(File::create(&err).expect("stderr file"))
        .spawn()
        .expect("start the child (needs dbus-run-session and gnome-keyring-daemon)");

    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    let report = format!("--- stdout\n{stdout}\n--- stderr\n{stderr}");
    let status = status.unwrap_or_else(|| panic!("{test} took over 60 s\n{report}"));
    assert!(status.success(), "{test} failed ({status})\n{report}");
    // A filter that matched nothing would pass too: make sure the scenario really ran.
    assert!(
        stdout.contains(&format!("test {test} ..."))
            && stdout.contains("test result: ok. 1 passed"),
        "{test} did not run\n{report}"
    );
}

#[cfg(unix)]
fn set_private(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).expect("chmod 700");
}

/// A session bus with no service directories (nothing gets auto-started).
fn bus_config(dir: &Path, refuse_secrets: bool) -> String {
    let refuse = if refuse_secrets {
        r#"<deny send_destination="org.freedesktop.secrets"/>"#
    } else {
        ""
    };
    format!(
        r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir={}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    {refuse}
  </policy>
</busconfig>
"#,
        dir.display()
    )
}

/// True in the child of `test`; the parent's copy of an ignored child test does nothing.
fn in_child(test: &str) -> bool {
    std::env::var(CHILD).is_ok_and(|v| v == test)
}

/// The error's code, and what its message says failed (how to fix it is worded by the window
/// and the CLI, per code).
fn assert_code(result: Result<impl std::fmt::Debug, LodeError>, code: ErrorCode, what: &str) {
    match result {
        Err(e) => {
            assert_eq!(e.code, code, "{e:?}");
            assert!(e.message.contains(what), "{what:?} missing: {e:?}");
            println!("{code:?}: {}\n  detail: {:?}", e.message, e.detail);
        }
        Ok(v) => panic!("expected {code:?}, got Ok({v:?})"),
    }
}

// -- no session bus ------------------------------------------------------------------------

#[test]
fn no_session_bus_means_keychain_unavailable() {
    run_child("child_no_session_bus", Session::NoBus);
}

#[test]
#[ignore = "runs as the child of no_session_bus_means_keychain_unavailable"]
fn child_no_session_bus() {
    if !in_child("child_no_session_bus") {
        return;
    }
    assert_code(
        KeychainStore::open_with_service(SERVICE),
        ErrorCode::KeychainUnavailable,
        "the system keychain is not available",
    );
}

// -- a bus without any Secret Service provider ---------------------------------------------

#[test]
fn a_bus_without_secret_service_means_keychain_unavailable() {
    run_child(
        "child_no_secret_service",
        Session::Bus {
            keyring: Keyring::None,
            refuse_secrets: false,
        },
    );
}

#[test]
#[ignore = "runs as the child of a_bus_without_secret_service_means_keychain_unavailable"]
fn child_no_secret_service() {
    if !in_child("child_no_secret_service") {
        return;
    }
    let result = KeychainStore::open_with_service(SERVICE);
    if let Err(e) = &result {
        assert!(
            e.detail.as_deref().unwrap_or("").contains("ServiceUnknown"),
            "{e:?}"
        );
    }
    assert_code(
        result,
        ErrorCode::KeychainUnavailable,
        "the system keychain is not available",
    );
}

// -- gnome-keyring without a default (login) keyring ---------------------------------------

#[test]
fn a_keyring_daemon_without_a_default_keyring_means_keychain_unavailable() {
    run_child(
        "child_no_default_keyring",
        Session::Bus {
            keyring: Keyring::WithoutLogin,
            refuse_secrets: false,
        },
    );
}

#[test]
#[ignore = "runs as the child of a_keyring_daemon_without_a_default_keyring_means_keychain_unavailable"]
fn child_no_default_keyring() {
    if !in_child("child_no_default_keyring") {
        return;
    }
    let store = KeychainStore::open_with_service(SERVICE).expect("the daemon answers");
    let key = SecretKey::for_connection(ConnectionId(1), &SecretName::Bearer);
    assert_eq!(
        store.get(&key).expect("nothing to read is not an error"),
        None
    );
    assert_code(
        store.set(&key, &Secret::new("tok")),
        ErrorCode::KeychainUnavailable,
        "has no default keyring",
    );
}

// -- a locked login keyring ----------------------------------------------------------------

#[test]
fn a_locked_keyring_means_keychain_locked() {
    run_child(
        "child_locked_keyring",
        Session::Bus {
            keyring: Keyring::Unlocked,
            refuse_secrets: false,
        },
    );
}

#[test]
#[ignore = "runs as the child of a_locked_keyring_means_keychain_locked"]
fn child_locked_keyring() {
    if !in_child("child_locked_keyring") {
        return;
    }
    let store = KeychainStore::open_with_service(SERVICE).expect("open the keychain");
    let connection = ConnectionId(7);
    let bearer = SecretKey::for_connection(connection, &SecretName::Bearer);
    let oauth = SecretKey::for_connection(connection, &SecretName::OAuth);
    store
        .set(&bearer, &Secret::new("tok"))
        .expect("set while unlocked");
    store
        .set(&oauth, &Secret::new("o".repeat(6_000)))
        .expect("set a chunked secret while unlocked");

    // Lock the login collection the way a screen lock or `Lock` over D-Bus does.
    let service =
        secret_service::blocking::SecretService::connect(secret_service::EncryptionType::Dh)
            .expect("connect to Secret Service");
    let login = service.get_default_collection().expect("the login keyring");
    login.lock().expect("lock the login keyring");
    assert!(login.is_locked().expect("locked?"));

    let locked = "the system keychain is locked";
    assert_code(store.get(&bearer), ErrorCode::KeychainLocked, locked);
    assert_code(store.get(&oauth), ErrorCode::KeychainLocked, locked);
    assert_code(
        store.set(&bearer, &Secret::new("tok-2")),
        ErrorCode::KeychainLocked,
        locked,
    );
    assert_code(
        store.set(
            &SecretKey::for_connection(connection, &SecretName::Header("X-Api-Key".into())),
            &Secret::new("new"),
        ),
        ErrorCode::KeychainLocked,
        locked,
    );
    assert_code(store.delete(&bearer), ErrorCode::KeychainLocked, locked);
    assert_code(
        store.delete_connection_secrets(connection, &[]),
        ErrorCode::KeychainLocked,
        locked,
    );
}

// -- a bus policy that refuses Lode access to the Secret Service ---------------------------

#[test]
fn a_refusing_bus_policy_means_keychain_denied() {
    run_child(
        "child_access_denied",
        Session::Bus {
            keyring: Keyring::Unlocked,
            refuse_secrets: true,
        },
    );
}

#[test]
#[ignore = "runs as the child of a_refusing_bus_policy_means_keychain_denied"]
fn child_access_denied() {
    if !in_child("child_access_denied") {
        return;
    }
    let result = KeychainStore::open_with_service(SERVICE);
    if let Err(e) = &result {
        assert!(
            e.detail.as_deref().unwrap_or("").contains("AccessDenied"),
            "{e:?}"
        );
    }
    assert_code(
        result,
        ErrorCode::KeychainDenied,
        "access to the system keychain was denied",
    );
}
