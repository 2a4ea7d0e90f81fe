//! What a tool runs with: the call's non-secret settings, the upstream seam, the notes
//! (warnings, cuts) gathered on the way, and the request helpers every tool uses: send and
//! check the status, parse within the budget, read a list and say when it was cut, resolve
//! the acting user once per call.

use serde::de::DeserializeOwned;

use crate::envelope::Notes;
use crate::error::ToolError;
use crate::routes::Route;
use crate::stages::{self, Stage};
use crate::upstream::dto::users::UserView;
use crate::upstream::{ApiRequest, RawResponse, Upstream, classify};

/// The route of [`Ctx::users`]: Ombi's user list. Tools that read it list this group.
pub const USER_LIST: &[Route] = &[Route::get("/api/v1/Identity/Users")];

/// The routes of [`Ctx::acting_user`] and [`Ctx::user_named`]: the user list, and Ombi's
/// view of the caller for a default user who may not list users. Tools that resolve a user
/// list this group.
pub const ACTING_USER: &[Route] = &[Route::get("/api/v1/Identity/Users"), Route::get("/api/v1/Identity")];

/// How a call runs (the WIT `call-mode`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Mode {
    /// Run the tool.
    #[default]
    Execute,
    /// Plan a write: read what it needs, then return what it would send, unsent.
    Plan,
}

/// The non-secret settings of one call (the WIT `call-context`).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub base_url: String,
    pub default_user: Option<String>,
    pub allow_writes: bool,
    pub correlation_id: String,
    pub max_response_bytes: u64,
    pub request_timeout_ms: u32,
    pub mode: Mode,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            base_url: "http://localhost:5000".into(),
            default_user: None,
            allow_writes: false,
            correlation_id: String::new(),
            max_response_bytes: 8 * 1024 * 1024,
            request_timeout_ms: 30_000,
            mode: Mode::Execute,
        }
    }
}

/// A list read from Ombi: its items, and whether the read budget cut it (the warning that
/// says so is already recorded).
#[derive(Debug, Clone, PartialEq)]
pub struct Listed<T> {
    pub items: Vec<T>,
    pub cut: bool,
}

impl<T> Listed<T> {
    /// The error for something looked up in this list and not found in it: `NOT_FOUND` on
    /// `field` (with `message`) when the list is whole, else [`unchecked`].
    pub fn absent(&self, field: &str, message: impl Into<String>) -> ToolError {
        if self.cut { unchecked(field, "Ombi's list", self.items.len()) } else { ToolError::not_found(field, message) }
    }
}

/// Something looked up in a list the read budget cut (`list`, of which `read` records were
/// read) and not found there: absence from part of a list is not absence, so this is an
/// `UPSTREAM_REJECTED` saying the list was too long to check, never `NOT_FOUND`.
pub fn unchecked(field: &str, list: &str, read: usize) -> ToolError {
    ToolError::new(
        crate::error::ErrorCode::UpstreamRejected,
        format!(
            "`{field}` could not be checked: {list} was longer than the read budget (OMBI_MAX_RESPONSE_BYTES) and it is not among the first {read} records read, which does not mean it is missing. Raise OMBI_MAX_RESPONSE_BYTES to check the whole list."
        ),
    )
}

/// The Ombi user a call acts as.
#[derive(Debug, Clone, PartialEq)]
pub struct Acting {
    /// The user name as Ombi spells it (sent as `UserName`).
    pub user_name: String,
    /// The user's id.
    pub id: String,
}

/// What a write would do: a summary for a person and the requests that carry it out.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub summary: String,
    pub requests: Vec<ApiRequest>,
}

/// A tool's view of the world for one call.
pub struct Ctx<'a> {
    pub settings: &'a Settings,
    upstream: &'a mut dyn Upstream,
    /// Warnings and cuts recorded so far; they go into the envelope.
    pub notes: Notes,
    users: Option<Listed<UserView>>,
    /// In plan mode, the plan the write tool made.
    pub plan: Option<Plan>,
}

impl<'a> Ctx<'a> {
    pub fn new(settings: &'a Settings, upstream: &'a mut dyn Upstream) -> Self {
        Ctx { settings, upstream, notes: Notes::default(), users: None, plan: None }
    }

    /// True while a write is being planned (nothing may be sent but reads).
    pub fn planning(&self) -> bool {
        self.settings.mode == Mode::Plan
    }

