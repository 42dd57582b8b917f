//! Where a sign-in may send requests (and the browser): the MCP server's own origin, and the
//! authorization server its protected resource metadata declares, over HTTPS. Every URL that
//! discovery, registration and token requests use passes [`UrlPolicy::check`] first.
//!
//! The rules, in order:
//! - `http` or `https` only; `http` only to this machine (codes, secrets and tokens never
//!   travel in the clear).
//! - On the MCP server's origin: allowed (it is where Lode is connecting anyway).
//! - On the declared authorization server's origin: allowed if its host is a public address,
//!   or on this machine when the MCP server is too (a local development setup). A private,
//!   link-local or unspecified address (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7,
//!   fe80::/10, 0.0.0.0 …) is refused; so is a name resolving only to such addresses, at
//!   connect time ([`crate::addresses::GuardedResolver`]).
//! - Any other origin: refused, even over HTTPS: metadata naming endpoints on a third host
//!   would send the person's codes and tokens there.
//!
//! A refusal is [`ErrorCode::UrlRefused`], naming the URL and why.

use lode_core::{ErrorCode, LodeError, LodeResult};
use url::{Origin, Url};

use crate::addresses::{allowed, host_kind, Restricted};
use crate::http_failure::display_url;

#[derive(Debug, Clone)]
pub(crate) struct UrlPolicy {
    server: Origin,
    server_on_loopback: bool,
    authorization_server: Option<Origin>,
}

impl UrlPolicy {
    /// The policy of a sign-in to the MCP server at `server`.
    pub(crate) fn for_server(server: &Url) -> Self {
        Self {
            server: server.origin(),
            server_on_loopback: host_kind(server) == Some(Restricted::Loopback),
            authorization_server: None,
        }
    }

    /// The policy of a refresh: the server, and the authorization server the sign-in used.
    pub(crate) fn for_credentials(resource: &str, issuer: &str) -> LodeResult<Self> {
        let resource = parse(resource, "MCP server")?;
        let mut policy = Self::for_server(&resource);
        policy.declare_authorization_server(&parse(issuer, "authorization server")?)?;
        Ok(policy)
    }

    pub(crate) fn server_on_loopback(&self) -> bool {
        self.server_on_loopback
    }

    /// Accepts `issuer`, from the protected resource metadata, as the authorization server,
    /// if the rules above let Lode contact it.
    pub(crate) fn declare_authorization_server(&mut self, issuer: &Url) -> LodeResult<()> {
        let mut declared = self.clone();
        declared.authorization_server = Some(issuer.origin());
        declared.check(issuer, "authorization server")?;
        *self = declared;
        Ok(())
    }

    /// Parses `raw`, a URL a metadata document names, and checks it.
    pub(crate) fn endpoint(&self, raw: &str, what: &str) -> LodeResult<Url> {
        let url = parse(raw, what)?;
        self.check(&url, what)?;
        Ok(url)
    }

    /// Whether Lode may send the `what` request to `url`; the error says why not.
    pub(crate) fn check(&self, url: &Url, what: &str) -> LodeResult<()> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(refused(
                url,
                what,
                "it is neither http:// nor https://".into(),
            ));
        }
        let origin = url.origin();
        let on_server = origin == self.server;
        if !on_server && self.authorization_server.as_ref() != Some(&origin) {
            let why = format!(
                "it is neither on the MCP server's origin ({}) nor on the authorization \
                 server that server declares{}",
                self.server.ascii_serialization(),
                self.authorization_server
                    .as_ref()
                    .map(|o| format!(" ({})", o.ascii_serialization()))
                    .unwrap_or_default()
            );
            return Err(refused(url, what, why));
        }
        let kind = host_kind(url);
        if url.scheme() == "http" && kind != Some(Restricted::Loopback) {
            let why = "it is plain http:// to another machine, and Lode sends codes, secrets and \
                       tokens only over HTTPS";
            return Err(refused(url, what, why.into()));
        }
        if !on_server && !allowed(kind, self.server_on_loopback) {
            let why = match kind {
                Some(Restricted::Loopback) => format!(
                    "it is {}, and the MCP server is not on this machine",
                    Restricted::Loopback.describe()
                ),
                _ => format!(
                    "it is {}, where a remote server may not send Lode",
                    Restricted::Private.describe()
                ),
            };
            return Err(refused(url, what, why));
        }
        Ok(())
    }
}

