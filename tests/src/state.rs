//! The simulator's data: the media catalogue Ombi's search draws on, users and settings.
//! Writes change this state, so later reads see them.

use std::collections::BTreeMap;

use serde_json::Value;

/// A movie as TMDB knows it, with the media server's availability.
#[derive(Debug, Clone, PartialEq)]
pub struct Movie {
    pub tmdb_id: u64,
    pub imdb_id: String,
    pub title: String,
    pub release_date: String,
    pub overview: String,
    pub genre_ids: Vec<u64>,
    pub poster_path: String,
    pub popularity: f64,
    pub vote_average: f64,
    pub available: bool,
    pub available_4k: bool,
    /// TMDB collection id.
    pub collection_id: Option<u64>,
    pub keyword_ids: Vec<u64>,
    /// TMDB watch-provider ids it streams on.
    pub provider_ids: Vec<u64>,
    pub company_ids: Vec<u64>,
    /// TMDB person ids of the cast.
    pub cast: Vec<u64>,
    /// When the media server added it.
    pub added_at: Option<i64>,
}

impl Movie {
    /// The release year.
    pub fn year(&self) -> &str {
        &self.release_date[..4]
    }
}

/// One episode of a season.
#[derive(Debug, Clone, PartialEq)]
pub struct Episode {
    pub number: u32,
    pub title: String,
    pub air_date: String,
    pub available: bool,
    /// When the media server added it.
    pub added_at: Option<i64>,
}

/// One season of a show.
#[derive(Debug, Clone, PartialEq)]
pub struct Season {
    pub number: u32,
    pub episodes: Vec<Episode>,
}

/// A TV show with its ids in every namespace Ombi mixes up (TMDB, TVDB, TVMaze).
#[derive(Debug, Clone, PartialEq)]
pub struct Show {
    pub tmdb_id: u64,
    pub tvdb_id: u64,
    pub tvmaze_id: u64,
    pub imdb_id: String,
    pub title: String,
    pub first_aired: String,
    pub overview: String,
    pub network: String,
    pub genre_ids: Vec<u64>,
    pub poster_path: String,
    pub popularity: f64,
    pub seasons: Vec<Season>,
}

impl Show {
    /// Fully available on the media server.
    pub fn fully_available(&self) -> bool {
        self.seasons.iter().all(|s| s.episodes.iter().all(|e| e.available))
    }

    /// Some episodes available.
    pub fn partly_available(&self) -> bool {
        self.seasons.iter().any(|s| s.episodes.iter().any(|e| e.available))
    }
}

/// A person on TMDB.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    pub tmdb_id: u64,
    pub name: String,
    pub profile_path: String,
    pub popularity: f64,
    /// TMDB ids of movies they played in.
    pub movie_credits: Vec<u64>,
}

/// An artist on MusicBrainz/Lidarr.
#[derive(Debug, Clone, PartialEq)]
pub struct Artist {
    pub mbid: String,
    pub name: String,
    pub overview: String,
}

/// An album (release group).
#[derive(Debug, Clone, PartialEq)]
pub struct Album {
    pub mbid: String,
    pub artist_mbid: String,
    pub artist_name: String,
    pub title: String,
    pub release_date: String,
    pub album_type: String,
    pub available: bool,
}

/// An Ombi user (the `OmbiUser` entity).
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: String,
    pub user_name: String,
    pub alias: String,
    pub email: String,
    pub roles: Vec<String>,
    /// UserType: SystemUser=0, LocalUser=1, PlexUser=2, EmbyUser=3, JellyfinUser=5.
    pub user_type: i64,
    pub language: Option<String>,
    pub streaming_country: String,
    pub movie_request_limit: u32,
    pub episode_request_limit: u32,
    pub music_request_limit: u32,
    /// RequestLimitType: Day=0, Week=1, Month=2.
    pub movie_request_limit_type: i64,
    pub episode_request_limit_type: i64,
    pub music_request_limit_type: i64,
    pub last_logged_in: String,
    /// Secrets Ombi serialises with every embedded user (redaction tests look for them).
    pub user_access_token: String,
    pub media_server_token: String,
    /// Per-agent notification values (agent int → value).
    pub notification_values: BTreeMap<i64, String>,
}

impl User {
    /// Has `role` (Admin implies every role check passes where Ombi allows it).
    pub fn has_role(&self, role: &str) -> bool {
        self.roles.iter().any(|r| r.eq_ignore_ascii_case(role))
    }

