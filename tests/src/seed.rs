//! Deterministic seed data: hundreds of movies and shows across genres and years, shows with
//! many seasons, artists and albums, a dozen users of different roles and quotas, and every
//! settings section with plausible secrets. The same seed gives the same data.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rng::Rng;
use crate::state::{Album, Artist, Episode, Movie, Person, Season, Show, State, User};

/// The default seed.
pub const DEFAULT_SEED: u64 = 20_260_502;

/// TMDB genre ids used for movies and shows.
pub const GENRES: &[(u64, &str)] = &[
    (28, "Action"),
    (12, "Adventure"),
    (16, "Animation"),
    (35, "Comedy"),
    (80, "Crime"),
    (99, "Documentary"),
    (18, "Drama"),
    (10751, "Family"),
    (14, "Fantasy"),
    (36, "History"),
    (27, "Horror"),
    (10402, "Music"),
    (9648, "Mystery"),
    (10749, "Romance"),
    (878, "Science Fiction"),
    (53, "Thriller"),
    (10752, "War"),
    (37, "Western"),
];

const ADJECTIVES: &[&str] = &[
    "Silent",
    "Crimson",
    "Hidden",
    "Last",
    "Broken",
    "Golden",
    "Frozen",
    "Distant",
    "Wild",
    "Electric",
    "Hollow",
    "Burning",
    "Midnight",
    "Lost",
    "Iron",
    "Paper",
    "Velvet",
    "Restless",
    "Northern",
    "Quiet",
    "Endless",
    "Glass",
    "Falling",
    "Shattered",
];
const NOUNS: &[&str] = &[
    "Harbor", "Signal", "Kingdom", "Horizon", "Orchard", "Circuit", "Garden", "Empire", "River",
    "Lantern", "Frontier", "Archive", "Mirror", "Tide", "Station", "Forest", "Summit", "Canyon",
    "Promise", "Engine", "Witness", "Island", "Parade", "Compass",
];
const FIRST: &[&str] = &[
    "Ava", "Liam", "Noah", "Emma", "Mia", "Lucas", "Zoe", "Ethan", "Nora", "Owen", "Ivy", "Leo",
    "Ruby", "Felix", "Clara", "Hugo",
];
const LAST: &[&str] = &[
    "Hart",
    "Okafor",
    "Lindqvist",
    "Moreau",
    "Tanaka",
    "Reyes",
    "Novak",
    "Brennan",
    "Castell",
    "Iyer",
    "Sato",
    "Whitlock",
    "Duarte",
    "Kowalski",
];
const NETWORKS: &[&str] = &[
    "HBO",
    "Netflix",
    "BBC One",
    "AMC",
    "Apple TV+",
    "FX",
    "Hulu",
    "Channel 4",
];

/// Builds the seeded state.
pub fn build(seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let movies = movies(&mut rng);
    let shows = shows(&mut rng);
    let people = people(&mut rng, &movies);
    let (artists, albums) = music(&mut rng);
    let users = users(&mut rng);
    State {
        version: "4.59.3".into(),
        movies,
        shows,
        people,
        artists,
        albums,
        users,
        settings: settings(&mut rng),
        features: vec![
            ("Movie4KRequests".into(), true),
            ("PlayedSync".into(), false),
        ],
        health: "Healthy".into(),
        update_available: false,
    }
}

