//! Request records from Ombi's request entities. The request id is `requestId` when Ombi
//! sends one, else `id`; v2 TV list items are children (with their parent id), v1 TV records
//! are parents; standard and 4K state stay separate and no combined status is invented when
//! they disagree.

use crate::model::requests::RequestTypeLabel;
use crate::model::{Namespace, Request, Retry, Target, TargetKind, push_id};
use crate::projection::{enums, media, text};
use crate::sanitize::clean;
use crate::upstream::dto::positive;
use crate::upstream::dto::requests::{
    AlbumRequestDto, BaseState, FailedDto, MovieRequestDto, RecentDto, TvChildDto, TvParentDto,
};

/// The lifecycle state one set of booleans says.
fn state_of(approved: Option<bool>, available: Option<bool>, denied: Option<bool>) -> Option<&'static str> {
    if denied == Some(true) {
        Some("Denied")
    } else if available == Some(true) {
        Some("Available")
    } else if approved == Some(true) {
        Some("Processing request")
    } else if approved == Some(false) {
        Some("Pending approval")
    } else {
        None
    }
}

/// The state Ombi's `requestStatus` i18n key names.
fn state_of_key(key: &str) -> Option<&'static str> {
    match key.trim() {
        "Common.Available" => Some("Available"),
        "Common.Denied" => Some("Denied"),
        "Common.ProcessingRequest" => Some("Processing request"),
        "Common.PendingApproval" => Some("Pending approval"),
        _ => None,
    }
}

/// The request id: `requestId` over `id`.
fn request_id(base: &BaseState) -> Option<u64> {
    positive(base.request_id).or(positive(base.id))
}

/// The standard (non-4K) lifecycle of a movie, child or album request, with a status text
/// only when Ombi's own status key agrees with the booleans.
fn apply_base(r: &mut Request, base: &BaseState) {
    r.title = text::some_text(base.title.as_deref());
    r.approved = base.approved;
    r.available = base.available;
    r.denied = base.denied;
    r.denied_reason = text::short(base.denied_reason.as_deref(), 300);
    r.requested_date = text::date(base.requested_date.as_deref());
    r.requested_user_id = text::some_text(base.requested_user_id.as_deref());
    r.can_approve = base.can_approve;
    r.subscribed = base.subscribed;
    let derived = state_of(base.approved, base.available, base.denied);
    let keyed = base.request_status.as_deref().and_then(state_of_key);
    r.status_text = match (derived, keyed) {
        (Some(d), Some(k)) if d != k => None,
        (Some(d), _) => Some(d.to_string()),
        (None, k) => k.map(str::to_string),
    };
}

/// A movie request (`MovieRequests`).
pub fn movie(dto: &MovieRequestDto) -> Option<Request> {
    let id = request_id(&dto.base)?;
    let mut r = Request::new(Target { kind: TargetKind::Movie, id });
    apply_base(&mut r, &dto.base);
    if let Some(tmdb) = &dto.the_movie_db_id {
        push_id(&mut r.identifiers, Namespace::Tmdb, tmdb);
    }
    if let Some(imdb) = &dto.imdb_id {
        push_id(&mut r.identifiers, Namespace::Imdb, imdb);
    }
    push_id(&mut r.identifiers, Namespace::OmbiMovie, id.to_string());
    let has_4k = dto.has_4k_request == Some(true);
    // A 4K-only request has Ombi's unset standard date: its standard booleans describe
    // nothing that was requested.
    let standard = r.requested_date.is_some() || !has_4k;
    if !standard {
        r.approved = None;
        r.available = None;
        r.denied = None;
        r.denied_reason = None;
        r.status_text = None;
    }
    r.is_4k = dto.has_4k_request.or(dto.is4k_request);
    if has_4k {
        r.approved_4k = dto.approved_4k;
        r.available_4k = dto.available_4k;
        r.denied_4k = dto.denied_4k;
        let four_k = state_of(dto.approved_4k, dto.available_4k, dto.denied_4k);
        if standard {
            // Two lifecycles: a single status text only when both say the same.
            if r.status_text.as_deref() != four_k {
                r.status_text = None;
            }
        } else {
            r.status_text = four_k.map(str::to_string);
            r.requested_date = text::date(dto.requested_date_4k.as_deref());
            r.denied_reason = text::short(dto.denied_reason_4k.as_deref(), 300);
        }
    }
    Some(r)
}

