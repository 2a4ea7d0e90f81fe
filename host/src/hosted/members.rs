//! Who a member is in Ombi, decided by the host (DESIGN decision 13). A member's Ombi user
//! name is checked against Ombi's user list (read with the API key alone, cached briefly)
//! before it is ever sent: an unknown `UserName` does not stop a request in every Ombi
//! version. A member may act as someone else (`as_user`) or request for someone
//! (`on_behalf_of`) only when Ombi gives them the Admin or PowerUser role. This is the one
//! Ombi route and the one naming convention of arguments the host knows.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http_body_util::BodyExt as _;
use serde::Deserialize;
use serde_json::Value;

use crate::backend::Members;
use crate::config::Config;
use crate::http::Identity;
use crate::mcp::call::BoxFuture;
use crate::pool::Pool;

/// How long the user list is trusted.
const CACHE: Duration = Duration::from_secs(60);
/// The largest user list read.
const MAX_USERS_BYTES: usize = 16 * 1024 * 1024;
/// Ombi's user list (API catalogue §3.10).
pub const USERS_ROUTE: &str = "/api/v1/Identity/Users";

/// What the host reads of one user.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OmbiUser {
    #[serde(default)]
    pub user_name: Option<String>,
    #[serde(default)]
    claims: Vec<Claim>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
struct Claim {
    #[serde(default)]
    value: Option<String>,
    #[serde(default)]
    enabled: bool,
}

impl OmbiUser {
    fn has(&self, role: &str) -> bool {
        self.claims.iter().any(|c| c.enabled && c.value.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(role)))
    }

    /// Admin or PowerUser: may act as and request for others.
    pub fn may_act_for_others(&self) -> bool {
        self.has("Admin") || self.has("PowerUser")
    }

    pub fn disabled(&self) -> bool {
        self.has("Disabled")
    }
}

/// The member check, over Ombi's user list.
pub struct OmbiMembers {
    config: Arc<Config>,
    pool: Arc<Pool>,
    cache: Mutex<Option<(Instant, Arc<Vec<OmbiUser>>)>>,
}

/// The user named `name` (case-insensitively, as Ombi matches).
pub fn find<'a>(users: &'a [OmbiUser], name: &str) -> Option<&'a OmbiUser> {
    users.iter().find(|u| u.user_name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(name.trim())))
}

/// The decision for `member` calling with `arguments`, over `users` (pure).
pub fn decide(users: &[OmbiUser], member: &str, arguments: &Value) -> Result<Identity, (&'static str, String)> {
    let Some(me) = find(users, member) else {
        return Err((
            "AUTHENTICATION_FAILED",
            format!(
                "Your token names the Ombi user {member:?}, whom Ombi does not know; ask the server's operator to fix the token. Nothing was sent to Ombi."
            ),
        ));
    };
    if me.disabled() {
        return Err((
            "AUTHENTICATION_FAILED",
            format!("The Ombi user {member:?} is disabled in Ombi; nothing was sent to Ombi."),
        ));
    }
    let canonical = me.user_name.clone().unwrap_or_else(|| member.to_string());
    let mut also = None;
    for field in ["as_user", "on_behalf_of"] {
        let Some(other) = arguments.get(field).and_then(Value::as_str).map(str::trim) else { continue };
        if other.eq_ignore_ascii_case(&canonical) {
            continue;
        }
        if !me.may_act_for_others() {
            return Err((
                "FORBIDDEN",
                format!(
                    "`{field}` names another user; only members Ombi makes Admin or PowerUser may act for others. Leave it out to act as yourself ({canonical}). Nothing was sent to Ombi."
                ),
            ));
        }
        if field == "as_user" {
            // The component checks the name against the list and reports a typo itself.
            also = find(users, other).and_then(|u| u.user_name.clone());
        }
    }
    Ok(Identity { member: canonical, also })
}

impl OmbiMembers {
    pub fn new(config: Arc<Config>, pool: Arc<Pool>) -> OmbiMembers {
        OmbiMembers { config, pool, cache: Mutex::new(None) }
    }

