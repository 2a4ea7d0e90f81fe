//! Ombi's own shapes read through the DTOs. Each fixture in `tests/fixtures/ombi/` is a view
//! model as Ombi 4.59.3 serialises it, made from its C# class (`shapes.py`, notes in
//! `manifest.json`): the fields the projections need must be there and must come out of the
//! DTO and the projection. A DTO that reads a field under the wrong name fails here, whatever
//! the simulator says.

use std::collections::BTreeSet;
use std::path::PathBuf;

use ombi_guest::model::{MediaKind, Namespace, TargetKind};
use ombi_guest::projection::{
    integrations, issues, library, media, reference, requests as project, server, users, votes,
};
use ombi_guest::upstream::dto::IdName;
use ombi_guest::upstream::dto::integrations::{PlexLibrariesDto, PlexServersDto, ProfileDto, RootFolderDto};
use ombi_guest::upstream::dto::issues::{
    CategoryDto, ChatCommentDto, GroupDto, IssueCommentDto, IssueCountsDto, IssueDto, NewCommentDto,
};
use ombi_guest::upstream::dto::library::{CalendarDto, RecentlyAddedDto};
use ombi_guest::upstream::dto::media::{
    ActorCredits, ArtistInfo, CollectionDto, MovieFull, MovieRatings, MultiSearchResult, ReleaseGroup, SearchAlbum,
    SearchMovie, SearchTvV1, SearchTvV2, StreamingData, TvFull, TvRatings,
};
use ombi_guest::upstream::dto::requests::{
    AlbumRequestDto, CountsDto, EngineResult, FailedDto, MovieRequestDto, Paged, QuotaDto, RecentDto, StatsDto,
    TvChildDto, TvParentDto,
};
use ombi_guest::upstream::dto::server::{About, Feature, Update, Wizard};
use ombi_guest::upstream::dto::users::{OnlineDto, PreferenceDto, ServiceUserDto, UserView};
use ombi_guest::upstream::dto::votes::{OpenVoteDto, VoteDto};
use serde::de::DeserializeOwned;
use serde_json::Value;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ombi")
}

fn text(file: &str) -> String {
    std::fs::read_to_string(dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A fixture read through `T`.
fn read<T: DeserializeOwned>(file: &str) -> T {
    serde_json::from_str(&text(file)).unwrap_or_else(|e| panic!("{file} does not read as its DTO: {e}"))
}

fn manifest() -> Vec<Value> {
    let m: Value = serde_json::from_str(&text("manifest.json")).unwrap();
    m["fixtures"].as_array().unwrap().clone()
}

/// Every fixture is in the manifest with its class, source file and line; every entry's
/// file exists; and the fields the projection needs are present (not null) in the sample.
#[test]
fn every_fixture_is_noted_and_holds_what_the_projection_needs() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && n != "manifest.json")
        .collect();
    let entries = manifest();
    let listed: BTreeSet<String> = entries.iter().map(|e| e["file"].as_str().unwrap().to_string()).collect();
    assert_eq!(on_disk, listed, "fixtures on disk and in manifest.json differ");
    let readme = text("README.md");
    for e in &entries {
        let file = e["file"].as_str().unwrap();
        for key in ["class", "source", "dto"] {
            assert!(e[key].as_str().is_some_and(|s| !s.is_empty()), "{file}: no {key}");
        }
        assert!(e["line"].as_u64().is_some_and(|l| l > 0), "{file}: no line");
        assert!(readme.contains(file), "README.md does not list {file}");
        let mut sample: Value = serde_json::from_str(&text(file)).unwrap();
        if let Some(at) = e["at"].as_str() {
            sample = sample.pointer(at).unwrap_or_else(|| panic!("{file}: no {at}")).clone();
        }
        if let Value::Array(items) = &sample {
            sample = items.first().unwrap_or_else(|| panic!("{file}: an empty list")).clone();
        }
        for need in e["needs"].as_array().unwrap() {
            let need = need.as_str().unwrap();
            assert!(sample.get(need).is_some_and(|v| !v.is_null()), "{file}: the projection needs `{need}`");
        }
    }
}