/// Provider ids of a TV parent onto `ids`: `externalProviderId` is TMDB, `tvDbId` TVDB.
fn parent_ids(ids: &mut Vec<crate::model::Identifier>, p: &TvParentDto) {
    if let Some(tmdb) = &p.external_provider_id {
        push_id(ids, Namespace::Tmdb, tmdb);
    }
    if let Some(tvdb) = &p.tv_db_id {
        push_id(ids, Namespace::Tvdb, tvdb);
    }
    if let Some(imdb) = &p.imdb_id {
        push_id(ids, Namespace::Imdb, imdb);
    }
}

/// A TV child request (`ChildRequests`): the **child** id is the target; the provider ids
/// come from the embedded parent (or `parent` when the child is embedded in one). Returns
/// the record and whether its seasons were cut.
pub fn child(dto: &TvChildDto, parent: Option<&TvParentDto>) -> Option<(Request, bool)> {
    let id = request_id(&dto.base)?;
    let mut r = Request::new(Target { kind: TargetKind::TvChild, id });
    apply_base(&mut r, &dto.base);
    let parent = dto.parent_request.as_deref().or(parent);
    let parent_id = positive(dto.parent_request_id).or(parent.and_then(|p| positive(p.id)));
    r.parent_request_id = parent_id;
    if let Some(p) = parent {
        parent_ids(&mut r.identifiers, p);
        if r.title.is_none() {
            r.title = text::some_text(p.title.as_deref());
        }
    }
    push_id(&mut r.identifiers, Namespace::OmbiTvChild, id.to_string());
    if let Some(pid) = parent_id {
        push_id(&mut r.identifiers, Namespace::OmbiTvParent, pid.to_string());
    }
    let (seasons, cut) = media::seasons(dto.season_requests.as_deref().unwrap_or(&[]));
    r.seasons = seasons;
    Some((r, cut))
}

/// A v1 TV parent (`TvRequests`) followed by its children. Returns the records and whether
/// nested lists were cut.
pub fn parent(dto: &TvParentDto) -> Option<(Vec<Request>, bool)> {
    let id = positive(dto.id)?;
    let mut r = Request::new(Target { kind: TargetKind::TvParent, id });
    r.title = text::some_text(dto.title.as_deref());
    parent_ids(&mut r.identifiers, dto);
    push_id(&mut r.identifiers, Namespace::OmbiTvParent, id.to_string());
    let mut cut = false;
    let mut out = vec![r];
    for c in dto.child_requests.iter().flatten() {
        if let Some((mut child, was_cut)) = child(c, Some(dto)) {
            child.parent_request_id.get_or_insert(id);
            cut |= was_cut;
            out.push(child);
        }
    }
    Some((out, cut))
}

/// An album request (`AlbumRequest`).
pub fn album(dto: &AlbumRequestDto) -> Option<Request> {
    let id = request_id(&dto.base)?;
    let mut r = Request::new(Target { kind: TargetKind::Album, id });
    apply_base(&mut r, &dto.base);
    if let Some(mbid) = &dto.foreign_album_id {
        push_id(&mut r.identifiers, Namespace::Musicbrainz, mbid);
    }
    push_id(&mut r.identifiers, Namespace::OmbiAlbum, id.to_string());
    Some(r)
}

