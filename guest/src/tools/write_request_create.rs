//! `write_request_create`: request a movie, show, album or whole collection.
//!
//! Ombi routes: v1 POST `Request/movie` (`MovieRequestViewModel`); v2 POST `Requests/tv`
//! (`TvRequestViewModelV2`: one mode flag *or* explicit seasons, never both, since a flag
//! wins in Ombi's builder); v1 POST `request/music` (`{foreignAlbumId}`); v2 POST
//! `Requests/movie/collection/{id}` (API catalogue §3.4, §3.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Target, TargetKind};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method, path};

/// What can be requested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CreateMedia {
    Movie,
    Tv,
    Album,
    Collection,
}

/// Which seasons of a show to request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeasonsMode {
    All,
    First,
    Latest,
    Explicit,
}

/// One season of an explicit TV request.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonPick {
    /// 0 = specials.
    #[schemars(range(min = 0, max = 1000))]
    pub season_number: u32,
    /// List every episode for a whole season.
    #[schemars(length(min = 1, max = 500))]
    pub episodes: Vec<u32>,
}

tool_args! {
    /// Arguments of `write_request_create`.
    pub struct Args {
        pub media: CreateMedia,
        /// For movie, tv and collection.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub tmdb_id: Option<u64>,
        /// For album: its release-group id.
        #[schemars(length(min = 1, max = 64))]
        pub musicbrainz_id: Option<String>,
        /// Movies: the 4K version (needs the Movie4KRequests feature).
        #[serde(default)]
        pub is_4k: bool,
        /// ISO 639-1 (default en).
        #[schemars(length(min = 2, max = 2))]
        pub language: Option<String>,
        /// Required for tv.
        pub seasons_mode: Option<SeasonsMode>,
        /// For seasons_mode explicit.
        #[schemars(length(min = 1, max = 100))]
        pub seasons: Option<Vec<SeasonPick>>,
        /// Request for this user name (the acting user must be admin or power user).
        #[schemars(length(min = 1, max = 100))]
        pub on_behalf_of: Option<String>,
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub root_folder_id: Option<u64>,
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub quality_profile_id: Option<u64>,
        /// Tv only.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub language_profile_id: Option<u64>,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::write(Method::Post, "/api/v1/Request/movie"),
    Route::write(Method::Post, "/api/v2/Requests/tv"),
    Route::write(Method::Post, "/api/v1/request/music"),
    Route::write(Method::Post, "/api/v2/Requests/movie/collection/{n}"),
];

pub struct WriteRequestCreate;

impl Tool for WriteRequestCreate {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_create",
        title: "Request media",
        description: "Request a movie, show, album or a whole TMDB collection, with ids from read_search or read_discover (profile and folder ids from read_integration). With a user (`as_user` or OMBI_USER) their approval rules and quota apply; otherwise the API key's admin requests, and Ombi usually approves and sends it at once. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let spec = build(&args)?;
        let acting = ctx.acting_user(args.as_user.as_deref())?;
        let mut body = spec.body.clone();
        if let Some(name) = &args.on_behalf_of {
            let user = ctx.user_named(name, "on_behalf_of")?;
            if let Some(b) = body.as_mut().and_then(Value::as_object_mut) {
                b.insert("requestOnBehalf".into(), Value::String(user.id));
            }
        }
        let req = ApiRequest::write(Method::Post, spec.path.clone(), body.as_ref())
            .as_user(acting.as_ref().map(|a| a.user_name.clone()));
        let summary = crate::summary::Summary::new(format!("Request {}", spec.label))
            .quote_opt("As", acting.as_ref().map(|a| a.user_name.as_str()))
            .quote_opt("On behalf of", args.on_behalf_of.as_deref());
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let resp = ctx.mutate(&req, "the new request", "read_requests view recent")?;
        let mut m = mutation::engine(&resp, "the new request", "read_requests view recent", None)?;
        m.target = m.request_id.map(|id| Target { kind: spec.target, id });
        if let Some(id) = m.request_id {
            m.message.get_or_insert_with(|| format!("Request {id} created."));
        }
        Ok(Data::Mutation(m).into())
    }
}

/// The request a create sends: route, body, the kind of id Ombi answers, a label.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    pub path: String,
    pub body: Option<Value>,
    pub target: TargetKind,
    pub label: String,
}