    /// The point of no return of a write: everything is read and `requests` are what it
    /// will send. In plan mode the plan is kept for the host (to ask a person) and the tool
    /// stops here; in execute mode it goes on.
    pub fn confirm(&mut self, summary: crate::summary::Summary, requests: &[ApiRequest]) -> Result<(), ToolError> {
        if self.planning() {
            self.plan = Some(Plan { summary: summary.render(), requests: requests.to_vec() });
            return Err(ToolError::new(
                crate::error::ErrorCode::Forbidden,
                "This write was planned for confirmation; nothing was sent to Ombi.",
            ));
        }
        Ok(())
    }

    /// Sends a state-changing request. An answer that never came in full is an unknown
    /// outcome whose message names the read that reconciles it (`reconcile`).
    pub fn mutate(&mut self, req: &ApiRequest, what: &str, reconcile: &str) -> Result<RawResponse, ToolError> {
        debug_assert!(req.mutation, "mutate() sends state-changing requests");
        if self.planning() {
            return Err(ToolError::internal("a write tried to send a request while it was being planned"));
        }
        let sent = {
            let _upstream = stages::span(Stage::Upstream);
            self.upstream.send(req)
        };
        let resp = sent.map_err(|e| classify::transport_failure(&e, req, what));
        let resp = resp.and_then(|r| classify::check_status(&r, req, what).map(|()| r));
        resp.map_err(|mut e| {
            if e.code == crate::error::ErrorCode::UnknownOutcome {
                e.message = format!(
                    "{} Check with {reconcile} before retrying.",
                    e.message.trim_end_matches(" Check with a read before retrying.")
                );
            }
            e
        })
    }

    /// Records a warning.
    pub fn warn(&mut self, warning: impl Into<String>) {
        self.notes.warnings.push(warning.into());
    }

    /// Records that something was cut to a budget, and the warning that says what.
    pub fn cut(&mut self, warning: impl Into<String>) {
        self.notes.truncated = true;
        self.warn(warning);
    }

    /// Sends `req`; transport failures become tool errors, any status is returned.
    fn send_raw(&mut self, req: &ApiRequest, what: &str) -> Result<RawResponse, ToolError> {
        let _upstream = stages::span(Stage::Upstream);
        self.upstream.send(req).map_err(|e| classify::transport_failure(&e, req, what))
    }

    /// Sends `req` and requires a 2xx status.
    pub fn send(&mut self, req: &ApiRequest, what: &str) -> Result<RawResponse, ToolError> {
        self.send_accepting(req, what, &[])
    }

    /// Sends `req`; a 2xx status or one of `values` (statuses that carry an answer, such as
    /// `/health`'s 503 `Unhealthy`) is returned, anything else is a tool error.
    pub fn send_accepting(&mut self, req: &ApiRequest, what: &str, values: &[u16]) -> Result<RawResponse, ToolError> {
        let resp = self.send_raw(req, what)?;
        if !values.contains(&resp.status) {
            classify::check_status(&resp, req, what)?;
        }
        Ok(resp)
    }

    /// Sends `req` and parses a JSON body; an empty body (204) is `None`.
    pub fn fetch_opt<T: DeserializeOwned>(&mut self, req: &ApiRequest, what: &str) -> Result<Option<T>, ToolError> {
        let resp = self.send(req, what)?;
        let _decode = stages::span(Stage::Decode);
        classify::json_opt(&resp, what, self.settings.max_response_bytes)
    }

    /// Like [`Ctx::fetch_opt`], and an empty array body (`[]`, as some routes answer for
    /// "nothing") is `None` too.
    pub fn fetch_or_nothing<T: DeserializeOwned>(
        &mut self,
        req: &ApiRequest,
        what: &str,
    ) -> Result<Option<T>, ToolError> {
        let resp = self.send(req, what)?;
        if resp.body.iter().filter(|b| !b.is_ascii_whitespace()).eq(b"[]".iter()) {
            return Ok(None);
        }
        let _decode = stages::span(Stage::Decode);
        classify::json_opt(&resp, what, self.settings.max_response_bytes)
    }

    /// Sends `req` and parses a JSON body that must be present.
    pub fn fetch<T: DeserializeOwned>(&mut self, req: &ApiRequest, what: &str) -> Result<T, ToolError> {
        let resp = self.send(req, what)?;
        let _decode = stages::span(Stage::Decode);
        classify::json(&resp, what, self.settings.max_response_bytes)
    }

    /// Sends `req` and parses a JSON array (an empty body or `null` is an empty list). When
    /// the body was longer than the read budget, its complete leading elements are kept and
    /// the cut is recorded.
    pub fn list<T: DeserializeOwned>(&mut self, req: &ApiRequest, what: &str) -> Result<Listed<T>, ToolError> {
        let resp = self.send(req, what)?;
        let (items, cut) = {
            let _decode = stages::span(Stage::Decode);
            classify::json_list(&resp, what)?
        };
        if cut {
            self.cut(format!(
                "Ombi's answer to {what} was longer than the {}-byte read budget (OMBI_MAX_RESPONSE_BYTES); only its first {} complete records were read.",
                self.settings.max_response_bytes,
                items.len()
            ));
        }
        Ok(Listed { items, cut })
    }

