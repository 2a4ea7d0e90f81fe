//! `read_reference`: the named ids other tools take: genres, languages, watch providers,
//! keywords, streaming countries, issue categories, roles, feature flags and Ombi's enums.
//!
//! Ombi routes: v2 `Search/Genres/{media}`, `Search/Languages`; v1
//! `TheMovieDb/WatchProviders/{media}`, `TheMovieDb/Keywords?searchTerm=`,
//! `Identity/streamingcountry`, `Issues/categories`; v2 `Features`. Roles, notification
//! agents, request types and issue statuses come from the API catalogue §2.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{MovieOrTv, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit, Reference};
use crate::paging;
use crate::projection::reference::{self as project, LanguageDto, WatchProviderDto};
use crate::projection::{enums, server};
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::dto::IdName;
use crate::upstream::dto::issues::CategoryDto;
use crate::upstream::dto::server::Feature;
use crate::upstream::{ApiRequest, path};

/// The reference catalogues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Genres,
    Languages,
    WatchProviders,
    Keywords,
    StreamingCountries,
    IssueCategories,
    Roles,
    Features,
    NotificationAgents,
    RequestTypes,
    IssueStatuses,
}

tool_args! {
    /// Arguments of `read_reference`.
    pub struct Args {
        /// genres and watch_providers are per `media`; keywords needs `query`.
        pub kind: Kind,
        /// For genres and watch_providers (default movie).
        pub media: Option<MovieOrTv>,
        /// For keywords: search words; other kinds: keep names holding it.
        #[schemars(length(min = 1, max = 100))]
        pub query: Option<String>,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/Search/Genres/movie"),
    Route::get("/api/v2/Search/Genres/tv"),
    Route::get("/api/v2/Search/Languages"),
    Route::get("/api/v1/TheMovieDb/WatchProviders/movie"),
    Route::get("/api/v1/TheMovieDb/WatchProviders/tv"),
    Route::get("/api/v1/TheMovieDb/Keywords"),
    Route::get("/api/v1/Identity/streamingcountry"),
    Route::get("/api/v1/Issues/categories"),
    Route::get("/api/v2/Features"),
];

pub struct ReadReference;

impl Tool for ReadReference {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_reference",
        title: "Reference lists",
        description: "Look up the named ids other tools take: genres, watch providers and keywords for read_discover filters, issue categories for write_issue_create, streaming countries for write_user_preferences, and languages, roles, features and Ombi's enum tables. Each entry is a `name` with its `value`.",
        families: &[Family::ReferencePage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let media = args.media.unwrap_or(MovieOrTv::Movie);
        let mut warnings = Vec::new();
        let mut filter_locally = true;
        let (items, cut): (Vec<Reference>, bool) = match args.kind {
            Kind::Genres => {
                let l = ctx.list::<IdName>(&ApiRequest::get(format!("/api/v2/Search/Genres/{}", media.segment())), "the genre list")?;
                (project::id_names(&l.items, "genre", &mut warnings), l.cut)
            }
            Kind::Languages => {
                let l = ctx.list::<LanguageDto>(&ApiRequest::get("/api/v2/Search/Languages"), "the language list")?;
                (project::languages(&l.items, &mut warnings), l.cut)
            }
            Kind::WatchProviders => {
                let route = format!("/api/v1/TheMovieDb/WatchProviders/{}", media.segment());
                let l = ctx.list::<WatchProviderDto>(&ApiRequest::get(route), "the watch providers")?;
                (project::watch_providers(&l.items, &mut warnings), l.cut)
            }
            Kind::Keywords => {
                let q = args.query.as_deref().map(str::trim).filter(|q| !q.is_empty()).ok_or_else(|| {
                    ToolError::invalid("query", "`query` is required for kind keywords: the words to look up")
                })?;
                filter_locally = false;
                let route = format!("/api/v1/TheMovieDb/Keywords?searchTerm={}", path::query_value(q));
                let l = ctx.list::<IdName>(&ApiRequest::get(route), "the keyword search")?;
                (project::id_names(&l.items, "keyword", &mut warnings), l.cut)
            }
            Kind::StreamingCountries => {
                let l = ctx.list::<String>(&ApiRequest::get("/api/v1/Identity/streamingcountry"), "the streaming countries")?;
                (project::codes(&l.items, "streaming_country"), l.cut)
            }
            Kind::IssueCategories => {
                let l = ctx.list::<CategoryDto>(&ApiRequest::get("/api/v1/Issues/categories"), "the issue categories")?;
                let pairs: Vec<IdName> = l.items.iter().map(|c| IdName { id: c.id, name: c.value.clone() }).collect();
                (project::id_names(&pairs, "issue_category", &mut warnings), l.cut)
            }
            Kind::Features => {
                let l = ctx.list::<Feature>(&ApiRequest::get("/api/v2/Features"), "the feature list")?;
                (server::features(&l.items), l.cut)
            }
            Kind::Roles => (project::roles(), false),
            Kind::NotificationAgents => (project::enum_table(enums::NOTIFICATION_AGENTS, "notification_agent"), false),
            Kind::RequestTypes => (project::enum_table(enums::REQUEST_TYPES, "request_type"), false),
            Kind::IssueStatuses => (project::enum_table(enums::ISSUE_STATUSES, "issue_status"), false),
        };
        warnings.into_iter().for_each(|w| ctx.warn(w));
        let items = if filter_locally { project::filter(items, args.query.as_deref()) } else { items };
        let page_of = if cut { paging::local_partial } else { paging::local };
        let (items, page) = page_of(items, args.window(), PageUnit::References);
        Ok(Data::ReferencePage { items, page }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::{Value, json};

    fn refs(out: ToolResult) -> Vec<Reference> {
        match out.unwrap().data {
            Data::ReferencePage { items, .. } => items,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn genres_have_integer_values() {
        let mut fake = FakeOmbi::new().reply("GET /api/v2/Search/Genres/tv", 200, r#"[{"id":18,"name":"Drama"},{"id":35,"name":"Comedy"}]"#);
        let r = refs(run_tool(&mut fake, "read_reference", json!({"kind": "genres", "media": "tv"})).0);
        assert_eq!(r[0].name, "Comedy");
        assert_eq!(r[0].value, Some(Value::from(35)));
    }

    #[test]
    fn keywords_need_a_query_which_is_sent() {
        let mut fake = FakeOmbi::new();
        let e = run_tool(&mut fake, "read_reference", json!({"kind": "keywords"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("query"));
        let mut fake = FakeOmbi::new().reply("GET /api/v1/TheMovieDb/Keywords?searchTerm=space%20opera", 200, r#"[{"id":1,"name":"space opera"}]"#);
        assert_eq!(refs(run_tool(&mut fake, "read_reference", json!({"kind": "keywords", "query": "space opera"})).0).len(), 1);
    }

    #[test]
    fn enum_kinds_need_no_request() {
        let mut fake = FakeOmbi::new();
        let r = refs(run_tool(&mut fake, "read_reference", json!({"kind": "issue_statuses"})).0);
        assert_eq!(r.iter().map(|r| r.value.clone().unwrap()).collect::<Vec<_>>(), vec![json!(0), json!(1), json!(2), json!(3)]);
        assert!(fake.sent.is_empty());
        let r = refs(run_tool(&mut fake, "read_reference", json!({"kind": "roles", "query": "auto"})).0);
        assert_eq!(r.len(), 4);
    }
}