/// Checks the arguments against each other and builds the request (pure).
pub fn build(a: &Args) -> Result<Spec, ToolError> {
    let need_tmdb = || a.tmdb_id.ok_or_else(|| ToolError::invalid("tmdb_id", "`tmdb_id` is required for a movie, tv or collection request"));
    let only = |ok: bool, field: &str, what: &str| if ok { Ok(()) } else { Err(ToolError::invalid(field, format!("`{field}` {what}"))) };
    only(!a.is_4k || a.media == CreateMedia::Movie, "is_4k", "applies to movies only")?;
    only(a.language_profile_id.is_none() || a.media == CreateMedia::Tv, "language_profile_id", "applies to tv only")?;
    only(a.seasons_mode.is_none() || a.media == CreateMedia::Tv, "seasons_mode", "applies to tv only")?;
    only(a.seasons.is_none() || a.seasons_mode == Some(SeasonsMode::Explicit), "seasons", "goes with seasons_mode explicit only (a mode flag wins over explicit seasons in Ombi)")?;
    only(a.musicbrainz_id.is_none() || a.media == CreateMedia::Album, "musicbrainz_id", "applies to albums only")?;
    only(a.tmdb_id.is_none() || a.media != CreateMedia::Album, "tmdb_id", "does not apply to albums; use musicbrainz_id")?;
    if a.media == CreateMedia::Collection {
        for (field, given) in [("on_behalf_of", a.on_behalf_of.is_some()), ("root_folder_id", a.root_folder_id.is_some()), ("quality_profile_id", a.quality_profile_id.is_some()), ("language", a.language.is_some())] {
            only(!given, field, "does not apply to a collection request")?;
        }
    }
    if let Some(l) = &a.language {
        only(l.len() == 2 && l.bytes().all(|b| b.is_ascii_lowercase()), "language", "must be an ISO 639-1 code of two lowercase letters, e.g. \"en\"")?;
    }
    let language = a.language.clone().unwrap_or_else(|| "en".into());
    let mut options = json!({});
    if let Some(r) = a.root_folder_id {
        options["rootFolderOverride"] = r.into();
    }
    if let Some(q) = a.quality_profile_id {
        options["qualityPathOverride"] = q.into();
    }
    let merge = |mut body: Value| {
        if let (Some(b), Some(o)) = (body.as_object_mut(), options.as_object()) {
            b.extend(o.clone());
        }
        body
    };
    Ok(match a.media {
        CreateMedia::Movie => {
            let id = need_tmdb()?;
            Spec {
                path: "/api/v1/Request/movie".into(),
                body: Some(merge(json!({"theMovieDbId": id, "languageCode": language, "is4kRequest": a.is_4k}))),
                target: TargetKind::Movie,
                label: format!("the {}movie with TMDB id {id}", if a.is_4k { "4K version of the " } else { "" }),
            }
        }
        CreateMedia::Tv => {
            let id = need_tmdb()?;
            let mode = a.seasons_mode.ok_or_else(|| ToolError::invalid("seasons_mode", "`seasons_mode` is required for tv: all, first, latest or explicit"))?;
            let mut body = json!({"theMovieDbId": id, "languageCode": language});
            let label = match mode {
                SeasonsMode::All => {
                    body["requestAll"] = true.into();
                    "every season".to_string()
                }
                SeasonsMode::First => {
                    body["firstSeason"] = true.into();
                    "the first season".to_string()
                }
                SeasonsMode::Latest => {
                    body["latestSeason"] = true.into();
                    "the latest season".to_string()
                }
                SeasonsMode::Explicit => {
                    let seasons = a.seasons.as_ref().ok_or_else(|| ToolError::invalid("seasons", "`seasons` is required with seasons_mode explicit"))?;
                    let list: Vec<Value> = seasons
                        .iter()
                        .map(|s| json!({"seasonNumber": s.season_number, "episodes": s.episodes.iter().map(|e| json!({"episodeNumber": e})).collect::<Vec<_>>()}))
                        .collect();
                    body["seasons"] = Value::Array(list);
                    let n: usize = seasons.iter().map(|s| s.episodes.len()).sum();
                    format!("{n} episode(s) in {} season(s)", seasons.len())
                }
            };
            if let Some(l) = a.language_profile_id {
                body["languageProfile"] = l.into();
            }
            Spec { path: "/api/v2/Requests/tv".into(), body: Some(merge(body)), target: TargetKind::TvChild, label: format!("{label} of the show with TMDB id {id}") }
        }
        CreateMedia::Album => {
            let mbid = a.musicbrainz_id.as_deref().map(str::trim).filter(|m| !m.is_empty()).ok_or_else(|| {
                ToolError::invalid("musicbrainz_id", "`musicbrainz_id` is required for an album request")
            })?;
            Spec {
                path: "/api/v1/request/music".into(),
                body: Some(merge(json!({"foreignAlbumId": mbid}))),
                target: TargetKind::Album,
                label: format!("the album with MusicBrainz id {mbid}"),
            }
        }
        CreateMedia::Collection => {
            let id = need_tmdb()?;
            Spec {
                path: format!("/api/v2/Requests/movie/collection/{}", path::segment(&id.to_string())),
                body: None,
                target: TargetKind::Movie,
                label: format!("every movie of the TMDB collection {id}"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::error::ErrorCode;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;

    fn writes() -> Settings {
        Settings { allow_writes: true, ..Settings::default() }
    }

    fn args(v: Value) -> Args {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn tv_sends_one_mode_flag_or_the_seasons_never_both() {
        let s = build(&args(json!({"media": "tv", "tmdb_id": 1399, "seasons_mode": "latest"}))).unwrap();
        let b = s.body.unwrap();
        assert_eq!(b["latestSeason"], true);
        assert!(b.get("seasons").is_none() && b.get("requestAll").is_none());
        let s = build(&args(json!({"media": "tv", "tmdb_id": 1399, "seasons_mode": "explicit", "seasons": [{"season_number": 2, "episodes": [1, 2]}]}))).unwrap();
        let b = s.body.unwrap();
        assert_eq!(b["seasons"], json!([{"seasonNumber": 2, "episodes": [{"episodeNumber": 1}, {"episodeNumber": 2}]}]));
        assert!(b.get("latestSeason").is_none() && b.get("firstSeason").is_none() && b.get("requestAll").is_none());
        let e = build(&args(json!({"media": "tv", "tmdb_id": 1, "seasons_mode": "all", "seasons": [{"season_number": 1, "episodes": [1]}]}))).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("seasons"));
        assert_eq!(build(&args(json!({"media": "tv", "tmdb_id": 1}))).unwrap_err().field.as_deref(), Some("seasons_mode"));
    }

    #[test]
    fn on_behalf_of_is_resolved_to_the_user_id() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-9","userName":"sam"}]"#)
            .reply("POST /api/v1/Request/movie", 200, r#"{"result":true,"message":"Request Added","requestId":77}"#);
        let (out, _) = run_tool_with(&mut fake, &writes(), "write_request_create", json!({"media": "movie", "tmdb_id": 603, "on_behalf_of": "Sam"}));
        let Data::Mutation(m) = out.unwrap().data else { panic!() };
        assert_eq!((m.request_id, m.target), (Some(77), Some(Target { kind: TargetKind::Movie, id: 77 })));
        let body: Value = serde_json::from_slice(fake.sent[1].body.as_ref().unwrap()).unwrap();
        assert_eq!(body["requestOnBehalf"], "u-9");
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-9","userName":"sam"}]"#);
        let e = run_tool_with(&mut fake, &writes(), "write_request_create", json!({"media": "movie", "tmdb_id": 603, "on_behalf_of": "nobody"})).0.unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), (ErrorCode::NotFound, Some("on_behalf_of")));
        assert_eq!(fake.sent.len(), 1, "nothing was written");
    }

    #[test]
    fn already_requested_is_a_conflict_and_not_ok() {
        let mut fake = FakeOmbi::new().reply(
            "POST /api/v1/request/music",
            200,
            r#"{"result":false,"isError":true,"errorMessage":"Album has already been requested","errorCode":"AlreadyRequested"}"#,
        );
        let e = run_tool_with(&mut fake, &writes(), "write_request_create", json!({"media": "album", "musicbrainz_id": "b1392450"})).0.unwrap_err();
        assert_eq!(e.code, ErrorCode::Conflict);
    }
}