    /// Ombi's user list (`GET /api/v1/Identity/Users`, as the API principal), read at most
    /// once per call.
    pub fn users(&mut self) -> Result<&Listed<UserView>, ToolError> {
        if self.users.is_none() {
            let listed = self.list(&ApiRequest::get("/api/v1/Identity/Users"), "the user list")?;
            self.users = Some(listed);
        }
        Ok(self.users.as_ref().expect("just filled"))
    }

    /// The user named `name` (matched like Ombi does: case-insensitively), or `NOT_FOUND`
    /// on `field`.
    pub fn user_named(&mut self, name: &str, field: &str) -> Result<Acting, ToolError> {
        let wanted = name.trim();
        match self.users().map(|_| ()) {
            Ok(()) => {}
            // A user Ombi does not let list its users (no PowerUser role, as a household
            // member of a hosted server is) can still be themselves: Ombi's view of the caller,
            // for the default user only (a host that forces a member's identity names them so).
            Err(e) if matches!(e.http_status, Some(401 | 403)) && self.is_default_user(wanted) => {
                return self.me(wanted).ok_or(e);
            }
            Err(e) => return Err(e),
        }
        let users = self.users.as_ref().expect("just listed");
        let found = users.items.iter().find(|u| u.user_name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(wanted)));
        match found {
            Some(u) => {
                Ok(Acting { user_name: u.user_name.clone().unwrap_or_default(), id: u.id.clone().unwrap_or_default() })
            }
            None => Err(users.absent(
                field,
                format!("`{field}`: Ombi has no user named {wanted:?}. Use read_users to list the user names."),
            )),
        }
    }

    fn is_default_user(&self, name: &str) -> bool {
        self.settings.default_user.as_deref().is_some_and(|d| d.trim().eq_ignore_ascii_case(name))
    }

    /// `name` as Ombi sees the caller (`GET /api/v1/Identity` as that user), if it is them.
    fn me(&mut self, name: &str) -> Option<Acting> {
        let req = ApiRequest::get("/api/v1/Identity").as_user(Some(name.to_string()));
        let me: UserView = self.fetch_opt(&req, "the current user").ok().flatten()?;
        let user_name = me.user_name.filter(|n| n.eq_ignore_ascii_case(name))?;
        Some(Acting { user_name, id: me.id.unwrap_or_default() })
    }

    /// The user a call acts as: `as_user` when given, else the server's default user
    /// (`OMBI_USER`), else none (the API key's own principal). The name is checked against
    /// Ombi's user list first, so the `UserName` header is never empty or unknown.
    pub fn acting_user(&mut self, as_user: Option<&str>) -> Result<Option<Acting>, ToolError> {
        if let Some(name) = as_user {
            return self.user_named(name, "as_user").map(Some);
        }
        let Some(default) = self.settings.default_user.clone().filter(|d| !d.trim().is_empty()) else {
            return Ok(None);
        };
        self.user_named(&default, "as_user").map(Some).map_err(|mut e| {
            if e.code != crate::error::ErrorCode::NotFound {
                return e;
            }
            e.message = format!(
                "The server's default user OMBI_USER={default:?} is not an Ombi user; pass `as_user` with a user name from read_users, or fix OMBI_USER."
            );
            e
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;

    #[test]
    fn a_user_who_may_not_list_users_is_still_themselves() {
        // As a hosted server's member without Ombi's PowerUser role: the list is refused,
        // Ombi's view of the caller names them.
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Identity/Users", 403, "").reply(
            "GET /api/v1/Identity",
            200,
            r#"{"id":"u-7","userName":"Alex"}"#,
        );
        let settings = Settings { default_user: Some("alex".into()), ..Settings::default() };
        let mut ctx = Ctx::new(&settings, &mut fake);
        let me = ctx.acting_user(None).unwrap().unwrap();
        assert_eq!((me.user_name.as_str(), me.id.as_str()), ("Alex", "u-7"));
        // Someone else cannot be reached that way.
        let e = ctx.acting_user(Some("morgan")).unwrap_err();
        assert_eq!(e.http_status, Some(403));
        drop(ctx);
        assert_eq!(fake.sent.iter().filter(|r| r.path == "/api/v1/Identity").count(), 1);
        assert_eq!(fake.sent.iter().find(|r| r.path == "/api/v1/Identity").unwrap().user.as_deref(), Some("alex"));
    }
}
