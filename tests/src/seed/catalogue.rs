//! The media catalogue Ombi's searches draw on: movies, shows with seasons and episodes,
//! people, artists and albums, and the TMDB reference tables they use.

use super::DAY;
use crate::clock::{self, SEED_NOW};
use crate::rng::Rng;
use crate::state::{Album, Artist, Episode, Movie, Person, Season, Show};

/// TMDB keyword ids and names.
pub const KEYWORDS: &[(u64, &str)] = &[
    (9715, "superhero"),
    (818, "based on novel or book"),
    (4565, "dystopia"),
    (9882, "space"),
    (10084, "rescue"),
    (6054, "friendship"),
    (1701, "hero"),
    (12554, "dark comedy"),
];

/// TMDB watch providers (id, name).
pub const PROVIDERS: &[(u64, &str)] = &[
    (8, "Netflix"),
    (9, "Amazon Prime Video"),
    (337, "Disney Plus"),
    (15, "Hulu"),
    (1899, "Max"),
    (350, "Apple TV Plus"),
];

/// TMDB production companies (id, name).
pub const COMPANIES: &[(u64, &str)] = &[
    (174, "Warner Bros. Pictures"),
    (33, "Universal Pictures"),
    (4, "Paramount Pictures"),
    (25, "20th Century Fox"),
    (923, "Legendary Pictures"),
    (41077, "A24"),
];

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
    "Harbor", "Signal", "Kingdom", "Horizon", "Orchard", "Circuit", "Garden", "Empire", "River", "Lantern", "Frontier",
    "Archive", "Mirror", "Tide", "Station", "Forest", "Summit", "Canyon", "Promise", "Engine", "Witness", "Island",
    "Parade", "Compass",
];
const FIRST: &[&str] = &[
    "Ava", "Liam", "Noah", "Emma", "Mia", "Lucas", "Zoe", "Ethan", "Nora", "Owen", "Ivy", "Leo", "Ruby", "Felix",
    "Clara", "Hugo",
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
const NETWORKS: &[&str] = &["HBO", "Netflix", "BBC One", "AMC", "Apple TV+", "FX", "Hulu", "Channel 4"];

pub(super) fn movies(rng: &mut Rng) -> Vec<Movie> {
    let famous: &[(u64, &str, &str, &str, &[u64])] = &[
        (603, "tt0133093", "The Matrix", "1999-03-30", &[28, 878]),
        (438631, "tt1160419", "Dune", "2021-09-15", &[878, 12]),
        (693134, "tt15239678", "Dune: Part Two", "2024-02-27", &[878, 12]),
        (27205, "tt1375666", "Inception", "2010-07-15", &[28, 878, 12]),
        (157336, "tt0816692", "Interstellar", "2014-11-05", &[12, 18, 878]),
        (278, "tt0111161", "The Shawshank Redemption", "1994-09-23", &[18, 80]),
        (335984, "tt1856101", "Blade Runner 2049", "2017-10-04", &[878, 18]),
        (329865, "tt2543164", "Arrival", "2016-11-10", &[18, 878, 9648]),
        (348, "tt0078748", "Alien", "1979-05-25", &[27, 878]),
        (129, "tt0245429", "Spirited Away", "2001-07-20", &[16, 10751, 14]),
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
            vote_average: 8.0 + (i % 5) as f64 / 10.0,
            available: i % 3 == 0,
            available_4k: i == 0,
            collection_id: None,
            keyword_ids: vec![KEYWORDS[i % KEYWORDS.len()].0, 9882],
            provider_ids: vec![PROVIDERS[i % PROVIDERS.len()].0],
            company_ids: vec![COMPANIES[i % COMPANIES.len()].0],
            cast: Vec::new(),
            added_at: (i == 3).then_some(SEED_NOW - 2 * DAY),
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
        let title = if seen.contains(&title) { format!("{title} II") } else { title };
        if seen.contains(&title) {
            continue;
        }
        seen.push(title.clone());
        let year = rng.range(1950, 2026);
        let genres = vec![rng.pick(GENRES).0, rng.pick(GENRES).0];
        // Every twentieth title releases around now: the upcoming, now-playing and calendar lists.
        let release = if out.len().is_multiple_of(20) {
            SEED_NOW + (rng.range(0, 180) as i64 - 60) * DAY
        } else {
            clock::parse(&format!("{year}-{:02}-{:02}", rng.range(1, 12), rng.range(1, 28))).unwrap()
        };
        let available = release < SEED_NOW && rng.chance(35);
        out.push(Movie {
            tmdb_id: id,
            imdb_id: format!("tt{:07}", 2_000_000 + id % 1_000_000),
            overview: format!(
                "In {}, {} finds that {} is not what it seems.",
                &clock::iso(release)[..4],
                rng.pick(FIRST),
                title.to_lowercase()
            ),
            title,
            release_date: clock::iso(release).trim_end_matches('Z').to_string(),
            genre_ids: genres,
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 800) as f64 / 3.0,
            vote_average: rng.range(30, 90) as f64 / 10.0,
            available,
            available_4k: available && rng.chance(10),
            collection_id: None,
            keyword_ids: vec![rng.pick(KEYWORDS).0],
            provider_ids: if rng.chance(60) { vec![rng.pick(PROVIDERS).0] } else { Vec::new() },
            company_ids: vec![rng.pick(COMPANIES).0],
            cast: Vec::new(),
            added_at: (available && rng.chance(8)).then(|| SEED_NOW - rng.range(0, 6) as i64 * DAY - 3600),
        });
        id += rng.range(1, 40);
    }
    out
}

