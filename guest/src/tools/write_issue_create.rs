//! `write_issue_create`: report a problem with a title.
//!
//! Ombi route: v1 POST `Issues` (`Issues` entity without `status`, which Ombi would take
//! from the body) → the new issue id (§3.8). The category is checked against
//! `Issues/categories` first.

use serde_json::json;

use super::args::{RequestMedia, tool_args};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Mutation, Outcome};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::issues::CategoryDto;
use crate::upstream::dto::positive;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_issue_create`.
    pub struct Args {
        /// The name users know it by (e.g. Dune).
        #[schemars(length(min = 1, max = 200))]
        pub title: String,
        /// The title's media kind.
        pub media: RequestMedia,
        /// TMDB id, or MusicBrainz id for an album.
        #[schemars(length(min = 1, max = 100))]
        pub provider_id: String,
        /// From read_reference issue_categories.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub category_id: u64,
        /// A short summary.
        #[schemars(length(min = 1, max = 200))]
        pub subject: String,
        /// What is wrong.
        #[schemars(length(min = 1, max = 4000))]
        pub description: String,
        /// The request concerned (tv: child id).
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub request_id: Option<u64>,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Issues/categories"),
    Route::write(Method::Post, "/api/v1/Issues"),
];

pub struct WriteIssueCreate;

impl Tool for WriteIssueCreate {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_create",
        title: "Report an issue",
        description: "Report a problem with a title (wrong audio, missing subtitles, …) as `as_user`, else OMBI_USER. `provider_id` from read_search (TMDB id, MusicBrainz for albums), `category_id` from read_reference kind issue_categories, optional `request_id` from read_requests. Returns the new issue id. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        for (field, v) in [("title", &args.title), ("provider_id", &args.provider_id), ("subject", &args.subject), ("description", &args.description)] {
            if v.trim().is_empty() {
                return Err(ToolError::invalid(field, format!("`{field}` must hold more than whitespace")));
            }
        }
        let acting = ctx.acting_user(args.as_user.as_deref())?;
        let categories = ctx.list::<CategoryDto>(&ApiRequest::get("/api/v1/Issues/categories"), "the issue categories")?;
        let category = categories.items.iter().find(|c| positive(c.id) == Some(args.category_id));
        let Some(category) = category else {
            return Err(categories.absent("category_id", format!("Ombi has no issue category {}; list them with read_reference kind issue_categories.", args.category_id)));
        };
        let category_name = category.value.clone().unwrap_or_default();
        // Never `status`: Ombi would take it from the body.
        let body = json!({
            "title": args.title.trim(),
            "requestType": args.media.request_type(),
            "providerId": args.provider_id.trim(),
            "requestId": args.request_id,
            "subject": args.subject.trim(),
            "description": args.description.trim(),
            "issueCategoryId": args.category_id,
        });
        let req = ApiRequest::write(Method::Post, "/api/v1/Issues", Some(&body)).as_user(acting.as_ref().map(|a| a.user_name.clone()));
        let summary = crate::summary::Summary::new(format!("Report an issue in category #{}", args.category_id))
            .quote("Category", &category_name)
            .quote("On", args.title.trim())
            .quote("Subject", args.subject.trim())
            .quote_opt("As", acting.as_ref().map(|a| a.user_name.as_str()));
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let resp = ctx.mutate(&req, "the new issue", "read_issues view list")?;
        let id = mutation::new_id(&resp, "the new issue", "read_issues view list")?;
        let mut m = Mutation::new(Outcome::Completed);
        m.issue_id = Some(id);
        m.message = Some(format!("Issue {id} created."));
        Ok(Data::Mutation(m).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;

    #[test]
    fn never_sends_status_and_reports_the_new_id() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Issues/categories", 200, r#"[{"id":1,"value":"Audio"}]"#)
            .reply("POST /api/v1/Issues", 200, "12");
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let args = json!({"title": "Dune", "media": "movie", "provider_id": "438631", "category_id": 1, "subject": "No sound", "description": "Silent after 10 minutes"});
        let (out, _) = run_tool_with(&mut fake, &settings, "write_issue_create", args);
        let Data::Mutation(m) = out.unwrap().data else { panic!() };
        assert_eq!(m.issue_id, Some(12));
        let body: serde_json::Value = serde_json::from_slice(fake.sent[1].body.as_ref().unwrap()).unwrap();
        assert!(body.get("status").is_none());
        assert_eq!(body["requestType"], 1);
    }
}