fn ids(m: &ombi_guest::model::Media) -> Vec<(Namespace, &str)> {
    m.identifiers.iter().map(|i| (i.namespace, i.value.as_str())).collect()
}

#[test]
fn search_models() {
    let mut w = Vec::new();
    let multi: Vec<MultiSearchResult> = read("MultiSearchResult.json");
    let kinds: Vec<MediaKind> = multi.iter().map(|m| media::from_multi(m, &mut w).media).collect();
    assert_eq!(kinds, vec![MediaKind::Movie, MediaKind::Tv, MediaKind::Person, MediaKind::Artist]);
    assert!(w.is_empty(), "{w:?}");
    let dune = media::from_multi(&multi[0], &mut w);
    assert_eq!((dune.title.as_deref(), dune.year), (Some("Dune"), Some(2021)));

    let movies: Vec<SearchMovie> = read("SearchMovieViewModel.json");
    let m = media::from_movie(&movies[0]);
    assert_eq!(
        ids(&m),
        vec![(Namespace::Tmdb, "438631"), (Namespace::Imdb, "tt1160419"), (Namespace::OmbiMovie, "12")]
    );
    assert_eq!((m.title.as_deref(), m.year), (Some("Dune"), Some(2021)));

    let tv: Vec<SearchTvV2> = read("SearchTvShowViewModel.tmdb.json");
    let m = media::from_tv_v2(&tv[0]);
    assert_eq!(ids(&m), vec![(Namespace::Tmdb, "95396"), (Namespace::OmbiTvParent, "4")]);
    assert_eq!(m.year, Some(2022));

    let tv: Vec<SearchTvV1> = read("SearchTvShowViewModel.tvmaze.json");
    let (m, _) = media::tv_info_v1(&tv[0], media::Include { seasons: true, ..Default::default() });
    assert_eq!(
        ids(&m),
        vec![(Namespace::Tvdb, "371980"), (Namespace::Tvmaze, "44933"), (Namespace::Imdb, "tt11280740")]
    );
    assert_eq!(m.seasons[0].episodes.len(), 2);

    let albums: Vec<SearchAlbum> = read("SearchAlbumViewModel.json");
    let m = media::from_album(&albums[0]);
    assert_eq!((m.credits[0].name.as_str(), m.request_targets[0].kind), ("Radiohead", TargetKind::Album));
}

