//! `read_users`: Ombi's users, one user, the acting user, who is online, and a user's
//! notification agents.
//!
//! Ombi routes: v1 `Identity/Users`, `Identity/User/{id}`, `Identity`,
//! `Identity/notificationpreferences/{userId}`; v2 `Hub/Users` (§3.10). Preferences become
//! agent references; their `value` tokens never leave the server.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::tool_args;
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit, User};
use crate::paging;
use crate::projection::users as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::dto::users::{OnlineDto, PreferenceDto, UserView};
use crate::upstream::{ApiRequest, path};

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// filtered by `query`
    #[default]
    List,
    /// `user_id`
    Detail,
    /// the acting user
    Me,
    /// connected now
    Online,
    /// agents `user_id` set up
    NotificationAgents,
}

tool_args! {
    /// Arguments of `read_users`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
        /// For detail and notification_agents: an id from list.
        #[schemars(length(min = 1, max = 100))]
        pub user_id: Option<String>,
        /// For list: part of a user name or alias.
        #[schemars(length(min = 1, max = 100))]
        pub query: Option<String>,
    } + as_user + paging
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Identity/User/{s}"),
    Route::get("/api/v1/Identity"),
    Route::get("/api/v2/Hub/Users"),
    Route::get("/api/v1/Identity/notificationpreferences/{s}"),
];

pub struct ReadUsers;

impl Tool for ReadUsers {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_users",
        title: "Users",
        description: "Read Ombi's users: ids, user names, aliases, language, streaming country and online state (never notification addresses or tokens). User names go to other tools' `as_user` and `on_behalf_of`; view `me` shows whom a call acts as.",
        families: &[Family::UserPage, Family::ReferencePage],
        effect: Effect::Read,
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let w = args.window();
        let acting = match args.as_user.as_deref() {
            Some(name) => Some(ctx.user_named(name, "as_user")?),
            None => None,
        };
        let user_id = || args.user_id.as_deref().map(str::trim).filter(|u| !u.is_empty());
        let data = match args.view {
            View::List => {
                let users = ctx.users()?.clone();
                let all: Vec<User> = users
                    .items
                    .iter()
                    .filter(|u| args.query.as_deref().is_none_or(|q| project::matches(u, q)))
                    .filter_map(project::user)
                    .collect();
                let page_of = if users.cut { paging::local_partial } else { paging::local };
                let (items, page) = page_of(all, w, PageUnit::Users);
                Data::UserPage { items, page }
            }
            View::Detail => {
                let id = user_id().ok_or_else(|| ToolError::invalid("user_id", "`user_id` is required for view detail (from view list)"))?;
                known(ctx, id)?;
                let u: Option<UserView> = ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Identity/User/{}", path::arg_segment(id, "user_id")?)), "the user")?;
                let items: Vec<User> = u.as_ref().and_then(project::user).into_iter().collect();
                let page = paging::whole(items.len(), PageUnit::Users);
                Data::UserPage { items, page }
            }
            View::Me => {
                let acting = match acting {
                    Some(a) => Some(a),
                    None => ctx.acting_user(None)?,
                };
                let req = ApiRequest::get("/api/v1/Identity").as_user(acting.map(|a| a.user_name));
                let u: Option<UserView> = ctx.fetch_opt(&req, "the acting user")?;
                let items: Vec<User> = u.as_ref().and_then(project::user).into_iter().collect();
                let page = paging::whole(items.len(), PageUnit::Users);
                Data::UserPage { items, page }
            }
            View::Online => {
                let l = ctx.list::<OnlineDto>(&ApiRequest::get("/api/v2/Hub/Users"), "the connected users")?;
                let users = ctx.users()?.clone();
                let mut all: Vec<User> = Vec::new();
                for o in &l.items {
                    let Some(id) = o.user_id.as_deref().map(str::trim).filter(|i| !i.is_empty()) else { continue };
                    if all.iter().any(|u| u.id == id) {
                        continue;
                    }
                    let mut u = users.items.iter().find(|u| u.id.as_deref() == Some(id)).and_then(project::user).unwrap_or_else(|| {
                        let mut u = User::new(id);
                        u.alias = o.display_name.clone();
                        u
                    });
                    u.online = Some(true);
                    all.push(u);
                }
                let (items, page) = paging::local(all, w, PageUnit::Users);
                Data::UserPage { items, page }
            }
            View::NotificationAgents => {
                let id = user_id().ok_or_else(|| ToolError::invalid("user_id", "`user_id` is required for view notification_agents (from view list)"))?;
                known(ctx, id)?;
                let req = ApiRequest::get(format!("/api/v1/Identity/notificationpreferences/{}", path::arg_segment(id, "user_id")?));
                let l = ctx.list::<PreferenceDto>(&req, "the notification preferences")?;
                let mut warnings = Vec::new();
                let refs = project::agents(&l.items, &mut warnings);
                warnings.into_iter().for_each(|x| ctx.warn(x));
                let (items, page) = paging::local(refs, w, PageUnit::References);
                Data::ReferencePage { items, page }
            }
        };
        Ok(data.into())
    }
}

/// Refuses a user id that is not in Ombi's user list (Ombi answers 500 for one).
fn known(ctx: &mut Ctx, id: &str) -> Result<(), ToolError> {
    let users = ctx.users()?;
    if users.items.iter().any(|u| u.id.as_deref() == Some(id)) || users.cut {
        return Ok(());
    }
    Err(ToolError::not_found("user_id", format!("Ombi has no user with the id {id:?}; list users with read_users.")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    const USERS: &str = r#"[{"id":"u-1","userName":"alice","alias":"Ally","emailAddress":"alice@example.org"},{"id":"u-2","userName":"bob","alias":"Robert"}]"#;

    #[test]
    fn query_matches_user_name_and_alias() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Identity/Users", 200, USERS);
        let (out, _) = run_tool(&mut fake, "read_users", json!({"query": "rob"}));
        let Data::UserPage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].user_name.as_deref(), Some("bob"));
    }

    #[test]
    fn an_unknown_user_id_is_refused_before_asking_ombi() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Identity/Users", 200, USERS);
        let e = run_tool(&mut fake, "read_users", json!({"view": "detail", "user_id": "nope"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("user_id"));
        assert_eq!(fake.sent.len(), 1);
    }

    #[test]
    fn online_users_are_enriched_and_marked() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v2/Hub/Users", 200, r#"[{"userId":"u-2","displayName":"Robert","userType":1}]"#)
            .reply("GET /api/v1/Identity/Users", 200, USERS);
        let (out, _) = run_tool(&mut fake, "read_users", json!({"view": "online"}));
        let Data::UserPage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!((items[0].user_name.as_deref(), items[0].online), (Some("bob"), Some(true)));
    }
}
