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
    pub available: bool,
    pub available_4k: bool,
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
        self.seasons
            .iter()
            .all(|s| s.episodes.iter().all(|e| e.available))
    }

    /// Some episodes available.
    pub fn partly_available(&self) -> bool {
        self.seasons
            .iter()
            .any(|s| s.episodes.iter().any(|e| e.available))
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
}

impl State {
    /// A user by user name, matched like Ombi's `NormalizedUserName` (case-insensitive).
    pub fn user_by_name(&self, name: &str) -> Option<&User> {
        self.users
            .iter()
            .find(|u| u.user_name.eq_ignore_ascii_case(name))
    }

    /// A user by id.
    pub fn user_by_id(&self, id: &str) -> Option<&User> {
        self.users.iter().find(|u| u.id == id)
    }

    /// A settings section by name (case-insensitive).
    pub fn section(&self, name: &str) -> Option<&Value> {
        self.settings.get(&name.to_ascii_lowercase())
    }
}