#[test]
fn details_models() {
    let all = media::Include { credits: true, seasons: true, ..Default::default() };
    let full: MovieFull = read("MovieFullInfoViewModel.json");
    let (m, _) = media::movie_full(&full, all);
    assert_eq!(m.genres, vec!["Science Fiction", "Adventure"]);
    let credits: Vec<_> = m.credits.iter().map(|c| (c.name.as_str(), c.role.as_deref())).collect();
    assert_eq!(credits, vec![("Timothée Chalamet", Some("Paul Atreides")), ("Denis Villeneuve", Some("Director"))]);

    let full: TvFull = read("SearchFullInfoTvShowViewModel.json");
    let (m, _) = media::tv_full(&full, all);
    assert_eq!(
        ids(&m),
        vec![
            (Namespace::Tmdb, "95396"),
            (Namespace::Tvdb, "371980"),
            (Namespace::Imdb, "tt11280740"),
            (Namespace::OmbiTvParent, "4")
        ]
    );
    let credits: Vec<_> = m.credits.iter().map(|c| (c.name.as_str(), c.role.as_deref())).collect();
    assert_eq!(credits, vec![("Adam Scott", Some("Mark Scout")), ("Dan Erickson", None)], "TV cast is `person`");
    assert_eq!(m.genres, vec!["Drama", "Mystery"]);
    assert_eq!(m.artwork_uris, vec!["https://image.tmdb.org/t/p/w500/lFf6LLrQjYldcZItzOkGmMMigP7.jpg"]);
    assert_eq!(m.seasons[0].episodes[0].available, Some(true));

    let c: CollectionDto = read("MovieCollectionsViewModel.json");
    let items = media::collection(726871, &c);
    assert_eq!((items.len(), items[0].title.as_deref()), (3, Some("Dune Collection")));

    let movies: ActorCredits = read("ActorCredits.movie.json");
    let tv: ActorCredits = read("ActorCredits.tv.json");
    let items = media::person_credits(1190668, "Timothée Chalamet", &movies, &tv);
    assert_eq!(items[0].title.as_deref(), Some("Dune"));
    let show = items.iter().find(|m| m.media == MediaKind::Tv).unwrap();
    assert_eq!(show.title, None, "Ombi's TV credits carry no title: read_media looks it up");

    let a: ArtistInfo = read("ArtistInformation.json");
    let items = media::artist(&a);
    assert_eq!((items[0].title.as_deref(), items[1].title.as_deref()), (Some("Radiohead"), Some("OK Computer")));

    let rg: ReleaseGroup = read("ReleaseGroup.json");
    let m = media::release_group(&rg);
    assert_eq!((m.title.as_deref(), m.year, m.available), (Some("OK Computer"), Some(1997), Some(true)));
    assert!(m.credits.is_empty(), "ReleaseGroup names no artist");
    assert_eq!(m.request_targets[0].id, 3);

    let s: Vec<StreamingData> = read("StreamingData.json");
    assert_eq!(media::providers(&s, None).iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), vec!["Max", "Netflix"]);

    let r: MovieRatings = read("MovieRatings.json");
    let r = media::movie_ratings(&r);
    let r: Vec<_> = r.iter().map(|r| (r.value.clone(), r.category.as_deref())).collect();
    assert_eq!(r, vec![(Some(83.into()), Some("Certified Fresh")), (Some(90.into()), Some("Upright"))]);
    let r: TvRatings = read("TvRatings.json");
    let r = media::tv_ratings(&r);
    assert_eq!((r[0].value.clone(), r[0].category.as_deref()), (Some(96.into()), Some("certified_fresh")));
}

#[test]
fn library_models() {
    let cal: Vec<CalendarDto> = read("CalendarViewModel.json");
    let c: Vec<_> = cal.iter().map(library::calendar).collect();
    assert_eq!(c[0].identifiers[0].value, "1170608");
    assert_eq!((c[1].available, c[1].date.as_deref()), (Some(true), Some("2026-12-03T00:00:00Z")));
    assert_eq!(serde_json::to_value(c[0].media).unwrap(), "movie");
    assert_eq!(serde_json::to_value(c[1].media).unwrap(), "tv");

    let movies: Vec<RecentlyAddedDto> = read("RecentlyAddedMovieModel.json");
    assert_eq!(
        ids(&library::recently_added_movie(&movies[0])),
        vec![(Namespace::Tmdb, "438631"), (Namespace::Imdb, "tt1160419")]
    );
    assert!(library::recently_added_movie(&movies[1]).identifiers.is_empty(), "`id` is Ombi's row id");

    let tv: Vec<RecentlyAddedDto> = read("RecentlyAddedTvModel.json");
    let out = library::recently_added_tv(&tv);
    assert_eq!(out.shows.len(), 2);
    assert_eq!(out.invented, vec!["Andor"]);
    assert_eq!(out.shows[1].seasons[0].episodes[0].episode_number, 3);
}

