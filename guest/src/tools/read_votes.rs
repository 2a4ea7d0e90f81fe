//! `read_votes`: the requests open for voting, or the votes on one request.
//!
//! Ombi routes: v1 `Vote` (as the acting user, so `alreadyVoted` is theirs), v1
//! `Vote/{movie|tv|music}/{id}` (albums are `music` here, §3.9, Q9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{RequestMedia, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit};
use crate::paging;
use crate::projection::votes as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;
use crate::upstream::dto::votes::{OpenVoteDto, VoteDto};

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// open for voting
    #[default]
    Open,
    /// votes on `request_id`
    Request,
}

tool_args! {
    /// Arguments of `read_votes`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
        /// For request.
        pub media: Option<RequestMedia>,
        /// For request; for tv the child request id.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub request_id: Option<u64>,
    } + as_user + paging
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Vote"),
    Route::get("/api/v1/Vote/movie/{n}"),
    Route::get("/api/v1/Vote/tv/{n}"),
    Route::get("/api/v1/Vote/music/{n}"),
];

pub struct ReadVotes;

impl Tool for ReadVotes {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_votes",
        title: "Votes",
        description: "Read votes on requests: the requests still open for voting with up and down counts (and `as_user`'s own vote), or every vote on one request (id from read_requests). vote_code is Ombi's VoteType: 0 up, 1 down. Cast votes with write_vote.",
        families: &[Family::VotePage],
        effect: Effect::Read,
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let acting = ctx.acting_user(args.as_user.as_deref())?;
        let user = acting.as_ref().map(|a| a.user_name.clone());
        let w = args.window();
        let (items, cut) = match args.view {
            View::Open => {
                let l = ctx.list::<OpenVoteDto>(&ApiRequest::get("/api/v1/Vote").as_user(user), "the open votes")?;
                let voter = acting.as_ref().map(|a| a.id.as_str());
                (l.items.iter().filter_map(|v| project::open(v, voter)).collect::<Vec<_>>(), l.cut)
            }
            View::Request => {
                let media = args.media.ok_or_else(|| ToolError::invalid("media", "`media` is required for view request: movie, tv or album"))?;
                let id = args.request_id.ok_or_else(|| ToolError::invalid("request_id", "`request_id` is required for view request"))?;
                // Vote reads name albums `music` (the writes say `album`).
                let seg = match media {
                    RequestMedia::Movie => "movie",
                    RequestMedia::Tv => "tv",
                    RequestMedia::Album => "music",
                };
                let req = ApiRequest::get(format!("/api/v1/Vote/{seg}/{id}")).as_user(user);
                let l = ctx.list::<VoteDto>(&req, "the votes on the request")?;
                (l.items.iter().filter_map(project::vote).collect(), l.cut)
            }
        };
        // Totals only for a collection read completely.
        let page_of = if cut { paging::local_partial } else { paging::local };
        let (items, page) = page_of(items, w, PageUnit::Votes);
        Ok(Data::VotePage { items, page }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    #[test]
    fn albums_are_read_from_music() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Vote/music/4", 200, r#"[{"requestId":4,"voteType":0,"requestType":2,"userId":"u"}]"#);
        let (out, _) = run_tool(&mut fake, "read_votes", json!({"view": "request", "media": "album", "request_id": 4}));
        let Data::VotePage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items[0].vote_code, Some(0));
        assert_eq!(page.total, Some(1));
    }

    #[test]
    fn the_acting_users_vote_needs_already_voted() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"alice"}]"#)
            .reply("GET /api/v1/Vote", 200, r#"[{"requestId":1,"alreadyVoted":true,"myVote":1},{"requestId":2,"alreadyVoted":false,"myVote":1}]"#);
        let (out, _) = run_tool(&mut fake, "read_votes", json!({"as_user": "alice"}));
        let Data::VotePage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!((items[0].vote_code, items[0].user_id.as_deref()), (Some(1), Some("u-1")));
        assert_eq!((items[1].vote_code, items[1].user_id.as_deref()), (None, None));
        assert_eq!(fake.sent[1].user.as_deref(), Some("alice"));
    }
}
