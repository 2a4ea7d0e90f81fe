//! Counts, totals, quotas, the usage statistics (with Ombi's bugs, Q12) and the failed-request
//! queue (§3.7).

use serde_json::{Value, json};

use crate::auth;
use crate::clock;
use crate::engine::{self, Kind};
use crate::http::Response;
use crate::router::Call;
use crate::routes::requests::NRE;
use crate::views;

/// GET `/api/v1/Request/count` (anonymous): movies plus TV children, all users.
pub fn count(c: &mut Call) -> Response {
    let s = &c.state;
    let states = s.movie_requests.iter().map(|r| &r.standard).chain(s.tv_children.iter().map(|ch| &ch.state));
    let (mut pending, mut approved, mut available, mut denied) = (0, 0, 0, 0);
    for l in states {
        if l.available {
            available += 1;
        } else if l.denied == Some(true) {
            denied += 1;
        } else if l.approved {
            approved += 1;
        } else {
            pending += 1;
        }
    }
    Response::ok(json!({"pending": pending, "approved": approved, "available": available, "denied": denied}))
}

/// GET `/api/v1/Request/movie/total`.
pub fn movie_total(c: &mut Call) -> Response {
    Response::ok(json!(c.state.movie_requests.len()))
}

/// GET `/api/v1/Request/tv/total`: TV **parents**.
pub fn tv_total(c: &mut Call) -> Response {
    Response::ok(json!(c.state.tv_parents.len()))
}

/// GET `/api/v1/request/music/total`.
pub fn music_total(c: &mut Call) -> Response {
    Response::ok(json!(c.state.album_requests.len()))
}

fn remaining(c: &Call, kind: Kind) -> Response {
    match auth::current_user(&c.who, c.state) {
        Some(u) => Response::ok(engine::quota_model(c.state, u, kind)),
        None => Response::error(NRE),
    }
}

/// GET `/api/v1/Request/movie/remaining`.
pub fn movie_remaining(c: &mut Call) -> Response {
    remaining(c, Kind::Movie)
}

/// GET `/api/v1/Request/tv/remaining`.
pub fn tv_remaining(c: &mut Call) -> Response {
    remaining(c, Kind::Tv)
}

/// GET `/api/v1/request/music/remaining`.
pub fn music_remaining(c: &mut Call) -> Response {
    remaining(c, Kind::Music)
}

/// GET `/api/v1/Stats?from&to` (Admin): 500 unless both bounds are given and the window holds
/// a movie and a TV request; "most requested" is the smallest user id; `totalIssues` is 0.
pub fn stats(c: &mut Call) -> Response {
    let (Some(from), Some(to)) = (c.req.query("from").and_then(clock::parse), c.req.query("to").and_then(clock::parse))
    else {
        return Response::error("Sequence contains no elements");
    };
    let s = &c.state;
    let movies: Vec<_> =
        s.movie_requests.iter().filter(|r| r.requested_date.is_some_and(|d| d >= from && d <= to)).collect();
    let tv: Vec<_> = s.tv_children.iter().filter(|ch| ch.requested_date >= from && ch.requested_date <= to).collect();
    if movies.is_empty() || tv.is_empty() {
        return Response::error("Sequence contains no elements");
    }
    let min_movie_user = movies.iter().map(|r| r.requested_user_id.clone()).min().unwrap();
    let completed_tv = tv.iter().filter(|ch| ch.state.available).count();
    Response::ok(json!({
        "totalRequests": movies.len() + tv.len(),
        "totalMovieRequests": movies.len(),
        "totalTvRequests": tv.len(),
        "totalIssues": 0,
        "completedRequestsMovies": movies.len(),
        "completedRequestsTv": completed_tv,
        "completedRequests": movies.len() + completed_tv,
        "mostRequestedUserMovie": s.user_by_id(&min_movie_user).map(views::ombi_user),
        "mostRequestedUserTv": {"id": null, "userName": null, "userAccessToken": null, "mediaServerToken": null}
    }))
}

/// GET `/api/v1/RequestRetry` (Admin): queue rows not yet completed.
pub fn retry_list(c: &mut Call) -> Response {
    let rows: Vec<Value> = c
        .state
        .retry_queue
        .iter()
        .filter(|e| e.completed.is_none())
        .map(|e| {
            json!({
                "failedId": e.id, "title": e.title, "releaseYear": e.release_year, "requestId": e.request_id,
                "type": e.request_type, "dts": clock::iso(e.dts), "error": e.error, "retryCount": e.retry_count
            })
        })
        .collect();
    Response::ok(json!(rows))
}

/// DELETE `/api/v1/RequestRetry/{queueId:int}`: `true`; an unknown id throws (Q11).
pub fn retry_delete(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    if !c.state.retry_queue.iter().any(|e| e.id == id) {
        return Response::error(NRE);
    }
    c.state.retry_queue.retain(|e| e.id != id);
    c.state.tick();
    Response::ok(json!(true))
}
