//! `write_vote`: vote a request up or down, as a user.
//!
//! Ombi route: v1 POST `Vote/{up|down}/{movie|tv|album}/{requestId}` → `VoteEngineResult`
//! (§3.9). A vote belongs to its voter: without `as_user` and without OMBI_USER it would be
//! cast by the API key's system user, so the tool refuses.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{RequestMedia, tool_args};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Target, TargetKind};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

/// Up or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Up,
    Down,
}

tool_args! {
    /// Arguments of `write_vote`.
    pub struct Args {
        pub direction: Direction,
    } + request_target + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::write(Method::Post, "/api/v1/Vote/up/movie/{n}"),
    Route::write(Method::Post, "/api/v1/Vote/up/tv/{n}"),
    Route::write(Method::Post, "/api/v1/Vote/up/album/{n}"),
    Route::write(Method::Post, "/api/v1/Vote/down/movie/{n}"),
    Route::write(Method::Post, "/api/v1/Vote/down/tv/{n}"),
    Route::write(Method::Post, "/api/v1/Vote/down/album/{n}"),
];

pub struct WriteVote;

impl Tool for WriteVote {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_vote",
        title: "Vote on a request",
        description: "Vote a request up or down as a household member (`as_user`, required unless OMBI_USER is set); enough upvotes can approve it automatically. `request_id` from read_votes or read_requests. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        if args.as_user.is_none() && ctx.settings.default_user.as_deref().is_none_or(|d| d.trim().is_empty()) {
            return Err(ToolError::invalid("as_user", "`as_user` is required: a vote is cast by a user (set it, or configure OMBI_USER)"));
        }
        let acting = ctx.acting_user(args.as_user.as_deref())?.expect("a user was required above");
        let dir = if args.direction == Direction::Up { "up" } else { "down" };
        let seg = match args.media {
            RequestMedia::Movie => "movie",
            RequestMedia::Tv => "tv",
            RequestMedia::Album => "album",
        };
        let id = args.request_id;
        let req = ApiRequest::write(Method::Post, format!("/api/v1/Vote/{dir}/{seg}/{id}"), None).as_user(Some(acting.user_name.clone()));
        ctx.confirm(crate::summary::Summary::new(format!("Vote {dir} {} request #{id}", args.media.noun())).quote("As", &acting.user_name), std::slice::from_ref(&req))?;
        let kind = match args.media {
            RequestMedia::Movie => TargetKind::Movie,
            RequestMedia::Tv => TargetKind::TvChild,
            RequestMedia::Album => TargetKind::Album,
        };
        let what = format!("the vote on {} request {id}", args.media.noun());
        let resp = ctx.mutate(&req, &what, "read_votes view request")?;
        let mut m = mutation::engine(&resp, &what, "read_votes view request", Some(Target { kind, id }))?;
        m.user_id = Some(acting.id);
        m.request_id = None;
        Ok(Data::Mutation(m).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;
    use serde_json::json;

    #[test]
    fn a_vote_needs_a_voter() {
        let mut fake = FakeOmbi::new();
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let e = run_tool_with(&mut fake, &settings, "write_vote", json!({"direction": "up", "media": "movie", "request_id": 4})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("as_user"));
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn albums_vote_as_album_and_the_voter_is_sent() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"sam"}]"#)
            .reply("POST /api/v1/Vote/down/album/4", 200, r#"{"result":true,"isError":false}"#);
        let settings = Settings { allow_writes: true, default_user: Some("sam".into()), ..Settings::default() };
        let (out, _) = run_tool_with(&mut fake, &settings, "write_vote", json!({"direction": "down", "media": "album", "request_id": 4}));
        let Data::Mutation(m) = out.unwrap().data else { panic!() };
        assert_eq!(m.user_id.as_deref(), Some("u-1"));
        assert_eq!(fake.sent[1].user.as_deref(), Some("sam"));
    }
}
