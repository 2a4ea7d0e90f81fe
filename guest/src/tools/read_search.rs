//! `read_search`: find movies, shows, people, artists and albums by name.
//!
//! Ombi routes: POST `/api/v2/Search/multi/{term}` (movie, tv, person, artist); POST
//! `/api/v1/Search/movie` when `year` or `language` refines movies; GET
//! `/api/v1/Search/music/album/{term}` for albums (API catalogue §3.1, §3.2).

use serde_json::json;

use super::args::{SearchMedia, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::{Output, ToolResult};
use crate::error::ToolError;
use crate::model::{Data, Media, PageUnit};
use crate::paging;
use crate::projection::media;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::dto::media::{MultiSearchResult, SearchAlbum, SearchMovie};
use crate::upstream::{ApiRequest, path};

tool_args! {
    /// Arguments of `read_search`.
    pub struct Args {
        /// A title, a name or words from them.
        #[schemars(length(min = 1, max = 200))]
        pub query: String,
        /// Kinds to look for (default movie and tv).
        #[schemars(length(min = 1, max = 5), extend("uniqueItems" = true))]
        pub media: Option<Vec<SearchMedia>>,
        /// Movies only: the release year.
        #[schemars(range(min = 1870, max = 2100))]
        pub year: Option<i64>,
        /// Movies only: ISO 639-1 code (e.g. de) of titles and overviews.
        #[schemars(length(min = 2, max = 2))]
        pub language: Option<String>,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::read_post("/api/v2/Search/multi/{s}"),
    Route::read_post("/api/v1/Search/movie"),
    Route::get("/api/v1/Search/music/album/{s}"),
];

pub struct ReadSearch;

impl Tool for ReadSearch {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_search",
        title: "Search media",
        description: "Search movies, shows, people, artists and albums by name: start here to find a title's ids (tmdb, musicbrainz, imdb) and whether it is available or already requested, with its request ids. Pass the ids to read_media for details or to write_request_create.",
        families: &[Family::MediaPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let term = args.query.trim();
        if term.is_empty() {
            return Err(ToolError::invalid("query", "`query` must hold more than whitespace"));
        }
        let kinds = args.media.clone().unwrap_or_else(|| vec![SearchMedia::Movie, SearchMedia::Tv]);
        let wants = |k: SearchMedia| kinds.contains(&k);
        if let Some(lang) = &args.language
            && !(lang.len() == 2 && lang.bytes().all(|b| b.is_ascii_lowercase()))
        {
            return Err(ToolError::invalid(
                "language",
                format!("`language` must be an ISO 639-1 code of two lowercase letters, e.g. \"en\" (got {lang:?})"),
            ));
        }
        for (field, given) in [("year", args.year.is_some()), ("language", args.language.is_some())] {
            if given && !wants(SearchMedia::Movie) {
                return Err(ToolError::invalid(
                    field,
                    format!("`{field}` refines movie results only; add \"movie\" to `media` or leave `{field}` out"),
                ));
            }
        }
        let refine_movies = wants(SearchMedia::Movie) && (args.year.is_some() || args.language.is_some());

        let mut warnings = Vec::new();
        let mut cut = false;
        let mut items: Vec<Media> = Vec::new();

        let filter = json!({
            "movies": wants(SearchMedia::Movie) && !refine_movies,
            "tvShows": wants(SearchMedia::Tv),
            "music": wants(SearchMedia::Artist),
            "people": wants(SearchMedia::Person),
        });
        if filter.as_object().is_some_and(|f| f.values().any(|v| v == true)) {
            let req = ApiRequest::query_post(format!("/api/v2/Search/multi/{}", path::arg_segment(term, "query")?), &filter);
            let found = ctx.list::<MultiSearchResult>(&req, "the multi-search")?;
            cut |= found.cut;
            items.extend(found.items.iter().map(|r| media::from_multi(r, &mut warnings)));
        }
        if refine_movies {
            let body = json!({
                "searchTerm": term,
                "year": args.year,
                "languageCode": args.language.as_deref().unwrap_or("en"),
            });
            let req = ApiRequest::query_post("/api/v1/Search/movie", &body);
            let found = ctx.list::<SearchMovie>(&req, "the movie search")?;
            cut |= found.cut;
            items.extend(found.items.iter().map(media::from_movie));
        }
        if wants(SearchMedia::Album) {
            let req = ApiRequest::get(format!("/api/v1/Search/music/album/{}", path::arg_segment(term, "query")?));
            let found = ctx.list::<SearchAlbum>(&req, "the album search")?;
            cut |= found.cut;
            items.extend(found.items.iter().map(media::from_album));
        }

        // A collection that was not read completely has no known size or end.
        let page_of = if cut { paging::local_partial } else { paging::local };
        let (items, page) = page_of(items, args.window(), PageUnit::Media);
        let mut out = Output::new(Data::MediaPage { items, page });
        out.warnings = warnings;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::testing::FakeOmbi;

    fn run_with(fake: &mut FakeOmbi, args: serde_json::Value) -> ToolResult {
        crate::tools::run_tool(fake, "read_search", args).0
    }

    #[test]
    fn default_search_asks_multi_for_movies_and_tv() {
        let mut fake = FakeOmbi::new().reply(
            "POST /api/v2/Search/multi/the%20matrix",
            200,
            r#"[{"id":"603","mediaType":"movie","title":"The Matrix"},{"id":"1","mediaType":"Artist","title":"x"}]"#,
        );
        let out = run_with(&mut fake, json!({"query": "the matrix"})).unwrap();
        let sent = &fake.sent[0];
        let body: serde_json::Value = serde_json::from_slice(sent.body.as_ref().unwrap()).unwrap();
        assert_eq!(body, json!({"movies": true, "tvShows": true, "music": false, "people": false}));
        let Data::MediaPage { items, page } = out.data else { panic!() };
        assert_eq!(items.len(), 2);
        assert_eq!(page.total, Some(2));
    }

    #[test]
    fn year_uses_the_refined_movie_search() {
        let mut fake = FakeOmbi::new()
            .reply("POST /api/v2/Search/multi/dune", 200, r#"[{"id":"438631","mediaType":"tv","title":"Dune"}]"#)
            .reply(
                "POST /api/v1/Search/movie",
                200,
                r#"[{"id":438631,"title":"Dune","releaseDate":"2021-09-15T00:00:00Z"}]"#,
            );
        let out = run_with(&mut fake, json!({"query": "dune", "year": 2021, "language": "de"})).unwrap();
        let multi: serde_json::Value = serde_json::from_slice(fake.sent[0].body.as_ref().unwrap()).unwrap();
        assert_eq!(multi["movies"], false);
        let refine: serde_json::Value = serde_json::from_slice(fake.sent[1].body.as_ref().unwrap()).unwrap();
        assert_eq!(refine, json!({"searchTerm": "dune", "year": 2021, "languageCode": "de"}));
        let Data::MediaPage { items, .. } = out.data else { panic!() };
        assert_eq!(items[1].year, Some(2021));
    }

    #[test]
    fn albums_only_skips_multi() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/Search/music/album/ok%20computer",
            200,
            r#"[{"title":"OK Computer","foreignAlbumId":"b1392450","artistName":"Radiohead"}]"#,
        );
        run_with(&mut fake, json!({"query": "ok computer", "media": ["album"]})).unwrap();
        assert_eq!(fake.sent.len(), 1);
    }

    #[test]
    fn year_without_movies_is_invalid() {
        let mut fake = FakeOmbi::new();
        let e = run_with(&mut fake, json!({"query": "x", "media": ["tv"], "year": 2000})).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert_eq!(e.field.as_deref(), Some("year"));
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn a_query_of_only_dots_is_refused_before_sending() {
        for q in [".", "..", " ... "] {
            let mut fake = FakeOmbi::new();
            let e = run_with(&mut fake, json!({"query": q})).unwrap_err();
            assert_eq!((e.code, e.field.as_deref()), (ErrorCode::InvalidArgument, Some("query")));
            assert!(fake.sent.is_empty());
        }
    }

    /// NUL, CR, LF and other control characters in the query are refused before anything is
    /// sent (they would reach Ombi's path and, through it, TMDB's query).
    #[test]
    fn control_characters_in_the_query_are_refused_before_sending() {
        for q in ["dune\u{0}", "dune\r\nX-Injected: 1", "du\nne", "\u{1b}[2Jdune", "dune\u{85}"] {
            let mut fake = FakeOmbi::new();
            let e = run_with(&mut fake, json!({"query": q})).unwrap_err();
            assert_eq!((e.code, e.field.as_deref()), (ErrorCode::InvalidArgument, Some("query")), "{q:?}");
            assert!(fake.sent.is_empty());
        }
    }

    #[test]
    fn bad_language_is_invalid() {
        let e = run_with(&mut FakeOmbi::new(), json!({"query": "x", "language": "EN"})).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("language"));
    }

    #[test]
    fn tvmaze_miss_204_is_an_empty_page() {
        let mut fake = FakeOmbi::new().reply("POST /api/v2/Search/multi/zzz", 204, "");
        let out = run_with(&mut fake, json!({"query": "zzz"})).unwrap();
        let Data::MediaPage { items, page } = out.data else { panic!() };
        assert!(items.is_empty());
        assert_eq!(page.total, Some(0));
    }

    #[test]
    fn cut_upstream_list_is_truncated_with_unknown_total() {
        let mut fake = FakeOmbi::new().reply_cut(
            "POST /api/v2/Search/multi/big",
            r#"[{"id":"1","mediaType":"movie"},{"id":"2","mediaType":"movie"},{"id":"3","media"#,
        );
        let (out, notes) = crate::tools::run_tool(&mut fake, "read_search", json!({"query": "big"}));
        let out = out.unwrap();
        assert!(notes.truncated);
        assert!(notes.warnings[0].contains("read budget"), "{:?}", notes.warnings);
        let Data::MediaPage { items, page } = out.data else { panic!() };
        assert_eq!(items.len(), 2);
        assert_eq!(page.total, None);
        assert_eq!(page.has_more, None);
    }
}