/// The TV parents of v2 list rows (children with their embedded `parentRequest`), each
/// holding the children that named it, for [`recent`].
pub fn parents_of(children: Vec<TvChildDto>) -> Vec<TvParentDto> {
    let mut out: Vec<TvParentDto> = Vec::new();
    for c in children {
        let Some(pid) = positive(c.parent_request_id).or(c.parent_request.as_ref().and_then(|p| positive(p.id))) else {
            continue;
        };
        let at = match out.iter().position(|p| positive(p.id) == Some(pid)) {
            Some(i) => i,
            None => {
                let mut p = c.parent_request.as_deref().cloned().unwrap_or(TvParentDto {
                    id: None,
                    tv_db_id: None,
                    external_provider_id: None,
                    imdb_id: None,
                    title: None,
                    child_requests: None,
                });
                p.id = Some(pid as i64);
                p.child_requests = Some(Vec::new());
                out.push(p);
                out.len() - 1
            }
        };
        let mut child = c;
        child.parent_request = None;
        out[at].child_requests.get_or_insert_with(Vec::new).push(child);
    }
    out
}

/// The outcome of projecting the recent feed.
#[derive(Debug, Default)]
pub struct Recent {
    pub items: Vec<Request>,
    /// TV child ids whose parent could not be resolved (left out).
    pub unresolved: Vec<u64>,
    /// Rows without a usable id or with an unknown `type` code.
    pub skipped: usize,
}

/// The recent feed (`RecentlyRequestedModel[]`). Movie and album rows carry their request
/// id; TV rows carry a **child** id, resolved to its parent through `parents` (the bounded v1
/// scan): by child id first, then by provider id (`tvDbId`/`externalProviderId` against
/// `mediaId`). The child id becomes an `ombi_tv_child` identifier; unresolvable rows are left
/// out, never given a provider-shaped or zero target.
pub fn recent(rows: &[RecentDto], parents: &[TvParentDto]) -> Recent {
    let mut out = Recent::default();
    for row in rows {
        let Some(id) = positive(row.request_id) else {
            out.skipped += 1;
            continue;
        };
        let media_id = row.media_id.as_deref().map(str::trim).filter(|m| !m.is_empty() && *m != "0");
        let mut r = match row.kind.and_then(enums::request_type) {
            Some(RequestTypeLabel::Movie) => {
                let mut r = Request::new(Target { kind: TargetKind::Movie, id });
                if let Some(m) = media_id {
                    push_id(&mut r.identifiers, Namespace::Tmdb, m);
                }
                push_id(&mut r.identifiers, Namespace::OmbiMovie, id.to_string());
                r
            }
            Some(RequestTypeLabel::Album) => {
                let mut r = Request::new(Target { kind: TargetKind::Album, id });
                if let Some(m) = media_id {
                    push_id(&mut r.identifiers, Namespace::Musicbrainz, m);
                }
                push_id(&mut r.identifiers, Namespace::OmbiAlbum, id.to_string());
                r
            }
            Some(RequestTypeLabel::Tv) => {
                let by_child =
                    parents.iter().find(|p| p.child_requests.iter().flatten().any(|c| request_id(&c.base) == Some(id)));
                let by_provider = || {
                    media_id.and_then(|m| {
                        parents.iter().find(|p| {
                            p.external_provider_id.as_deref().map(str::trim) == Some(m)
                                || p.tv_db_id.as_deref().map(str::trim) == Some(m)
                        })
                    })
                };
                let Some(p) = by_child.or_else(by_provider) else {
                    out.unresolved.push(id);
                    continue;
                };
                let Some(pid) = positive(p.id) else {
                    out.unresolved.push(id);
                    continue;
                };
                let mut r = Request::new(Target { kind: TargetKind::TvParent, id: pid });
                push_id(&mut r.identifiers, Namespace::OmbiTvChild, id.to_string());
                if let Some(m) = media_id {
                    push_id(&mut r.identifiers, Namespace::Tmdb, m);
                }
                parent_ids(&mut r.identifiers, p);
                push_id(&mut r.identifiers, Namespace::OmbiTvParent, pid.to_string());
                r
            }
            None => {
                out.skipped += 1;
                continue;
            }
        };
        r.title = text::some_text(row.title.as_deref());
        r.approved = row.approved;
        r.available = row.available;
        r.denied = row.denied;
        r.requested_date = text::date(row.request_date.as_deref());
        r.requested_user_id = text::some_text(row.user_id.as_deref());
        r.status_text = state_of(row.approved, row.available, row.denied).map(str::to_string);
        out.items.push(r);
    }
    out
}

