//! A saved connection's secrets, fetched from the keychain when it connects: its bearer token
//! and secret headers become `Credentials`, its secret environment variables join the stdio
//! server's environment (and fill in the `${NAME}`s of its arguments). They stay in memory for the session and are never written anywhere.

use std::sync::{Arc, Mutex};

use lode_core::{
    ApiKey, Connection, Credentials, ErrorCode, LodeError, LodeResult, SecretPlace, TransportSpec,
};
use lode_secrets::{EntryStore, KeychainStore, Secret, SecretKey, SecretName, SecretStore};

/// What a connection needs to connect: its transport with secret variables filled in, and
/// its credentials.
pub(crate) struct Resolved {
    pub(crate) transport: TransportSpec,
    pub(crate) credentials: Credentials,
}

/// Reads every secret `connection` lists. A secret the keychain does not have is an error
/// naming it: connecting without it would fail in a less clear way (a 401, a server that
/// exits), and the person can set it again.
pub(crate) fn resolve(connection: &Connection, store: &dyn SecretStore) -> LodeResult<Resolved> {
    resolve_with(connection, |place| {
        let key = SecretKey::for_connection(connection.id, &SecretName::from(place));
        Ok(store.get(&key)?.map(|secret| secret.expose().to_owned()))
    })
}

/// Like [`resolve`], with each secret's value from `value_of` (`None` when there is none).
pub(crate) fn resolve_with(
    connection: &Connection,
    mut value_of: impl FnMut(&SecretPlace) -> LodeResult<Option<String>>,
) -> LodeResult<Resolved> {
    let mut transport = connection.transport.clone();
    let mut credentials = Credentials::default();
    for place in &connection.settings.secrets {
        // Sent only to the authorization server when signing in (`sign_in.rs`), never on
        // connecting: not even read here.
        if *place == SecretPlace::OauthClientSecret {
            continue;
        }
        let value = value_of(place)?.ok_or_else(|| missing(connection, place))?;
        match place {
            SecretPlace::Bearer => credentials.bearer_token = Some(value),
            SecretPlace::Header { name } => credentials.secret_headers.push(ApiKey {
                header: name.clone(),
                value,
            }),
            SecretPlace::Env { name } => {
                if let TransportSpec::Stdio { env, args, .. } = &mut transport {
                    credentials.secret_env.push(value.clone());
                    // A secret argument (an install's `${LODE_SECRET_ARG_N}`, or a `${NAME}`
                    // written by hand for a secret variable) is filled in here, never saved.
                    let reference = format!("${{{name}}}");
                    for arg in args.iter_mut().filter(|arg| arg.contains(&reference)) {
                        *arg = arg.replace(&reference, &value);
                    }
                    env.insert(name.clone(), value);
                }
            }
            SecretPlace::OauthClientSecret => {}
        }
    }
    Ok(Resolved {
        transport,
        credentials,
    })
}

fn missing(connection: &Connection, place: &SecretPlace) -> LodeError {
    let what = match place {
        SecretPlace::Bearer => "bearer token".to_owned(),
        SecretPlace::Header { name } => format!("value of the header {name}"),
        SecretPlace::Env { name } => format!("variable {name}"),
        SecretPlace::OauthClientSecret => "OAuth client secret".to_owned(),
    };
    LodeError::new(
        ErrorCode::AuthRequired,
        format!(
            "the keychain has no {what} for {}: set it again in the connection's settings",
            connection.name
        ),
    )
}

/// The OS keychain, opened the first time a secret is needed: connections without secrets
/// never touch it, so Lode starts and works where there is none. A failure to open is not
/// kept, so a keychain unlocked or started later is used on the next attempt.
pub struct LazyKeychain {
    /// The keychain service the database's secrets are filed under.
    service: String,
    opened: Mutex<Option<Arc<KeychainStore>>>,
}

impl LazyKeychain {
    pub fn new(service: impl Into<String>) -> Self {
        Self {
            service: service.into(),
            opened: Mutex::default(),
        }
    }

    fn store(&self) -> LodeResult<Arc<KeychainStore>> {
        let mut opened = self.opened.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(store) = opened.as_ref() {
            return Ok(store.clone());
        }
        let store = Arc::new(KeychainStore::open_with_service(&self.service)?);
        *opened = Some(store.clone());
        Ok(store)
    }
}