    /// Ombi's users, from the cache while it is fresh.
    async fn users(&self) -> Result<Arc<Vec<OmbiUser>>, String> {
        if let Some((at, users)) = self.cache.lock().expect("users").as_ref()
            && at.elapsed() < CACHE
        {
            return Ok(users.clone());
        }
        let users = Arc::new(self.fetch().await?);
        *self.cache.lock().expect("users") = Some((Instant::now(), users.clone()));
        Ok(users)
    }

    async fn fetch(&self) -> Result<Vec<OmbiUser>, String> {
        let key = self.config.api_key.as_ref().ok_or("OMBI_API_KEY is not set")?;
        let uri = format!("{}{USERS_ROUTE}", self.config.url.base_url());
        let empty = http_body_util::Empty::new().map_err(|never| match never {}).boxed_unsync();
        let req = http::Request::get(uri)
            .header("apikey", key.expose())
            .header("accept", "application/json")
            .body(empty)
            .map_err(|e| e.to_string())?;
        let options = crate::http::clamp(None, self.config.request_timeout);
        let resp = self.pool.send(req, options).await.map_err(|e| format!("Ombi did not answer: {e:?}"))?;
        let status = resp.status().as_u16();
        let body = http_body_util::Limited::new(resp.into_body(), MAX_USERS_BYTES)
            .collect()
            .await
            .map_err(|_| "Ombi's user list could not be read whole".to_string())?
            .to_bytes();
        if status != 200 {
            return Err(format!("Ombi answered {status} to its user list"));
        }
        serde_json::from_slice(&body).map_err(|_| "Ombi's user list is not the list of users it should be".into())
    }
}

impl Members for OmbiMembers {
    fn identity(
        self: Arc<Self>,
        member: &str,
        arguments: &Value,
    ) -> BoxFuture<Result<Identity, (&'static str, String)>> {
        let (member, arguments) = (member.to_string(), arguments.clone());
        Box::pin(async move {
            let users = self.users().await.map_err(|e| {
                (
                    "UPSTREAM_REJECTED",
                    format!("Your Ombi identity could not be checked ({e}); nothing else was sent to Ombi. Try again shortly."),
                )
            })?;
            decide(&users, &member, &arguments)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn users() -> Vec<OmbiUser> {
        serde_json::from_value(json!([
            {"userName": "morgan", "claims": [{"value": "Admin", "enabled": true}]},
            {"userName": "riley", "claims": [{"value": "PowerUser", "enabled": true}, {"value": "Admin", "enabled": false}]},
            {"userName": "Alex", "claims": [{"value": "RequestMovie", "enabled": true}, {"value": "Admin", "enabled": false}]},
            {"userName": "avery", "claims": [{"value": "Disabled", "enabled": true}]},
        ]))
        .unwrap()
    }

    #[test]
    fn members_are_who_ombi_says_and_act_for_others_only_with_its_roles() {
        let u = users();
        let me = decide(&u, "alex", &json!({})).unwrap();
        assert_eq!(me, Identity { member: "Alex".into(), also: None }, "spelled as Ombi spells it");
        assert_eq!(decide(&u, "alex", &json!({"as_user": "ALEX"})).unwrap().also, None);
        assert_eq!(decide(&u, "zoe", &json!({})).unwrap_err().0, "AUTHENTICATION_FAILED");
        assert_eq!(decide(&u, "avery", &json!({})).unwrap_err().0, "AUTHENTICATION_FAILED");
        for field in ["as_user", "on_behalf_of"] {
            let e = decide(&u, "alex", &json!({ field: "morgan" })).unwrap_err();
            assert_eq!(e.0, "FORBIDDEN", "{field}");
            assert!(e.1.contains(field));
        }
        let admin = decide(&u, "morgan", &json!({"as_user": "alex"})).unwrap();
        assert_eq!(admin, Identity { member: "morgan".into(), also: Some("Alex".into()) });
        let power = decide(&u, "riley", &json!({"on_behalf_of": "alex"})).unwrap();
        assert_eq!(power, Identity { member: "riley".into(), also: None });
    }
}