fn movies(rng: &mut Rng) -> Vec<Movie> {
    let famous: &[(u64, &str, &str, &str, &[u64])] = &[
        (603, "tt0133093", "The Matrix", "1999-03-30", &[28, 878]),
        (438631, "tt1160419", "Dune", "2021-09-15", &[878, 12]),
        (
            693134,
            "tt15239678",
            "Dune: Part Two",
            "2024-02-27",
            &[878, 12],
        ),
        (
            27205,
            "tt1375666",
            "Inception",
            "2010-07-15",
            &[28, 878, 12],
        ),
        (
            157336,
            "tt0816692",
            "Interstellar",
            "2014-11-05",
            &[12, 18, 878],
        ),
        (
            278,
            "tt0111161",
            "The Shawshank Redemption",
            "1994-09-23",
            &[18, 80],
        ),
        (
            335984,
            "tt1856101",
            "Blade Runner 2049",
            "2017-10-04",
            &[878, 18],
        ),
        (
            329865,
            "tt2543164",
            "Arrival",
            "2016-11-10",
            &[18, 878, 9648],
        ),
        (348, "tt0078748", "Alien", "1979-05-25", &[27, 878]),
        (
            129,
            "tt0245429",
            "Spirited Away",
            "2001-07-20",
            &[16, 10751, 14],
        ),
    ];
    let mut out: Vec<Movie> = famous
        .iter()
        .enumerate()
        .map(|(i, (id, imdb, title, date, genres))| Movie {
            tmdb_id: *id,
            imdb_id: imdb.to_string(),
            title: title.to_string(),
            release_date: format!("{date}T00:00:00"),
            overview: format!("{title}: a film the household keeps asking for."),
            genre_ids: genres.to_vec(),
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: 900.0 - i as f64 * 10.0,
            available: i % 3 == 0,
            available_4k: i == 0,
        })
        .collect();
    let mut seen: Vec<String> = out.iter().map(|m| m.title.clone()).collect();
    let mut id = 500_001;
    while out.len() < 320 {
        let title = match rng.range(0, 2) {
            0 => format!("The {} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
            1 => format!("{} of the {}", rng.pick(NOUNS), rng.pick(NOUNS)),
            _ => format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
        };
        let title = if seen.contains(&title) {
            format!("{title} II")
        } else {
            title
        };
        if seen.contains(&title) {
            continue;
        }
        seen.push(title.clone());
        let year = rng.range(1950, 2026);
        let genres = vec![rng.pick(GENRES).0, rng.pick(GENRES).0];
        out.push(Movie {
            tmdb_id: id,
            imdb_id: format!("tt{:07}", 2_000_000 + id % 1_000_000),
            overview: format!(
                "In {year}, {} finds that {} is not what it seems.",
                rng.pick(FIRST),
                title.to_lowercase()
            ),
            title,
            release_date: format!(
                "{year}-{:02}-{:02}T00:00:00",
                rng.range(1, 12),
                rng.range(1, 28)
            ),
            genre_ids: genres,
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 800) as f64 / 3.0,
            available: rng.chance(35),
            available_4k: rng.chance(5),
        });
        id += rng.range(1, 40);
    }
    out
}

fn seasons(rng: &mut Rng, count: u32, aired: bool) -> Vec<Season> {
    (1..=count)
        .map(|n| {
            let episodes = rng.range(6, 13) as u32;
            let available_upto = if aired {
                rng.range(0, u64::from(episodes)) as u32
            } else {
                0
            };
            Season {
                number: n,
                episodes: (1..=episodes)
                    .map(|e| Episode {
                        number: e,
                        title: format!("Chapter {e}"),
                        air_date: format!(
                            "{}-{:02}-{:02}T00:00:00",
                            2000 + n,
                            (e % 12) + 1,
                            (e % 27) + 1
                        ),
                        available: e <= available_upto,
                    })
                    .collect(),
            }
        })
        .collect()
}