#[test]
fn request_models() {
    let movies: Vec<MovieRequestDto> = read("MovieRequests.json");
    let r = project::movie(&movies[0]).unwrap();
    assert_eq!(
        (r.target.id, r.title.as_deref(), r.status_text.as_deref()),
        (12, Some("Dune"), Some("Processing request"))
    );
    assert!(r.identifiers.iter().any(|i| i.namespace == Namespace::Tmdb && i.value == "438631"));
    assert!(!serde_json::to_string(&r).unwrap().contains("2b8f7e1c"), "the user's token never comes out");

    let parents: Vec<TvParentDto> = read("TvRequests.json");
    let (rs, _) = project::parent(&parents[0]).unwrap();
    assert_eq!(
        rs.iter().map(|r| (r.target.kind, r.target.id)).collect::<Vec<_>>(),
        vec![(TargetKind::TvParent, 4), (TargetKind::TvChild, 31)]
    );

    let children: Vec<TvChildDto> = read("ChildRequests.json");
    let (r, _) = project::child(&children[0], None).unwrap();
    assert_eq!((r.parent_request_id, r.seasons[0].season_number), (Some(4), 2));
    assert!(r.identifiers.iter().any(|i| i.namespace == Namespace::Tmdb && i.value == "95396"));

    let page: Paged<TvChildDto> = read("RequestsViewModel.json");
    assert_eq!((page.total, page.collection.len()), (Some(9), 1));

    let albums: Vec<AlbumRequestDto> = read("AlbumRequest.json");
    assert_eq!(project::album(&albums[0]).unwrap().available, Some(true));

    let rows: Vec<RecentDto> = read("RecentlyRequestedModel.json");
    let out = project::recent(&rows, &project::parents_of(page.collection));
    assert_eq!(
        out.items.iter().map(|r| (r.target.kind, r.target.id)).collect::<Vec<_>>(),
        vec![(TargetKind::Movie, 12), (TargetKind::TvParent, 4), (TargetKind::Album, 3)]
    );

    let c: CountsDto = read("RequestCountModel.json");
    assert_eq!((c.pending, c.denied), (Some(3), Some(1)));
    let q: QuotaDto = read("RequestQuotaCountModel.json");
    assert_eq!((q.has_limit, q.remaining), (Some(true), Some(2)));
    let s: StatsDto = read("UserStatsSummary.json");
    assert_eq!((s.total_movie_requests, s.completed_requests_tv), (Some(5), Some(1)));
    let f: Vec<FailedDto> = read("FailedRequestViewModel.json");
    let r = project::retry(&f[0]).unwrap();
    assert_eq!((r.queue_id, r.request_id), (3, Some(41)));
    let e: EngineResult = read("RequestEngineResult.json");
    assert_eq!((e.is_error, e.error_code.as_deref()), (Some(true), Some("AlreadyRequested")));
    let e: EngineResult = read("VoteEngineResult.json");
    assert_eq!(
        (e.result, e.is_error, e.error_message.as_deref()),
        (Some(false), Some(true), Some("You have already voted!"))
    );
}