/// A failed-queue entry: `failedId` is the queue id, distinct from the request id.
pub fn retry(dto: &FailedDto) -> Option<Retry> {
    let queue_id = positive(dto.failed_id)?;
    let (label, code) = match dto.kind {
        Some(c) => match enums::request_type(c) {
            Some(l) => (Some(l), Some(c)),
            None => (None, None),
        },
        None => (None, None),
    };
    Some(Retry {
        queue_id,
        request_id: positive(dto.request_id),
        request_type: label,
        request_type_code: code,
        title: text::some_text(dto.title.as_deref()),
        reason: dto.error.as_deref().map(clean).filter(|e| !e.is_empty()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(r: &Request) -> Vec<(Namespace, &str)> {
        r.identifiers.iter().map(|i| (i.namespace, i.value.as_str())).collect()
    }

    #[test]
    fn request_id_wins_over_id() {
        let dto: MovieRequestDto = serde_json::from_str(r#"{"id":3,"requestId":9,"theMovieDbId":603}"#).unwrap();
        assert_eq!(movie(&dto).unwrap().target, Target { kind: TargetKind::Movie, id: 9 });
        let dto: MovieRequestDto = serde_json::from_str(r#"{"id":0}"#).unwrap();
        assert!(movie(&dto).is_none());
    }

    #[test]
    fn standard_and_4k_stay_separate() {
        let dto: MovieRequestDto = serde_json::from_str(
            r#"{"id":4,"title":"Dune","approved":true,"available":true,"denied":false,"requestedDate":"2026-11-01T10:00:00Z",
                "requestStatus":"Common.Available","has4KRequest":true,"approved4K":false,"available4K":false,"denied4K":false,
                "requestedUser":{"userAccessToken":"secret-token"}}"#,
        )
        .unwrap();
        let r = movie(&dto).unwrap();
        assert_eq!((r.approved, r.available), (Some(true), Some(true)));
        assert_eq!((r.approved_4k, r.available_4k), (Some(false), Some(false)));
        assert_eq!(r.status_text, None, "the two lifecycles disagree");
        assert!(!serde_json::to_string(&r).unwrap().contains("secret-token"));
    }

    #[test]
    fn a_4k_only_request_has_no_standard_state() {
        let dto: MovieRequestDto = serde_json::from_str(
            r#"{"id":5,"approved":false,"available":false,"requestedDate":"0001-01-01T00:00:00Z","has4KRequest":true,
                "approved4K":true,"available4K":false,"requestedDate4k":"2026-10-01T00:00:00Z"}"#,
        )
        .unwrap();
        let r = movie(&dto).unwrap();
        assert_eq!((r.approved, r.available), (None, None));
        assert_eq!(r.approved_4k, Some(true));
        assert_eq!(r.status_text.as_deref(), Some("Processing request"));
        assert_eq!(r.requested_date.as_deref(), Some("2026-10-01T00:00:00Z"));
    }

    #[test]
    fn a_status_key_that_contradicts_the_booleans_is_dropped() {
        let dto: MovieRequestDto =
            serde_json::from_str(r#"{"id":6,"approved":false,"available":false,"requestStatus":"Common.Available"}"#)
                .unwrap();
        assert_eq!(movie(&dto).unwrap().status_text, None);
    }

    #[test]
    fn v2_children_keep_their_parent() {
        let dto: TvChildDto = serde_json::from_str(
            r#"{"id":31,"parentRequestId":12,"title":"Severance","approved":false,
                "parentRequest":{"id":12,"tvDbId":371980,"externalProviderId":95396,"imdbId":"tt11280740"},
                "seasonRequests":[{"seasonNumber":2,"episodes":[{"episodeNumber":1,"available":false}]}]}"#,
        )
        .unwrap();
        let (r, cut) = child(&dto, None).unwrap();
        assert!(!cut);
        assert_eq!(r.target, Target { kind: TargetKind::TvChild, id: 31 });
        assert_eq!(r.parent_request_id, Some(12));
        assert_eq!(
            ns(&r),
            vec![
                (Namespace::Tmdb, "95396"),
                (Namespace::Tvdb, "371980"),
                (Namespace::Imdb, "tt11280740"),
                (Namespace::OmbiTvChild, "31"),
                (Namespace::OmbiTvParent, "12")
            ]
        );
        assert_eq!(r.seasons[0].season_number, 2);
    }

    #[test]
    fn v1_parents_stay_parents() {
        let dto: TvParentDto = serde_json::from_str(
            r#"{"id":12,"externalProviderId":95396,"title":"Severance","childRequests":[{"id":31,"approved":true},{"id":32}]}"#,
        )
        .unwrap();
        let (rs, _) = parent(&dto).unwrap();
        assert_eq!(rs[0].target, Target { kind: TargetKind::TvParent, id: 12 });
        assert_eq!(rs[1].target.kind, TargetKind::TvChild);
        assert_eq!(rs[1].parent_request_id, Some(12));
        assert_eq!(rs[1].title.as_deref(), Some("Severance"));
        assert_eq!(rs.len(), 3);
    }

    #[test]
    fn recent_tv_rows_resolve_to_the_parent() {
        let rows: Vec<RecentDto> = serde_json::from_str(
            r#"[{"requestId":31,"type":0,"mediaId":"95396","title":"Severance"},
                {"requestId":77,"type":0,"mediaId":"1399","title":"GoT"},
                {"requestId":88,"type":0,"mediaId":"5555"},
                {"requestId":4,"type":1,"mediaId":"603","title":"The Matrix","approved":true},
                {"requestId":0,"type":1},
                {"requestId":9,"type":7}]"#,
        )
        .unwrap();
        let parents: Vec<TvParentDto> = serde_json::from_str(
            r#"[{"id":12,"externalProviderId":95396,"childRequests":[{"id":31}]},{"id":14,"tvDbId":121361,"externalProviderId":1399,"childRequests":[]}]"#,
        )
        .unwrap();
        let out = recent(&rows, &parents);
        assert_eq!(out.items.len(), 3);
        assert_eq!(out.items[0].target, Target { kind: TargetKind::TvParent, id: 12 });
        assert!(ns(&out.items[0]).contains(&(Namespace::OmbiTvChild, "31")));
        assert_eq!(out.items[1].target, Target { kind: TargetKind::TvParent, id: 14 });
        assert_eq!(out.items[2].target, Target { kind: TargetKind::Movie, id: 4 });
        assert_eq!(out.unresolved, vec![88]);
        assert_eq!(out.skipped, 2);
    }

    #[test]
    fn queue_ids_are_not_request_ids() {
        let dto: FailedDto = serde_json::from_str(
            r#"{"failedId":3,"requestId":41,"type":1,"title":"Alien","error":"Radarr said no\n   at Ombi.Core.X()"}"#,
        )
        .unwrap();
        let r = retry(&dto).unwrap();
        assert_eq!((r.queue_id, r.request_id), (3, Some(41)));
        assert_eq!(r.request_type, Some(RequestTypeLabel::Movie));
        assert_eq!(r.reason.as_deref(), Some("Radarr said no"));
    }
}