fn parse(raw: &str, what: &str) -> LodeResult<Url> {
    Url::parse(raw).map_err(|e| {
        LodeError::new(
            ErrorCode::Protocol,
            format!("the {what} `{}` is not a valid URL: {e}", display_url(raw)),
        )
    })
}

fn refused(url: &Url, what: &str, why: String) -> LodeError {
    LodeError::new(
        ErrorCode::UrlRefused,
        format!(
            "Lode refused to contact the {what} {}: {why}",
            display_url(url.as_str())
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).expect("test URL")
    }

    fn remote() -> UrlPolicy {
        let mut policy = UrlPolicy::for_server(&url("https://mcp.example/mcp"));
        policy
            .declare_authorization_server(&url("https://auth.example/"))
            .expect("a public HTTPS issuer");
        policy
    }

    fn why(policy: &UrlPolicy, target: &str) -> String {
        let error = policy.endpoint(target, "token endpoint").expect_err(target);
        assert_eq!(error.code, ErrorCode::UrlRefused, "{target}");
        assert!(error.message.contains(target), "{}", error.message);
        error.message
    }

    #[test]
    fn the_server_and_its_declared_authorization_server_are_allowed() {
        let policy = remote();
        for ok in [
            "https://mcp.example/.well-known/oauth-protected-resource/mcp",
            "https://auth.example/token",
            "https://auth.example/register",
        ] {
            assert!(policy.endpoint(ok, "endpoint").is_ok(), "{ok}");
        }
    }

    #[test]
    fn another_origin_is_refused_even_over_https() {
        let policy = remote();
        assert!(why(&policy, "https://elsewhere.example/register").contains("neither on"));
        assert!(why(&policy, "https://auth.example:8443/token").contains("neither on"));
        assert!(why(&policy, "http://mcp.example/token").contains("neither on"));
    }

    #[test]
    fn a_declared_server_in_the_clear_or_in_a_private_range_is_refused() {
        let mut policy = UrlPolicy::for_server(&url("https://mcp.example/mcp"));
        for issuer in [
            "http://auth.example/",
            "https://169.254.169.254/",
            "https://10.0.0.8/",
            "https://[fe80::1]/",
            "https://127.0.0.1/",
            "https://localhost/",
        ] {
            let error = policy
                .declare_authorization_server(&url(issuer))
                .expect_err(issuer);
            assert_eq!(error.code, ErrorCode::UrlRefused, "{issuer}");
        }
        let metadata = policy
            .declare_authorization_server(&url("https://169.254.169.254/"))
            .expect_err("metadata service");
        assert!(
            metadata.message.contains("link-local"),
            "{}",
            metadata.message
        );
        let clear = policy
            .declare_authorization_server(&url("http://auth.example/"))
            .expect_err("cleartext");
        assert!(clear.message.contains("HTTPS"), "{}", clear.message);
    }

    #[test]
    fn beside_a_loopback_server_loopback_is_allowed_but_private_ranges_are_not() {
        let mut policy = UrlPolicy::for_server(&url("http://127.0.0.1:3000/mcp"));
        policy
            .declare_authorization_server(&url("http://localhost:8080/realms/dev"))
            .expect("a local authorization server beside a local MCP server");
        assert!(policy
            .endpoint("http://localhost:8080/realms/dev/token", "token endpoint")
            .is_ok());
        assert!(policy
            .endpoint("http://127.0.0.1:3000/register", "registration endpoint")
            .is_ok());
        let mut private = UrlPolicy::for_server(&url("http://127.0.0.1:3000/mcp"));
        assert!(private
            .declare_authorization_server(&url("https://192.168.1.1/"))
            .is_err());
    }

    #[test]
    fn a_server_in_a_private_range_may_use_its_own_origin() {
        let policy = UrlPolicy::for_server(&url("https://10.0.0.5/mcp"));
        assert!(policy.endpoint("https://10.0.0.5/token", "token").is_ok());
        assert!(policy.endpoint("https://10.0.0.6/token", "token").is_err());
    }

    #[test]
    fn a_refresh_holds_the_token_endpoint_to_the_same_rules() {
        let policy = UrlPolicy::for_credentials("https://mcp.example/mcp", "https://auth.example/")
            .expect("valid");
        assert!(policy.endpoint("https://auth.example/token", "t").is_ok());
        assert!(policy.endpoint("https://evil.example/token", "t").is_err());
    }
}