fn shows(rng: &mut Rng) -> Vec<Show> {
    let famous: &[(u64, u64, u64, &str, &str, &str, u32)] = &[
        (
            63639,
            280619,
            1825,
            "tt3230854",
            "The Expanse",
            "2015-12-14",
            6,
        ),
        (
            1396,
            81189,
            169,
            "tt0903747",
            "Breaking Bad",
            "2008-01-20",
            5,
        ),
        (
            95396,
            371980,
            44933,
            "tt11280740",
            "Severance",
            "2022-02-18",
            2,
        ),
        (2316, 73244, 526, "tt0386676", "The Office", "2005-03-24", 9),
        (70523, 334824, 17861, "tt5753856", "Dark", "2017-12-01", 3),
    ];
    let mut out: Vec<Show> = famous
        .iter()
        .enumerate()
        .map(|(i, (tmdb, tvdb, maze, imdb, title, date, n))| Show {
            tmdb_id: *tmdb,
            tvdb_id: *tvdb,
            tvmaze_id: *maze,
            imdb_id: imdb.to_string(),
            title: title.to_string(),
            first_aired: format!("{date}T00:00:00"),
            overview: format!("{title}: the series everyone is behind on."),
            network: NETWORKS[i % NETWORKS.len()].to_string(),
            genre_ids: vec![18, 878],
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: 500.0 - i as f64 * 10.0,
            seasons: seasons(rng, *n, true),
        })
        .collect();
    let mut seen: Vec<String> = out.iter().map(|s| s.title.clone()).collect();
    let mut n = 0u64;
    while out.len() < 160 {
        let suffix = rng.pick(
            [
                "Files",
                "Chronicles",
                "Street",
                "Hospital",
                "Diaries",
                "Bay",
            ]
            .as_slice(),
        );
        let title = if rng.chance(50) {
            format!("{} {suffix}", rng.pick(NOUNS))
        } else {
            format!("{} {} {suffix}", rng.pick(ADJECTIVES), rng.pick(NOUNS))
        };
        if seen.contains(&title) {
            continue;
        }
        seen.push(title.clone());
        n += 1;
        let year = rng.range(1990, 2026);
        let count = rng.range(1, 12) as u32;
        out.push(Show {
            tmdb_id: 200_000 + n * 7,
            tvdb_id: 400_000 + n * 11,
            tvmaze_id: 60_000 + n * 3,
            imdb_id: format!("tt{:07}", 9_000_000 + n),
            overview: format!(
                "A {} drama about {}.",
                rng.pick(NETWORKS),
                title.to_lowercase()
            ),
            title,
            first_aired: format!(
                "{year}-{:02}-{:02}T00:00:00",
                rng.range(1, 12),
                rng.range(1, 28)
            ),
            network: rng.pick(NETWORKS).to_string(),
            genre_ids: vec![rng.pick(GENRES).0],
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 400) as f64 / 3.0,
            seasons: seasons(rng, count, year < 2026),
        });
    }
    out
}

fn people(rng: &mut Rng, movies: &[Movie]) -> Vec<Person> {
    let mut out = vec![Person {
        tmdb_id: 6384,
        name: "Keanu Reeves".into(),
        profile_path: "/4D0PpNI0kmP58hgrwGC3wCjxhnm.jpg".into(),
        popularity: 80.0,
        movie_credits: vec![603],
    }];
    let mut seen = vec!["Keanu Reeves".to_string()];
    while out.len() < 80 {
        let name = format!("{} {}", rng.pick(FIRST), rng.pick(LAST));
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let credits = (0..3).map(|_| rng.pick(movies).tmdb_id).collect();
        out.push(Person {
            tmdb_id: 1_000_000 + out.len() as u64 * 13,
            name,
            profile_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 60) as f64,
            movie_credits: credits,
        });
    }
    out
}

fn music(rng: &mut Rng) -> (Vec<Artist>, Vec<Album>) {
    let mut artists = vec![Artist {
        mbid: "a74b1b7f-71a5-4011-9441-d0b5e4122711".into(),
        name: "Radiohead".into(),
        overview: "English rock band formed in Abingdon.".into(),
    }];
    let mut albums = vec![Album {
        mbid: "b1392450-e666-3926-a536-22c65f834433".into(),
        artist_mbid: artists[0].mbid.clone(),
        artist_name: "Radiohead".into(),
        title: "OK Computer".into(),
        release_date: "1997-05-21T00:00:00".into(),
        album_type: "Album".into(),
        available: true,
    }];
    let mut seen = vec!["Radiohead".to_string()];
    while artists.len() < 40 {
        let name = format!("The {} {}s", rng.pick(ADJECTIVES), rng.pick(NOUNS));
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let mbid = rng.guid();
        for k in 0..3 {
            albums.push(Album {
                mbid: rng.guid(),
                artist_mbid: mbid.clone(),
                artist_name: name.clone(),
                title: format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
                release_date: format!(
                    "{}-{:02}-01T00:00:00",
                    rng.range(1965, 2025),
                    rng.range(1, 12)
                ),
                album_type: if k == 2 { "EP".into() } else { "Album".into() },
                available: rng.chance(30),
            });
        }
        artists.push(Artist {
            mbid,
            overview: format!("{name} play loud music."),
            name,
        });
    }
    (artists, albums)
}