/// The Secret Service store holds a blocking D-Bus proxy whose drop runs a `block_on`, which
/// panics on a thread of an async runtime — where Lode is usually dropped. The opened store is
/// dropped on a thread of its own instead, waited for so its teardown ends before the process.
impl Drop for LazyKeychain {
    fn drop(&mut self) {
        let opened = self.opened.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Some(store) = opened.take() {
            let _ = std::thread::spawn(move || drop(store)).join();
        }
    }
}

impl EntryStore for LazyKeychain {
    fn write_entry(&self, name: &str, value: &Secret) -> LodeResult<()> {
        self.store()?.write_entry(name, value)
    }

    fn read_entry(&self, name: &str) -> LodeResult<Option<Secret>> {
        self.store()?.read_entry(name)
    }

    fn remove_entry(&self, name: &str) -> LodeResult<bool> {
        self.store()?.remove_entry(name)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use lode_core::{ConnectionId, TransportSpec};
    use lode_secrets::MemoryStore;

    use super::*;

    fn connection(secrets: Vec<SecretPlace>, transport: TransportSpec) -> Connection {
        let mut connection = Connection::unsaved(ConnectionId(3), "github", transport);
        connection.settings.secrets = secrets;
        connection
    }

    fn set(store: &MemoryStore, place: &SecretPlace, value: &str) {
        let key = SecretKey::for_connection(ConnectionId(3), &SecretName::from(place));
        store.set(&key, &Secret::new(value)).expect("set");
    }

    #[test]
    fn secrets_fill_the_environment_and_the_credentials() {
        let store = MemoryStore::default();
        let token = SecretPlace::Env {
            name: "GITHUB_TOKEN".into(),
        };
        set(&store, &token, "ghp_secret");
        let stdio = TransportSpec::Stdio {
            command: "server".into(),
            args: Vec::new(),
            env: BTreeMap::from([("LOG".into(), "1".into())]),
            cwd: None,
        };
        let resolved = resolve(&connection(vec![token], stdio), &store).expect("resolved");
        match resolved.transport {
            TransportSpec::Stdio { env, .. } => {
                assert_eq!(
                    env.get("GITHUB_TOKEN").map(String::as_str),
                    Some("ghp_secret")
                );
                assert_eq!(env.get("LOG").map(String::as_str), Some("1"));
            }
            other => panic!("{other:?}"),
        }

        let header = SecretPlace::Header {
            name: "X-Agent-API-Key".into(),
        };
        set(&store, &SecretPlace::Bearer, "tok");
        set(&store, &header, "k3y");
        let http = TransportSpec::http("http://127.0.0.1:1/mcp");
        let resolved = resolve(&connection(vec![SecretPlace::Bearer, header], http), &store)
            .expect("resolved");
        assert_eq!(
            resolved.credentials.headers(),
            [
                ("Authorization".to_owned(), "Bearer tok".to_owned()),
                ("X-Agent-API-Key".to_owned(), "k3y".to_owned())
            ]
        );
    }

    #[test]
    fn a_secret_variable_fills_in_the_arguments_that_name_it() {
        let store = MemoryStore::default();
        let place = SecretPlace::Env {
            name: "LODE_SECRET_ARG_1".into(),
        };
        set(&store, &place, "tok-9");
        let stdio = TransportSpec::Stdio {
            command: "npx".into(),
            args: vec![
                "--token".into(),
                "${LODE_SECRET_ARG_1}".into(),
                "--x=${OTHER}".into(),
            ],
            env: BTreeMap::new(),
            cwd: None,
        };
        let resolved = resolve(&connection(vec![place], stdio), &store).expect("resolved");
        match resolved.transport {
            TransportSpec::Stdio { args, .. } => {
                assert_eq!(args, ["--token", "tok-9", "--x=${OTHER}"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(resolved.credentials.secret_env, ["tok-9"]);
    }

    #[test]
    fn a_secret_missing_from_the_keychain_is_named() {
        let store = MemoryStore::default();
        let place = SecretPlace::Env {
            name: "GITHUB_TOKEN".into(),
        };
        let stdio = TransportSpec::stdio_from_command_line("server").expect("command");
        let error = resolve(&connection(vec![place], stdio), &store)
            .err()
            .expect("missing");
        assert_eq!(error.code, ErrorCode::AuthRequired);
        assert!(error.message.contains("GITHUB_TOKEN") && error.message.contains("github"));
    }
}
