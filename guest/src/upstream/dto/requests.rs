//! Request entities (API catalogue §3.4–§3.7): movie, TV parent/child and album requests, the
//! v2 paged list, the recent feed, counts, quotas, stats and the failed queue. The embedded
//! `requestedUser` (with its tokens) is never read.

use serde::Deserialize;

use super::media::SeasonDto;
use super::{int_id, lenient_bool, lenient_text, text_id};

/// The `BaseRequest` state of a movie, child or album request (read by [`with_base!`]).
#[derive(Debug, Clone, Default)]
pub struct BaseState {
    pub id: Option<i64>,
    pub request_id: Option<i64>,
    pub title: Option<String>,
    pub approved: Option<bool>,
    pub available: Option<bool>,
    pub denied: Option<bool>,
    pub denied_reason: Option<String>,
    pub requested_date: Option<String>,
    pub requested_user_id: Option<String>,
    pub can_approve: Option<bool>,
    pub subscribed: Option<bool>,
    pub request_status: Option<String>,
}

/// Declares a request DTO whose `base` holds the `BaseRequest` fields, read from the same
/// JSON object as its own fields through a flat wire struct. (A `serde(flatten)` did the
/// same by buffering every field of every record, its embedded user too, and reading them
/// twice: most of the time a request list took to parse.)
macro_rules! with_base {
    ($(#[$doc:meta])* $name:ident via $wire:ident = $wire_name:literal { $($(#[$fa:meta])* $f:ident: $t:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Deserialize)]
        #[serde(from = $wire_name)]
        pub struct $name {
            pub base: BaseState,
            $(pub $f: $t,)*
        }

        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct $wire {
            #[serde(default, deserialize_with = "int_id")]
            id: Option<i64>,
            #[serde(default, deserialize_with = "int_id")]
            request_id: Option<i64>,
            #[serde(default, deserialize_with = "lenient_text")]
            title: Option<String>,
            #[serde(default, deserialize_with = "lenient_bool")]
            approved: Option<bool>,
            #[serde(default, deserialize_with = "lenient_bool")]
            available: Option<bool>,
            #[serde(default, deserialize_with = "lenient_bool")]
            denied: Option<bool>,
            #[serde(default, deserialize_with = "lenient_text")]
            denied_reason: Option<String>,
            #[serde(default, deserialize_with = "lenient_text")]
            requested_date: Option<String>,
            #[serde(default, deserialize_with = "lenient_text")]
            requested_user_id: Option<String>,
            #[serde(default, deserialize_with = "lenient_bool")]
            can_approve: Option<bool>,
            #[serde(default, deserialize_with = "lenient_bool")]
            subscribed: Option<bool>,
            #[serde(default, deserialize_with = "lenient_text")]
            request_status: Option<String>,
            $($(#[$fa])* $f: $t,)*
        }

        impl From<$wire> for $name {
            fn from(w: $wire) -> Self {
                $name {
                    base: BaseState {
                        id: w.id,
                        request_id: w.request_id,
                        title: w.title,
                        approved: w.approved,
                        available: w.available,
                        denied: w.denied,
                        denied_reason: w.denied_reason,
                        requested_date: w.requested_date,
                        requested_user_id: w.requested_user_id,
                        can_approve: w.can_approve,
                        subscribed: w.subscribed,
                        request_status: w.request_status,
                    },
                    $($f: w.$f,)*
                }
            }
        }
    };
}

with_base! {
    /// `MovieRequests`.
    MovieRequestDto via MovieWire = "MovieWire" {
        #[serde(default, deserialize_with = "text_id")]
        the_movie_db_id: Option<String>,
        #[serde(default, deserialize_with = "lenient_text")]
        imdb_id: Option<String>,
        #[serde(default, deserialize_with = "lenient_bool")]
        is4k_request: Option<bool>,
        #[serde(default, rename = "has4KRequest", deserialize_with = "lenient_bool")]
        has_4k_request: Option<bool>,
        #[serde(default, rename = "approved4K", deserialize_with = "lenient_bool")]
        approved_4k: Option<bool>,
        #[serde(default, rename = "available4K", deserialize_with = "lenient_bool")]
        available_4k: Option<bool>,
        #[serde(default, rename = "denied4K", deserialize_with = "lenient_bool")]
        denied_4k: Option<bool>,
        #[serde(default, rename = "deniedReason4K", deserialize_with = "lenient_text")]
        denied_reason_4k: Option<String>,
        #[serde(default, rename = "requestedDate4k", deserialize_with = "lenient_text")]
        requested_date_4k: Option<String>,
    }
}

/// `TvRequests` (the parent; not a BaseRequest): `externalProviderId` is the TMDB id.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TvParentDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub tv_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub external_provider_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default)]
    pub child_requests: Option<Vec<TvChildDto>>,
}

with_base! {
    /// `ChildRequests`: one requesting action on a show; the provider ids live on the embedded
    /// `parentRequest`.
    TvChildDto via TvChildWire = "TvChildWire" {
        #[serde(default, deserialize_with = "int_id")]
        parent_request_id: Option<i64>,
        #[serde(default)]
        parent_request: Option<Box<TvParentDto>>,
        #[serde(default)]
        season_requests: Option<Vec<SeasonDto>>,
    }
}

with_base! {
    /// `AlbumRequest`.
    AlbumRequestDto via AlbumWire = "AlbumWire" {
        #[serde(default, deserialize_with = "lenient_text")]
        foreign_album_id: Option<String>,
        #[serde(default, deserialize_with = "lenient_text")]
        foreign_artist_id: Option<String>,
        #[serde(default, deserialize_with = "lenient_text")]
        artist_name: Option<String>,
    }
}

/// `RequestsViewModel<T> {collection, total}` of the paged lists.
#[derive(Debug, Clone, Deserialize)]
pub struct Paged<T> {
    #[serde(default = "Vec::new")]
    pub collection: Vec<T>,
    #[serde(default, deserialize_with = "int_id")]
    pub total: Option<i64>,
}

/// `RecentlyRequestedModel` of v2 `Requests/recentlyRequested`: `requestId` is a movie or
/// album request id, but a TV **child** id on TV rows.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecentDto {
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
    #[serde(default, rename = "type", deserialize_with = "int_id")]
    pub kind: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub available: Option<bool>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub request_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub approved: Option<bool>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub denied: Option<bool>,
    #[serde(default, deserialize_with = "text_id")]
    pub media_id: Option<String>,
}

/// `RequestCountModel` of v1 `Request/count`.
#[derive(Debug, Clone, Deserialize)]
pub struct CountsDto {
    #[serde(default, deserialize_with = "int_id")]
    pub pending: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub approved: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub available: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub denied: Option<i64>,
}

/// `RequestQuotaCountModel` of the `remaining` routes.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaDto {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub has_limit: Option<bool>,
    #[serde(default, deserialize_with = "int_id")]
    pub limit: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub remaining: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub next_request: Option<String>,
}

/// `UserStatsSummary` of v1 `Stats`: the numeric totals only; the most-requested user
/// objects are not read.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatsDto {
    #[serde(default, deserialize_with = "int_id")]
    pub total_requests: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub total_movie_requests: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub total_tv_requests: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub completed_requests_movies: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub completed_requests_tv: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub completed_requests: Option<i64>,
}

/// `FailedRequestViewModel` of v1 `RequestRetry`: `failedId` is the queue id.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FailedDto {
    #[serde(default, deserialize_with = "int_id")]
    pub failed_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
    #[serde(default, rename = "type", deserialize_with = "int_id")]
    pub kind: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub error: Option<String>,
}

/// `RequestEngineResult` (and `VoteEngineResult`) of the request writes.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineResult {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub result: Option<bool>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub message: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub is_error: Option<bool>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub error_message: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub error_code: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
}