#[test]
fn issue_vote_user_and_server_models() {
    let mut w = Vec::new();
    let list: Vec<IssueDto> = read("Issues.json");
    let i = issues::issue(&list[0], &mut w).unwrap();
    assert_eq!((i.id, i.provider_id.as_deref(), i.request_id, i.category_id), (5, Some("95396"), Some(31), Some(1)));
    let c: IssueCommentDto = read("IssueComments.json");
    assert_eq!(issues::comment(&c, 5).unwrap().comment, "Still no sound on episode 2.");
    let posted: NewCommentDto = read("IssueComments.json");
    assert_eq!((posted.id, posted.issues_id), (Some(8), Some(5)));
    let chat: Vec<ChatCommentDto> = read("IssueCommentChatViewModel.json");
    assert!(issues::chat_comment(&chat[0], 5).is_some());
    let groups: Vec<GroupDto> = read("IssuesSummaryModel.json");
    let (g, _) = issues::group(&groups[0], &mut w);
    assert_eq!((g.count, g.issues.len()), (Some(1), 1));
    let counts: IssueCountsDto = read("IssueCountModel.json");
    assert_eq!(counts.in_progress, Some(1));
    let cats: Vec<CategoryDto> = read("IssueCategory.json");
    assert_eq!(cats[0].value.as_deref(), Some("Audio"));
    assert!(w.is_empty(), "{w:?}");

    let open: Vec<OpenVoteDto> = read("VoteViewModel.json");
    assert_eq!(votes::open(&open[0], None).unwrap().up, Some(3));
    let v: Vec<VoteDto> = read("Votes.json");
    assert_eq!(votes::vote(&v[0]).unwrap().request_id, Some(12));

    let u: Vec<UserView> = read("UserViewModel.json");
    assert_eq!(users::user(&u[0]).unwrap().user_name.as_deref(), Some("alice"));
    let p: Vec<PreferenceDto> = read("UserNotificationPreferences.json");
    let agents = users::agents(&p, &mut w);
    assert!(!serde_json::to_string(&agents).unwrap().contains("webhooks"), "a delivery value never comes out");
    let online: Vec<OnlineDto> = read("ConnectedUsersViewModel.json");
    assert_eq!(online[0].display_name.as_deref(), Some("Alice"));
    let s: Vec<ServiceUserDto> = read("UsersViewModel.json");
    assert_eq!(users::service_user(&s[0]).unwrap().user_name.as_deref(), Some("bob"));

    let a: About = read("AboutViewModel.json");
    let about = server::about(&a);
    assert!(about.iter().any(|m| m.value == "4.59.3"));
    assert!(!serde_json::to_string(&about).unwrap().contains("Data Source"), "connection strings never come out");
    let u: Update = read("UpdateModel.json");
    assert!(!server::update(&u).is_empty());
    let f: Vec<Feature> = read("FeatureEnablement.json");
    assert_eq!(server::features(&f).len(), 2);
    let w: Wizard = read("WizardStatus.json");
    assert_eq!(w.result, Some(true));
}

#[test]
fn reference_and_integration_models() {
    let mut w = Vec::new();
    let genres: Vec<IdName> = read("Genre.json");
    assert_eq!(reference::id_names(&genres, "genre", &mut w).len(), 2);
    let keywords: Vec<IdName> = read("TheMovidDbKeyValue.json");
    assert_eq!(reference::id_names(&keywords, "keyword", &mut w)[0].name, "space war");
    let langs: Vec<reference::LanguageDto> = read("Language.json");
    assert_eq!(reference::languages(&langs, &mut w)[0].name, "German");
    let providers: Vec<reference::WatchProviderDto> = read("WatchProvidersResults.json");
    assert_eq!(reference::watch_providers(&providers, &mut w)[0].name, "Netflix");
    assert!(w.is_empty(), "{w:?}");

    for (file, name) in [
        ("SonarrProfile.json", "HD-1080p"),
        ("LanguageProfiles.json", "English"),
        ("Tag.json", "kids"),
        ("RadarrV3QualityProfile.json", "Ultra-HD"),
        ("LidarrProfile.json", "Lossless"),
    ] {
        let p: Vec<ProfileDto> = read(file);
        assert_eq!(integrations::profiles(&p, "x")[0].name, name, "{file}");
    }
    for (file, path) in
        [("SonarrRootFolder.json", "/tv"), ("RadarrRootFolder.json", "/movies"), ("LidarrRootFolder.json", "/music")]
    {
        let f: Vec<RootFolderDto> = read(file);
        assert_eq!(integrations::root_folders(&f)[0].name, path, "{file}");
    }
    let s: PlexServersDto = read("PlexServersAddUserModel.json");
    let servers = integrations::plex_servers(s.servers.as_deref().unwrap());
    assert_eq!(servers[0].name, "Living Room");
    let l: PlexLibrariesDto = read("PlexLibrariesLiteResponse.json");
    assert_eq!(integrations::plex_libraries(l.data.as_deref().unwrap()).len(), 2);
}
