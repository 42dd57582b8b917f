//! Token requests (RFC 6749 §4.1.3 and §6): exchanging the authorization code, and refreshing.
//! Both carry `resource` (RFC 8707) so the tokens are bound to the one MCP server.

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Deserializer};
use url::Url;

use super::credentials::{unix_now, ClientAuth, OAuthCredentials};
use super::http::OAuthHttp;
use super::policy::UrlPolicy;

/// RFC 6749 §5.1.
#[derive(Deserialize)]
struct TokenResponse {
    access_token: String,
    token_type: String,
    #[serde(default, deserialize_with = "seconds")]
    expires_in: Option<u64>,
    #[serde(default)]
    refresh_token: Option<String>,
    #[serde(default)]
    scope: Option<String>,
}

/// What the redirect and the PKCE pair add to a code exchange.
pub(crate) struct CodeExchange<'a> {
    pub(crate) code: &'a str,
    pub(crate) verifier: &'a str,
    pub(crate) redirect_uri: &'a str,
}

/// Exchanges an authorization code; `base` holds everything but the tokens.
pub(crate) async fn exchange_code(
    http: &OAuthHttp,
    exchange: &CodeExchange<'_>,
    base: OAuthCredentials,
) -> LodeResult<OAuthCredentials> {
    let form = [
        ("grant_type", "authorization_code"),
        ("code", exchange.code),
        ("redirect_uri", exchange.redirect_uri),
        ("code_verifier", exchange.verifier),
        ("resource", base.resource.as_str()),
    ];
    let response = request(http, &base, &form).await?;
    Ok(apply(base, response, None))
}

/// A new token set from the refresh token. The server may rotate the refresh token; the new
/// one replaces the old (which may no longer work), else the old one is kept.
pub async fn refresh(credentials: &OAuthCredentials) -> LodeResult<OAuthCredentials> {
    let Some(refresh_token) = credentials.refresh_token.as_deref() else {
        return Err(LodeError::new(
            ErrorCode::AuthRequired,
            "the sign-in has expired and the server gave no way to renew it: sign in again",
        ));
    };
    let policy = UrlPolicy::for_credentials(&credentials.resource, &credentials.issuer)?;
    let resource = Url::parse(&credentials.resource).map_err(|e| {
        LodeError::new(
            ErrorCode::Protocol,
            format!("the signed-in server's URL is not valid: {e}"),
        )
    })?;
    let http = OAuthHttp::new(&resource, &policy)?;
    let form = [
        ("grant_type", "refresh_token"),
        ("refresh_token", refresh_token),
        ("resource", credentials.resource.as_str()),
    ];
    let response = request(&http, credentials, &form)
        .await
        .map_err(|e| match e.code {
            ErrorCode::AuthRequired => LodeError::new(
                ErrorCode::AuthRequired,
                format!("renewing the sign-in failed, sign in again ({})", e.message),
            ),
            _ => e,
        })?;
    Ok(apply(
        credentials.clone(),
        response,
        Some(refresh_token.to_owned()),
    ))
}

async fn request(
    http: &OAuthHttp,
    credentials: &OAuthCredentials,
    grant: &[(&str, &str)],
) -> LodeResult<TokenResponse> {
    // The same rules as at sign-in, so a token endpoint saved before them is held to them too.
    let policy = UrlPolicy::for_credentials(&credentials.resource, &credentials.issuer)?;
    let url: Url = policy.endpoint(&credentials.token_endpoint, "token endpoint")?;
    let id = credentials.client_id.as_str();
    let mut form: Vec<(&str, &str)> = grant.to_vec();
    let mut basic = None;
    match (
        credentials.client_auth,
        credentials.client_secret.as_deref(),
    ) {
        (ClientAuth::ClientSecretBasic, Some(secret)) => basic = Some((id, secret)),
        (ClientAuth::ClientSecretPost, Some(secret)) => {
            form.push(("client_id", id));
            form.push(("client_secret", secret));
        }
        _ => form.push(("client_id", id)),
    }
    let response: TokenResponse = http.token(&url, &form, basic).await?;
    if !response.token_type.eq_ignore_ascii_case("bearer") {
        return Err(LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the authorization server issued a `{}` token; Lode only uses bearer tokens",
                response.token_type
            ),
        ));
    }
    Ok(response)
}

fn apply(
    mut credentials: OAuthCredentials,
    response: TokenResponse,
    previous_refresh: Option<String>,
) -> OAuthCredentials {
    credentials.access_token = response.access_token;
    credentials.refresh_token = response.refresh_token.or(previous_refresh);
    credentials.expires_at = response
        .expires_in
        .map(|secs| unix_now().saturating_add(secs));
    if response.scope.is_some() {
        credentials.scope = response.scope;
    }
    credentials
}

/// `expires_in` as a number, or as a numeric string (some servers send that).
fn seconds<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Seconds {
        Number(f64),
        Text(String),
    }
    Ok(match Option::<Seconds>::deserialize(deserializer)? {
        Some(Seconds::Number(n)) if n.is_finite() && n >= 0.0 => Some(n as u64),
        Some(Seconds::Text(text)) => text.trim().parse().ok(),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> TokenResponse {
        serde_json::from_str(json).expect("a token response")
    }

    fn base() -> OAuthCredentials {
        OAuthCredentials {
            issuer: "https://as.example/".into(),
            token_endpoint: "https://as.example/token".into(),
            resource: "https://mcp.example/mcp".into(),
            client_id: "c".into(),
            client_secret: None,
            client_auth: ClientAuth::None,
            access_token: "old".into(),
            refresh_token: Some("old-refresh".into()),
            expires_at: None,
            scope: Some("a".into()),
        }
    }

    #[test]
    fn a_rotated_refresh_token_replaces_the_old_one() {
        let rotated = apply(
            base(),
            parse(
                r#"{"access_token":"new","token_type":"Bearer","expires_in":60,"refresh_token":"new-refresh"}"#,
            ),
            Some("old-refresh".into()),
        );
        assert_eq!(rotated.access_token, "new");
        assert_eq!(rotated.refresh_token.as_deref(), Some("new-refresh"));
        assert!(rotated.expires_at.is_some_and(|at| at >= unix_now() + 59));
        assert_eq!(rotated.scope.as_deref(), Some("a"));
    }

    #[test]
    fn without_rotation_the_old_refresh_token_stays() {
        let kept = apply(
            base(),
            parse(r#"{"access_token":"new","token_type":"bearer","expires_in":"3600"}"#),
            Some("old-refresh".into()),
        );
        assert_eq!(kept.refresh_token.as_deref(), Some("old-refresh"));
        assert!(kept.expires_at.is_some());
    }
}
