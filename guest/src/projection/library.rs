//! Calendar entries, recently added media and artwork. Dates stay exactly as Ombi gives
//! them (no time zone is invented); zero ids are absent; artwork URIs are validated.

use crate::model::library::CalendarMedia;
use crate::model::{Artwork, Calendar, Episode, Media, MediaKind, Namespace, Season, push_id};
use crate::projection::text;
use crate::upstream::dto::library::{CalendarDto, RecentlyAddedDto};
use crate::upstream::dto::positive;

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

/// A recently added movie or episode; an episode becomes its show with the one episode.
pub fn recently_added(dto: &RecentlyAddedDto, kind: MediaKind) -> Media {
    let mut m = Media::new(kind);
    if let Some(id) = &dto.the_movie_db_id {
        m.add_id(Namespace::Tmdb, id);
    } else if let Some(id) = positive(dto.id) {
        m.add_id(Namespace::Tmdb, id.to_string());
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
    if let (Some(s), Some(e)) = (dto.season_number, dto.episode_number)
        && let (Ok(s), Ok(e)) = (u64::try_from(s), u64::try_from(e))
    {
        m.seasons.push(Season {
            season_number: s,
            episodes: vec![Episode { episode_number: e, title: None, requested: None, available: Some(true) }],
            truncated: false,
        });
    }
    m
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

    #[test]
    fn recently_added_episode() {
        let dto: RecentlyAddedDto = serde_json::from_str(
            r#"{"id":95396,"title":"Severance","tvDbId":"371980","theMovieDbId":"95396","releaseYear":"2022","seasonNumber":2,"episodeNumber":3}"#,
        )
        .unwrap();
        let m = recently_added(&dto, MediaKind::Tv);
        assert_eq!(m.year, Some(2022));
        assert_eq!(m.seasons[0].episodes[0].episode_number, 3);
        assert_eq!(m.identifiers.len(), 2);
    }
}