    /// A system user (the seeded `Api` user).
    pub fn is_system(&self) -> bool {
        self.user_type == 0
    }
}

/// Approval state shared by every request kind.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lifecycle {
    pub approved: bool,
    pub available: bool,
    /// `None` until a decision (Ombi's `bool?`).
    pub denied: Option<bool>,
    pub denied_reason: Option<String>,
    /// When it was marked approved/available (`markedAsApproved`, `markedAsAvailable`).
    pub marked_approved: Option<i64>,
    pub marked_available: Option<i64>,
    pub marked_denied: Option<i64>,
}

/// A movie request (`MovieRequests`), standard and 4K state side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct MovieRequest {
    pub id: u64,
    pub tmdb_id: u64,
    pub requested_user_id: String,
    /// `None` for a 4K-only request (Ombi writes `DateTime.MinValue`).
    pub requested_date: Option<i64>,
    pub standard: Lifecycle,
    pub has_4k: bool,
    pub requested_date_4k: Option<i64>,
    pub four_k: Lifecycle,
    pub is_4k_request: bool,
    pub lang_code: String,
    pub root_path_override: Option<u64>,
    pub quality_override: Option<u64>,
    pub requested_by_alias: Option<String>,
    pub source: i64,
    pub subscribers: Vec<String>,
}

/// One requested episode.
#[derive(Debug, Clone, PartialEq)]
pub struct EpisodeRequest {
    pub id: u64,
    pub number: u32,
    pub title: String,
    pub air_date: String,
    pub available: bool,
    pub approved: bool,
}

/// One requested season.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonRequest {
    pub id: u64,
    pub number: u32,
    pub episodes: Vec<EpisodeRequest>,
}

/// A TV parent request (`TvRequests`): one per show.
#[derive(Debug, Clone, PartialEq)]
pub struct TvParent {
    pub id: u64,
    /// TMDB id (`externalProviderId`).
    pub tmdb_id: u64,
    pub quality_override: Option<u64>,
    pub root_folder: Option<u64>,
    pub language_profile: Option<u64>,
}

/// A TV child request (`ChildRequests`): one per requesting action.
#[derive(Debug, Clone, PartialEq)]
pub struct TvChild {
    pub id: u64,
    pub parent_id: u64,
    pub requested_user_id: String,
    pub requested_date: i64,
    pub state: Lifecycle,
    pub seasons: Vec<SeasonRequest>,
    pub series_type: i64,
    pub requested_by_alias: Option<String>,
    pub source: i64,
    pub subscribers: Vec<String>,
}

/// An album request (`AlbumRequest`).
#[derive(Debug, Clone, PartialEq)]
pub struct AlbumRequest {
    pub id: u64,
    pub album_mbid: String,
    pub requested_user_id: String,
    pub requested_date: i64,
    pub state: Lifecycle,
    pub requested_by_alias: Option<String>,
    pub subscribers: Vec<String>,
}

/// An issue (`Issues`).
#[derive(Debug, Clone, PartialEq)]
pub struct Issue {
    pub id: u64,
    pub title: String,
    /// RequestType: TvShow=0, Movie=1, Album=2.
    pub request_type: i64,
    pub provider_id: Option<String>,
    pub request_id: Option<u64>,
    pub subject: String,
    pub description: String,
    pub category_id: u64,
    /// IssueStatus: Pending=0, InProgress=1, Resolved=2, Deleted=3.
    pub status: i64,
    /// The misspelled `resovledDate`.
    pub resolved_date: Option<i64>,
    pub created_date: i64,
    pub user_reported_id: String,
    pub poster_path: Option<String>,
}

/// An issue comment.
#[derive(Debug, Clone, PartialEq)]
pub struct Comment {
    pub id: u64,
    pub issue_id: u64,
    pub user_id: String,
    pub comment: String,
    pub date: i64,
}

/// A vote (`Votes`).
#[derive(Debug, Clone, PartialEq)]
pub struct Vote {
    pub id: u64,
    pub request_id: u64,
    /// VoteType: Upvote=0, Downvote=1.
    pub vote_type: i64,
    /// RequestType: TvShow=0, Movie=1, Album=2.
    pub request_type: i64,
    pub user_id: String,
    pub date: i64,
}