/// The seeded `Api` system user's id.
pub const API_USER_ID: &str = "2e8a2a7a-0000-4000-8000-000000000a01";

/// User name, alias, roles, user type, movie/episode/music request limits.
type UserSpec<'a> = (&'a str, &'a str, &'a [&'a str], i64, u32, u32, u32);

fn users(rng: &mut Rng) -> Vec<User> {
    let spec: &[UserSpec] = &[
        ("Api", "Api", &["Admin"], 0, 0, 0, 0),
        ("morgan", "Morgan (admin)", &["Admin"], 1, 0, 0, 0),
        (
            "riley",
            "Riley",
            &[
                "PowerUser",
                "RequestMovie",
                "RequestTv",
                "RequestMusic",
                "AutoApproveMovie",
                "AutoApproveTv",
            ],
            2,
            0,
            0,
            0,
        ),
        (
            "alex",
            "Alex",
            &["RequestMovie", "RequestTv", "Request4KMovie"],
            2,
            5,
            20,
            0,
        ),
        (
            "sam",
            "Sam",
            &[
                "RequestMovie",
                "RequestTv",
                "RequestMusic",
                "ManageOwnRequests",
            ],
            2,
            3,
            10,
            5,
        ),
        ("jamie", "Jamie", &["RequestMovie"], 3, 1, 0, 0),
        (
            "taylor",
            "Taylor",
            &["RequestTv", "AutoApproveTv"],
            5,
            0,
            40,
            0,
        ),
        (
            "casey",
            "Casey",
            &["RequestMovie", "RequestTv", "ReceivesNewsletter"],
            1,
            10,
            50,
            0,
        ),
        (
            "jordan",
            "Jordan",
            &["RequestMusic", "AutoApproveMusic"],
            2,
            0,
            0,
            10,
        ),
        (
            "quinn",
            "Quinn",
            &[
                "RequestMovie",
                "RequestTv",
                "AutoApprove4KMovie",
                "Request4KMovie",
            ],
            2,
            0,
            0,
            0,
        ),
        ("avery", "Avery", &["Disabled"], 1, 0, 0, 0),
        (
            "drew",
            "Drew",
            &["RequestMovie", "RequestTv", "EditCustomPage"],
            5,
            2,
            5,
            0,
        ),
        (
            "kai",
            "Kai",
            &["RequestMovie", "RequestTv", "RequestMusic"],
            2,
            0,
            0,
            0,
        ),
    ];
    spec.iter()
        .enumerate()
        .map(
            |(i, (name, alias, roles, kind, movie, episode, music))| User {
                id: if i == 0 {
                    API_USER_ID.into()
                } else {
                    rng.guid()
                },
                user_name: name.to_string(),
                alias: alias.to_string(),
                email: if i == 0 {
                    String::new()
                } else {
                    format!("{name}@household.example")
                },
                roles: roles.iter().map(|r| r.to_string()).collect(),
                user_type: *kind,
                language: if i % 4 == 3 { Some("de".into()) } else { None },
                streaming_country: if i % 5 == 4 { "GB".into() } else { "US".into() },
                movie_request_limit: *movie,
                episode_request_limit: *episode,
                music_request_limit: *music,
                movie_request_limit_type: 1,
                episode_request_limit_type: 1,
                music_request_limit_type: 2,
                last_logged_in: format!("2026-11-{:02}T19:{:02}:00Z", (i % 27) + 1, i * 3 % 60),
                user_access_token: rng.hex(32),
                media_server_token: format!("plex-{}", rng.hex(20)),
                notification_values: if i == 3 {
                    BTreeMap::from([(1, "<@1234567890>".into())])
                } else {
                    BTreeMap::new()
                },
            },
        )
        .collect()
}

fn template(agent: i64) -> Value {
    json!([
        {"id": agent * 100 + 1, "notificationType": 0, "agent": agent, "subject": "New request", "message": "{UserName} requested {Title}", "enabled": true},
        {"id": agent * 100 + 2, "notificationType": 2, "agent": agent, "subject": "Available", "message": "{Title} is now available", "enabled": true}
    ])
}

fn settings(rng: &mut Rng) -> BTreeMap<String, Value> {
    let mut s = BTreeMap::new();
    let mut put = |name: &str, v: Value| {
        s.insert(name.to_ascii_lowercase(), v);
    };
    put(
        "ombi",
        json!({"id": 1, "baseUrl": "", "collectAnalyticData": false, "wizard": true, "apiKey": "(replaced at start)", "doNotSendNotificationsForAutoApprove": false, "hideRequestsUsers": false, "disableHealthChecks": false, "defaultLanguageCode": "en", "autoDeleteAvailableRequests": false, "autoDeleteAfterDays": 0, "branch": 1, "hasMigratedOldTvDbData": true, "set": true}),
    );
    put(
        "plex",
        json!({"id": 2, "enable": true, "enableWatchlistImport": false, "monitorAll": false, "installId": rng.guid(), "servers": [{"id": 1, "name": "Living Room Plex", "plexAuthToken": format!("plx-{}", rng.hex(20)), "machineIdentifier": rng.hex(40), "episodeBatchSize": 150, "serverHostname": "plex.household.example", "plexSelectedLibraries": [{"key": "1", "title": "Movies", "enabled": true}, {"key": "2", "title": "TV Shows", "enabled": true}], "ssl": false, "subDir": "", "ip": "192.168.1.20", "port": 32400}]}),
    );
    put("emby", json!({"id": 3, "enable": false, "servers": []}));
    put(
        "jellyfin",
        json!({"id": 4, "enable": false, "servers": [{"id": 1, "serverId": rng.hex(32), "name": "Jellyfin", "apiKey": rng.hex(32), "administratorId": rng.hex(32), "serverHostname": "", "enableEpisodeSearching": false, "jellyfinSelectedLibraries": [], "ssl": false, "subDir": "", "ip": "192.168.1.21", "port": 8096}]}),
    );
    put(
        "sonarr",
        json!({"id": 5, "enabled": true, "apiKey": rng.hex(32), "qualityProfile": "4", "seasonFolders": true, "rootPath": "2", "qualityProfileAnime": "4", "rootPathAnime": "3", "animeTag": null, "tag": null, "sendUserTags": false, "addOnly": false, "languageProfile": 1, "languageProfileAnime": 1, "scanForAvailability": true, "prioritizeArrAvailability": false, "ssl": false, "subDir": "", "ip": "192.168.1.30", "port": 8989}),
    );
    put(
        "radarr",
        json!({"radarr": {"id": 6, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "6", "defaultRootPath": "/movies", "addOnly": false, "minimumAvailability": "announced", "scanForAvailability": true, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.31", "port": 7878}, "radarr4K": {"id": 7, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "8", "defaultRootPath": "/movies-4k", "addOnly": false, "minimumAvailability": "released", "scanForAvailability": false, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.32", "port": 7878}}),
    );
    put(
        "lidarr",
        json!({"id": 8, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "1", "defaultRootPath": "/music", "albumFolder": true, "metadataProfileId": 1, "addOnly": false, "ssl": false, "subDir": "", "ip": "192.168.1.33", "port": 8686}),
    );
    put(
        "CouchPotato",
        json!({"id": 9, "enabled": false, "apiKey": rng.hex(32), "defaultProfileId": null, "username": "cp", "password": "cp-secret", "ssl": false, "subDir": "", "ip": "", "port": 5050}),
    );
    put(
        "DogNzb",
        json!({"id": 10, "enabled": false, "apiKey": rng.hex(32), "movies": false, "tvShows": false}),
    );
    put(
        "SickRage",
        json!({"id": 11, "enabled": false, "apiKey": rng.hex(32), "qualityProfile": "default", "qualities": [], "ssl": false, "subDir": "", "ip": "", "port": 8081}),
    );
    put(
        "themoviedb",
        json!({"id": 12, "showAdultMovies": false, "excludedKeywordIds": [9715], "excludedMovieGenreIds": [], "excludedTvGenreIds": [10764], "originalLanguages": ["en", "de"]}),
    );
    put(
        "customization",
        json!({"id": 13, "applicationName": "Household Ombi", "applicationUrl": "https://ombi.household.example", "customCss": "", "enableCustomDonations": false, "customDonationUrl": null, "customDonationMessage": null, "logo": null, "recentlyAddedPage": true, "useCustomPage": false, "hideAvailableFromDiscover": false, "favicon": null, "hideAvailableRecentlyRequested": false}),
    );
    put(
        "landingpage",
        json!({"id": 14, "enabled": false, "noticeEnabled": true, "noticeText": "Requests are processed nightly.", "timeLimit": false, "startDateTime": "0001-01-01T00:00:00", "endDateTime": "0001-01-01T00:00:00", "expired": false}),
    );
    put(
        "authentication",
        json!({"id": 15, "allowNoPassword": false, "requireDigit": true, "requiredLength": 8, "requireLowercase": true, "requireNonAlphanumeric": false, "requireUppercase": false, "enableOAuth": true, "enableHeaderAuth": false, "headerAuthVariable": null, "headerAuthCreateUser": false}),
    );
    put(
        "Issues",
        json!({"id": 16, "enabled": true, "enableInProgress": true, "deleteIssues": false, "daysAfterResolvedToDelete": 0}),
    );
    put(
        "vote",
        json!({"id": 17, "enabled": true, "movieVoteMax": 3, "musicVoteMax": 3, "tvShowVoteMax": 3}),
    );
    put(
        "UserManagement",
        json!({"id": 18, "importPlexAdmin": true, "importPlexUsers": true, "cleanupPlexUsers": false, "importEmbyUsers": false, "importJellyfinUsers": false, "movieRequestLimit": 0, "episodeRequestLimit": 0, "musicRequestLimit": 0, "movieRequestLimitType": 1, "episodeRequestLimitType": 1, "musicRequestLimitType": 2, "defaultStreamingCountry": "US", "defaultRoles": ["RequestMovie", "RequestTv"], "bannedPlexUserIds": [], "bannedEmbyUserIds": [], "bannedJellyfinUserIds": []}),
    );
    put(
        "Update",
        json!({"id": 19, "autoUpdateEnabled": false, "username": "updater", "password": "update-secret", "processName": "Ombi", "useScript": false, "scriptLocation": null, "windowsServiceName": null, "windowsService": false, "testMode": false, "updateSchedule": null}),
    );
    put(
        "jobs",
        json!({"id": 20, "embyContentSync": "0 5 0/1 1/1 * ? *", "embyRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "jellyfinContentSync": "0 5 0/1 1/1 * ? *", "sonarrSync": "0 10 0/1 1/1 * ? *", "radarrSync": "0 15 0/1 1/1 * ? *", "plexContentSync": "0 2 0/1 1/1 * ? *", "plexRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "couchPotatoSync": "0 30 0/1 1/1 * ? *", "automaticUpdater": "0 0 0/6 1/1 * ? *", "userImporter": "0 0 0/1 1/1 * ? *", "sickRageSync": "0 35 0/1 1/1 * ? *", "newsletter": "0 0 12 ? * FRI *", "lidarrArtistSync": "0 40 0/1 1/1 * ? *", "issuesPurge": "0 0 0 1/1 * ? *", "retryRequests": "0 0 0/6 1/1 * ? *", "mediaDatabaseRefresh": "0 0 1 ? * SUN *", "autoDeleteRequests": "0 0 0 1/1 * ? *", "plexWatchlistImport": "0 0 0/1 1/1 * ? *"}),
    );
    put(
        "notifications/email",
        json!({"id": 21, "enabled": true, "host": "smtp.household.example", "password": "smtp-secret", "port": 587, "senderName": "Ombi", "senderAddress": "ombi@household.example", "username": "ombi", "authentication": true, "disableTLS": false, "disableCertificateChecking": false, "notificationTemplates": template(0)}),
    );
    put(
        "notifications/discord",
        json!({"id": 22, "enabled": true, "webhookUrl": format!("https://discord.com/api/webhooks/1234/{}", rng.hex(40)), "username": "Ombi", "icon": null, "hideUser": false, "notificationTemplates": template(1)}),
    );
    put(
        "notifications/telegram",
        json!({"id": 23, "enabled": false, "botApi": format!("123456:{}", rng.hex(30)), "chatId": "-100123", "parseMode": "Markdown", "notificationTemplates": template(4)}),
    );
    put(
        "notifications/pushbullet",
        json!({"id": 24, "enabled": false, "accessToken": rng.hex(32), "channelTag": null, "notificationTemplates": template(2)}),
    );
    put(
        "notifications/pushover",
        json!({"id": 25, "enabled": false, "accessToken": rng.hex(30), "userToken": rng.hex(30), "priority": 0, "sound": "pushover", "notificationTemplates": template(3)}),
    );
    put(
        "notifications/slack",
        json!({"id": 26, "enabled": false, "webhookUrl": format!("https://hooks.slack.com/services/{}", rng.hex(24)), "channel": "#media", "username": "ombi", "iconEmoji": null, "iconUrl": null, "notificationTemplates": template(5)}),
    );
    put(
        "notifications/mattermost",
        json!({"id": 27, "enabled": false, "webhookUrl": format!("https://mm.household.example/hooks/{}", rng.hex(26)), "channel": null, "username": null, "iconUrl": null, "notificationTemplates": template(6)}),
    );
    put(
        "notifications/gotify",
        json!({"id": 28, "enabled": false, "baseUrl": "https://gotify.household.example", "applicationToken": rng.hex(15), "priority": 5, "notificationTemplates": template(8)}),
    );
    put(
        "notifications/ntfy",
        json!({"id": 29, "enabled": false, "baseUrl": "https://ntfy.sh", "topic": "household-media", "authorizationHeader": format!("Bearer {}", rng.hex(24)), "priority": 3, "notificationTemplates": template(11)}),
    );
    put(
        "notifications/webhook",
        json!({"id": 30, "enabled": false, "webhookUrl": "https://hooks.household.example/ombi", "applicationToken": rng.hex(20)}),
    );
    put(
        "notifications/twilio",
        json!({"id": 31, "whatsAppSettings": {"enabled": false, "from": "+15550100", "accountSid": format!("AC{}", rng.hex(32)), "authToken": rng.hex(32), "notificationTemplates": template(10)}}),
    );
    put(
        "notifications/mobile",
        json!({"id": 32, "notificationTemplates": template(7)}),
    );
    put(
        "notifications/newsletter",
        json!({"id": 33, "disableTv": false, "disableMovies": false, "disableMusic": true, "enabled": false, "externalEmails": ["family@household.example"], "notificationTemplate": {"id": 3301, "notificationType": 11, "agent": 0, "subject": "This week", "message": "New on the server", "enabled": true}}),
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_large_enough_to_page() {
        let a = build(DEFAULT_SEED);
        let b = build(DEFAULT_SEED);
        assert_eq!(a.movies, b.movies);
        assert_eq!(a.users, b.users);
        assert!(a.movies.len() >= 300);
        assert!(a.shows.len() >= 150);
        assert!(a.shows.iter().any(|s| s.seasons.len() >= 9));
        assert!(a.albums.len() >= 100);
        assert_eq!(a.users.len(), 13);
        assert_ne!(build(1).movies, a.movies);
    }

    #[test]
    fn ids_are_unique() {
        let s = build(DEFAULT_SEED);
        let mut ids: Vec<u64> = s.movies.iter().map(|m| m.tmdb_id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), s.movies.len());
    }
}
