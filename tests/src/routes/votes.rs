//! Votes (§3.9): the open-vote list, the votes on one request (`music`, not `album`), and
//! voting (`album`, not `music`).

use serde_json::{Value, json};

use crate::auth;
use crate::engine::{self, Kind};
use crate::http::Response;
use crate::router::Call;
use crate::routes::requests::NRE;
use crate::state::Lifecycle;

fn open(l: &Lifecycle) -> bool {
    !l.approved && !l.available && l.denied != Some(true)
}

/// GET `/api/v1/Vote`: every pending movie request, TV child and album request, with counts
/// and the caller's vote (`myVote` defaults to 1 when not voted: check `alreadyVoted`).
pub fn list(c: &mut Call) -> Response {
    let s = &c.state;
    let me = auth::current_user(&c.who, s).map(|u| u.id.clone());
    let counts = |id: u64, t: i64| {
        let votes: Vec<_> = s.votes.iter().filter(|v| v.request_id == id && v.request_type == t).collect();
        let mine = votes.iter().find(|v| Some(&v.user_id) == me.as_ref()).map(|v| v.vote_type);
        (votes.iter().filter(|v| v.vote_type == 0).count(), votes.iter().filter(|v| v.vote_type == 1).count(), mine)
    };
    let mut rows = Vec::new();
    for r in s.movie_requests.iter().filter(|r| open(&r.standard)) {
        let m = s.movie(r.tmdb_id);
        let (up, down, mine) = counts(r.id, 1);
        rows.push(json!({
            "requestId": r.id, "requestType": 1,
            // A poster path that already starts with '/' after a prefix ending in '/' (Q16).
            "image": m.map(|m| format!("https://image.tmdb.org/t/p/w500/{}", m.poster_path)),
            "background": m.map(|m| format!("https://image.tmdb.org/t/p/w1280{}", m.poster_path)),
            "upvotes": up, "downvotes": down, "title": m.map(|m| m.title.clone()),
            "description": m.map(|m| m.overview.clone()), "alreadyVoted": mine.is_some(), "myVote": mine.unwrap_or(1)
        }));
    }
    for ch in s.tv_children.iter().filter(|ch| open(&ch.state)) {
        let show = s.tv_parents.iter().find(|p| p.id == ch.parent_id).and_then(|p| s.show(p.tmdb_id));
        let (up, down, mine) = counts(ch.id, 0);
        let description: String = ch
            .seasons
            .iter()
            .map(|se| {
                let eps: Vec<String> = se.episodes.iter().map(|e| e.number.to_string()).collect();
                format!("Season: {} - Episodes: {}<br />", se.number, eps.join(","))
            })
            .collect();
        rows.push(json!({
            "requestId": ch.id, "requestType": 0,
            "image": show.map(|x| x.poster_path.clone()), "background": show.map(|x| x.poster_path.clone()),
            "upvotes": up, "downvotes": down, "title": show.map(|x| x.title.clone()),
            "description": description, "alreadyVoted": mine.is_some(), "myVote": mine.unwrap_or(1)
        }));
    }
    for a in s.album_requests.iter().filter(|a| open(&a.state)) {
        let album = s.album(&a.album_mbid);
        let (up, down, mine) = counts(a.id, 2);
        rows.push(json!({
            "requestId": a.id, "requestType": 2,
            "image": album.map(|x| format!("https://coverartarchive.org/release-group/{}/front.jpg", x.mbid)),
            "background": null, "upvotes": up, "downvotes": down, "title": album.map(|x| x.title.clone()),
            "description": album.map(|x| x.artist_name.clone()), "alreadyVoted": mine.is_some(), "myVote": mine.unwrap_or(1)
        }));
    }
    Response::ok(json!(rows))
}

/// GET `/api/v1/Vote/{movie|tv|music}/{requestId:int}`: `Votes[]` (user left null).
pub fn of_request(c: &mut Call) -> Response {
    let t = match c.seg(3).as_str() {
        "movie" => 1,
        "tv" => 0,
        _ => 2,
    };
    let id = c.int(0) as u64;
    let rows: Vec<Value> = c
        .state
        .votes
        .iter()
        .filter(|v| v.request_id == id && v.request_type == t)
        .map(|v| {
            json!({"id": v.id, "requestId": v.request_id, "voteType": v.vote_type, "requestType": v.request_type,
                   "userId": v.user_id, "date": crate::clock::iso(v.date), "deleted": false, "user": null})
        })
        .collect();
    Response::ok(json!(rows))
}

/// POST `/api/v1/Vote/{up|down}/{movie|tv|album}/{requestId:int}`.
pub fn cast(c: &mut Call) -> Response {
    let up = c.seg(3) == "up";
    let kind = match c.seg(4).as_str() {
        "movie" => Kind::Movie,
        "tv" => Kind::Tv,
        _ => Kind::Music,
    };
    let id = c.int(0) as u64;
    let Some(user) = auth::current_user(&c.who, c.state).cloned() else {
        return Response::error(NRE);
    };
    match engine::vote(c.state, &user, kind, id, up) {
        Some(v) => Response::ok(v),
        None => Response::error(NRE),
    }
}