/// A failed-request queue row.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryEntry {
    pub id: u64,
    pub request_id: u64,
    /// RequestType: TvShow=0, Movie=1, Album=2.
    pub request_type: i64,
    pub title: String,
    pub release_year: String,
    pub dts: i64,
    pub error: String,
    pub retry_count: u32,
    pub completed: Option<i64>,
}

/// A log file.
#[derive(Debug, Clone, PartialEq)]
pub struct LogFile {
    pub name: String,
    pub lines: Vec<String>,
}

/// Everything the simulator knows.
#[derive(Debug, Clone)]
pub struct State {
    pub version: String,
    pub movies: Vec<Movie>,
    pub shows: Vec<Show>,
    pub people: Vec<Person>,
    pub artists: Vec<Artist>,
    pub albums: Vec<Album>,
    pub users: Vec<User>,
    /// Settings sections by lower-case name (`ombi`, `notifications/discord`, …), each the
    /// whole object as Ombi returns it, secrets included.
    pub settings: BTreeMap<String, Value>,
    /// Feature flags.
    pub features: Vec<(String, bool)>,
    /// `/health` answer: `Healthy`, `Degraded` or `Unhealthy`.
    pub health: String,
    /// Whether an update is offered by `/api/v1/Update`.
    pub update_available: bool,
    /// The simulated clock (seconds since the epoch); each write moves it on.
    pub now: i64,
    pub movie_requests: Vec<MovieRequest>,
    pub tv_parents: Vec<TvParent>,
    pub tv_children: Vec<TvChild>,
    pub album_requests: Vec<AlbumRequest>,
    pub issues: Vec<Issue>,
    pub comments: Vec<Comment>,
    /// Issue categories (id, value).
    pub categories: Vec<(u64, String)>,
    pub votes: Vec<Vote>,
    pub retry_queue: Vec<RetryEntry>,
    pub logs: Vec<LogFile>,
    /// Users connected to the SignalR hub (user ids).
    pub online: Vec<String>,
    /// Jobs accepted by `POST /api/v1/Job/{job}`, in order.
    pub jobs_run: Vec<String>,
    /// TMDB collections: (collection id, name, member movie TMDB ids).
    pub collections: Vec<(u64, String, Vec<u64>)>,
    /// The next id of every table.
    pub next_id: u64,
}

impl State {
    /// A user by user name, matched like Ombi's `NormalizedUserName` (case-insensitive).
    pub fn user_by_name(&self, name: &str) -> Option<&User> {
        self.users.iter().find(|u| u.user_name.eq_ignore_ascii_case(name))
    }

    /// A user by id.
    pub fn user_by_id(&self, id: &str) -> Option<&User> {
        self.users.iter().find(|u| u.id == id)
    }

    /// A settings section by name (case-insensitive).
    pub fn section(&self, name: &str) -> Option<&Value> {
        self.settings.get(&name.to_ascii_lowercase())
    }

    /// A fresh id (ids are unique across tables, which Ombi does not promise but tests like).
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Moves the clock on by one second and returns it.
    pub fn tick(&mut self) -> i64 {
        self.now += 1;
        self.now
    }

    /// A movie by TMDB id.
    pub fn movie(&self, tmdb_id: u64) -> Option<&Movie> {
        self.movies.iter().find(|m| m.tmdb_id == tmdb_id)
    }

    /// A show by TMDB id.
    pub fn show(&self, tmdb_id: u64) -> Option<&Show> {
        self.shows.iter().find(|s| s.tmdb_id == tmdb_id)
    }

    /// An album by MusicBrainz id.
    pub fn album(&self, mbid: &str) -> Option<&Album> {
        self.albums.iter().find(|a| a.mbid.eq_ignore_ascii_case(mbid))
    }

    /// Whether voting is enabled, and the thresholds (movie, tv, music).
    pub fn vote_settings(&self) -> (bool, i64, i64, i64) {
        let v = self.section("vote");
        let get = |k: &str| v.and_then(|v| v.get(k)).and_then(Value::as_i64).unwrap_or(0);
        let enabled = v.and_then(|v| v.get("enabled")).and_then(Value::as_bool).unwrap_or(false);
        (enabled, get("movieVoteMax"), get("tvShowVoteMax"), get("musicVoteMax"))
    }

    /// Whether a feature flag is on.
    pub fn feature(&self, name: &str) -> bool {
        self.features.iter().any(|(n, on)| n.eq_ignore_ascii_case(name) && *on)
    }
}
