//! Calendar entries, recently added media and artwork. Dates stay exactly as Ombi gives
//! them (no time zone is invented); zero ids are absent; artwork URIs are validated.

use crate::model::library::CalendarMedia;
use crate::model::{Artwork, Calendar, Episode, Media, MediaKind, Namespace, Season, push_id};
use crate::projection::{cap, text};
use crate::upstream::dto::library::{CalendarDto, RecentlyAddedDto};

/// A calendar entry. Ombi's `type` is `movie`/`tv` (or a RequestType code); the provider id
/// of a movie entry is its TMDB id, and TV entries' provider ids are usually 0 (absent).
pub fn calendar(dto: &CalendarDto) -> Calendar {
    let extra = dto.extra_params.as_ref().and_then(|e| e.first());
    let kind_text = dto.kind.clone().or_else(|| extra.and_then(|e| e.kind.clone())).unwrap_or_default();
    let media = match kind_text.trim().to_ascii_lowercase().as_str() {
        "movie" | "1" => CalendarMedia::Movie,
        "tv" | "0" => CalendarMedia::Tv,
        _ => CalendarMedia::Unknown,
    };
    let mut identifiers = Vec::new();
    if let Some(pid) = extra.and_then(|e| e.provider_id.as_deref())
        && media != CalendarMedia::Unknown
    {
        push_id(&mut identifiers, Namespace::Tmdb, pid);
    }
    Calendar {
        title: text::some_text(dto.title.as_deref()),
        date: text::date(dto.start.as_deref()),
        media: Some(media),
        identifiers,
        season_number: None,
        episode_number: None,
        available: extra.and_then(|e| e.request_status.as_deref()).map(|s| s.trim() == "Common.Available"),
    }
}

/// The identity of a recently added title. `id` is Ombi's own content row id
/// (`RecentlyAddedEngine.cs` sets `Id = plex.Id`/`emby.Id`), never a TMDB id: a row without
/// `theMovieDbId` has no TMDB identifier.
fn recently_added_title(dto: &RecentlyAddedDto, kind: MediaKind) -> Media {
    let mut m = Media::new(kind);
    if let Some(id) = &dto.the_movie_db_id {
        m.add_id(Namespace::Tmdb, id);
    }
    if let Some(id) = &dto.tv_db_id {
        m.add_id(Namespace::Tvdb, id);
    }
    if let Some(id) = &dto.imdb_id {
        m.add_id(Namespace::Imdb, id);
    }
    m.title = text::some_text(dto.title.as_deref());
    m.overview = text::short(dto.overview.as_deref(), text::OVERVIEW_CHARS);
    m.year = dto.release_year.as_deref().and_then(|y| text::year(Some(y)).or_else(|| y.trim().parse().ok()));
    m.available = Some(true);
    m
}

/// A recently added movie (`RecentlyAddedMovieModel`).
pub fn recently_added_movie(dto: &RecentlyAddedDto) -> Media {
    recently_added_title(dto, MediaKind::Movie)
}

/// Recently added TV (`RecentlyAddedTvModel`: one row per episode) as one record per show.
#[derive(Debug, Default)]
pub struct RecentTv {
    pub shows: Vec<Media>,
    /// Shows whose rows were Ombi's seasons × episodes product: listed with their seasons only.
    pub invented: Vec<String>,
}

/// Groups the episode rows by show. Ombi builds a Plex show's rows as every season paired
/// with every episode of the whole show (`TransformPlexShows` in `RecentlyAddedEngine.cs`),
/// so the pairs it reports for a show of several seasons are invented. That product's marks:
/// a season lists one episode number twice (two seasons' episode 1 both paired with it), or
/// every season lists the same episode numbers. Then only the seasons are kept, marked as
/// missing their episodes (Ombi's 30-row cut may have left the last season's list short).
pub fn recently_added_tv(rows: &[RecentlyAddedDto]) -> RecentTv {
    let key = |d: &RecentlyAddedDto| (d.id, d.title.clone(), d.the_movie_db_id.clone(), d.tv_db_id.clone());
    let mut groups: Vec<(Media, Vec<(u64, u64)>, _)> = Vec::new();
    for row in rows {
        let k = key(row);
        let at = match groups.iter().position(|(_, _, gk)| *gk == k) {
            Some(i) => i,
            None => {
                groups.push((recently_added_title(row, MediaKind::Tv), Vec::new(), k));
                groups.len() - 1
            }
        };
        if let (Some(s), Some(e)) = (row.season_number, row.episode_number)
            && let (Ok(s), Ok(e)) = (u64::try_from(s), u64::try_from(e))
        {
            groups[at].1.push((s, e));
        }
    }
    let mut out = RecentTv::default();
    for (mut show, pairs, _) in groups {
        let mut numbers: Vec<u64> = pairs.iter().map(|(s, _)| *s).collect();
        numbers.sort_unstable();
        numbers.dedup();
        let episodes_of = |n: u64| {
            let mut eps: Vec<u64> = pairs.iter().filter(|(s, _)| *s == n).map(|(_, e)| *e).collect();
            eps.sort_unstable();
            eps
        };
        let repeats = numbers.iter().any(|n| episodes_of(*n).windows(2).any(|w| w[0] == w[1]));
        let product =
            numbers.len() > 1 && (repeats || numbers.iter().all(|n| episodes_of(*n) == episodes_of(numbers[0])));
        for n in numbers {
            let mut eps = episodes_of(n);
            eps.dedup();
            let episodes = if product {
                Vec::new()
            } else {
                eps.into_iter()
                    .map(|e| Episode { episode_number: e, title: None, requested: None, available: Some(true) })
                    .collect()
            };
            show.seasons.push(Season { season_number: n, episodes, truncated: product });
        }
        if product {
            out.invented.push(show.title.clone().unwrap_or_else(|| "a show without a title".into()));
        }
        cap(&mut show.seasons);
        for s in &mut show.seasons {
            s.truncated |= cap(&mut s.episodes);
        }
        out.shows.push(show);
    }
    out
}