fn seasons(rng: &mut Rng, count: u32, aired: bool, airing_now: bool) -> Vec<Season> {
    (1..=count)
        .map(|n| {
            let episodes = rng.range(6, 13) as u32;
            let available_upto = if aired { rng.range(0, u64::from(episodes)) as u32 } else { 0 };
            let current = airing_now && n == count;
            Season {
                number: n,
                episodes: (1..=episodes)
                    .map(|e| {
                        // The current season airs weekly from four weeks ago.
                        let air = if current {
                            SEED_NOW + (i64::from(e) * 7 - 28) * DAY
                        } else {
                            clock::parse(&format!("{}-{:02}-{:02}", 2000 + n, (e % 12) + 1, (e % 27) + 1)).unwrap()
                        };
                        let available = if current { air < SEED_NOW - DAY } else { e <= available_upto };
                        Episode {
                            number: e,
                            title: format!("Chapter {e}"),
                            air_date: clock::iso(air).trim_end_matches('Z').to_string(),
                            available,
                            added_at: (current && available).then_some(air + DAY),
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

pub(super) fn shows(rng: &mut Rng) -> Vec<Show> {
    let famous: &[(u64, u64, u64, &str, &str, &str, u32)] = &[
        (63639, 280619, 1825, "tt3230854", "The Expanse", "2015-12-14", 6),
        (1396, 81189, 169, "tt0903747", "Breaking Bad", "2008-01-20", 5),
        (95396, 371980, 44933, "tt11280740", "Severance", "2022-02-18", 2),
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
            seasons: seasons(rng, *n, true, i < 3),
        })
        .collect();
    let mut seen: Vec<String> = out.iter().map(|s| s.title.clone()).collect();
    let mut n = 0u64;
    while out.len() < 160 {
        let suffix = rng.pick(["Files", "Chronicles", "Street", "Hospital", "Diaries", "Bay"].as_slice());
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
            overview: format!("A {} drama about {}.", rng.pick(NETWORKS), title.to_lowercase()),
            title,
            first_aired: format!("{year}-{:02}-{:02}T00:00:00", rng.range(1, 12), rng.range(1, 28)),
            network: rng.pick(NETWORKS).to_string(),
            genre_ids: vec![rng.pick(GENRES).0],
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 400) as f64 / 3.0,
            seasons: seasons(rng, count, year < 2026, n.is_multiple_of(17)),
        });
    }
    out
}

pub(super) fn people(rng: &mut Rng, movies: &[Movie]) -> Vec<Person> {
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

pub(super) fn music(rng: &mut Rng) -> (Vec<Artist>, Vec<Album>) {
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
                release_date: format!("{}-{:02}-01T00:00:00", rng.range(1965, 2025), rng.range(1, 12)),
                album_type: if k == 2 { "EP".into() } else { "Album".into() },
                available: rng.chance(30),
            });
        }
        artists.push(Artist { mbid, overview: format!("{name} play loud music."), name });
    }
    (artists, albums)
}