/// An artwork URL Ombi returned for `name` (poster, background, banner), if it is safe:
/// `https` only, no credentials, query or fragment, no script or markup. The MIME type is
/// read off the file extension.
pub fn artwork(url: &str, name: &str) -> Option<Artwork> {
    let uri = text::artwork(Some(url))?;
    let lower = uri.to_ascii_lowercase();
    let mime = [(".jpg", "image/jpeg"), (".jpeg", "image/jpeg"), (".png", "image/png"), (".webp", "image/webp")]
        .iter()
        .find(|(ext, _)| lower.ends_with(ext))
        .map(|(_, m)| m.to_string());
    Some(Artwork { uri, name: name.to_string(), mime_type: mime, kind: Some(name.to_string()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates_as_given_and_no_zero_ids() {
        let dto: CalendarDto = serde_json::from_str(
            r#"{"title":"Pilot","start":"2026-12-03T00:00:00","type":"tv","extraParams":[{"providerId":0,"requestStatus":"Common.PendingApproval"}]}"#,
        )
        .unwrap();
        let c = calendar(&dto);
        assert_eq!(c.date.as_deref(), Some("2026-12-03T00:00:00"));
        assert!(c.identifiers.is_empty());
        assert_eq!((c.media, c.available), (Some(CalendarMedia::Tv), Some(false)));
        let dto: CalendarDto = serde_json::from_str(
            r#"{"title":"Dune","start":"2026-12-10T00:00:00Z","type":"movie","extraParams":[{"providerId":438631,"requestStatus":"Common.Available"}]}"#,
        )
        .unwrap();
        let c = calendar(&dto);
        assert_eq!(c.identifiers[0].value, "438631");
        assert_eq!(c.available, Some(true));
    }

    #[test]
    fn artwork_is_validated() {
        assert_eq!(
            artwork("https://assets.fanart.tv/a.png", "poster").unwrap().mime_type.as_deref(),
            Some("image/png")
        );
        assert!(artwork("javascript:alert(1)", "poster").is_none());
        assert!(artwork("https://u:p@host/a.jpg", "poster").is_none());
        assert!(artwork("https://host/a.jpg?X-Plex-Token=abc", "poster").is_none());
        assert!(artwork("<img src=x onerror=alert(1)>", "poster").is_none());
        assert!(artwork("", "poster").is_none());
    }

    fn rows(json: &str) -> Vec<RecentlyAddedDto> {
        serde_json::from_str(json).unwrap()
    }

    /// `id` is Ombi's content row id: without `theMovieDbId` a row has no TMDB identifier.
    #[test]
    fn the_row_id_is_never_a_tmdb_id() {
        let r = rows(
            r#"[{"id":17,"title":"Home Video","imdbId":null,"tvDbId":null,"theMovieDbId":null,"releaseYear":"2001"}]"#,
        );
        let m = recently_added_movie(&r[0]);
        assert!(m.identifiers.is_empty(), "{:?}", m.identifiers);
        let r = rows(r#"[{"id":17,"title":"Dune","theMovieDbId":"438631"}]"#);
        assert_eq!(recently_added_movie(&r[0]).identifiers[0].value, "438631");
    }

    #[test]
    fn episodes_of_one_show_are_one_record() {
        let r = rows(
            r#"[{"id":5,"title":"Severance","tvDbId":"371980","theMovieDbId":"95396","seasonNumber":2,"episodeNumber":3},
                {"id":5,"title":"Severance","tvDbId":"371980","theMovieDbId":"95396","seasonNumber":2,"episodeNumber":4}]"#,
        );
        let out = recently_added_tv(&r);
        assert_eq!(out.shows.len(), 1);
        assert!(out.invented.is_empty());
        let s = &out.shows[0].seasons;
        assert_eq!((s.len(), s[0].season_number, s[0].episodes.len(), s[0].truncated), (1, 2, 2, false));
    }

    /// A Plex show of two seasons (S1E1, S1E2, S2E1 in Plex) comes as 2 × 3 rows: every
    /// season with every episode. Only the seasons are kept, marked, and the show named.
    #[test]
    fn ombis_seasons_times_episodes_product_is_collapsed() {
        let row = |s: u32, e: u32| {
            format!(
                r#"{{"id":9,"title":"Andor","theMovieDbId":"83867","releaseYear":"2022","seasonNumber":{s},"episodeNumber":{e}}}"#
            )
        };
        let all: Vec<String> = [1, 2].iter().flat_map(|s| [1, 2, 1].iter().map(move |e| row(*s, *e))).collect();
        let out = recently_added_tv(&rows(&format!("[{}]", all.join(","))));
        assert_eq!(out.invented, vec!["Andor"]);
        let s = &out.shows[0].seasons;
        assert_eq!(s.iter().map(|s| s.season_number).collect::<Vec<_>>(), vec![1, 2]);
        assert!(s.iter().all(|s| s.episodes.is_empty() && s.truncated));
        // Ombi's 30-row cut may leave the last season short: the repeats still tell.
        let mut cut: Vec<String> = [1, 2].iter().flat_map(|s| [1, 2, 1].iter().map(move |e| row(*s, *e))).collect();
        cut.truncate(4);
        let out = recently_added_tv(&rows(&format!("[{}]", cut.join(","))));
        assert_eq!(out.invented, vec!["Andor"]);
    }
}
