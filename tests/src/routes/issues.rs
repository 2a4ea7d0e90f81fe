//! Issues, comments and categories (§3.8): v1 lists by `{take}/{skip}/{status}`, v2 groups by
//! `{position}/{take}/{status}` (skip/take applied before grouping, provider-less issues left
//! out), 204 for empty details, `resovledDate` on resolve.

use serde_json::{Value, json};

use crate::auth;
use crate::clock;
use crate::http::Response;
use crate::router::Call;
use crate::routes::requests::NRE;
use crate::state::{Comment, Issue};
use crate::views;

/// An IssueStatus given by name or integer.
fn status_of(text: &str) -> Option<i64> {
    match text.to_ascii_lowercase().as_str() {
        "pending" | "0" => Some(0),
        "inprogress" | "1" => Some(1),
        "resolved" | "2" => Some(2),
        "deleted" | "3" => Some(3),
        _ => None,
    }
}

/// GET `/api/v1/Issues`.
pub fn all(c: &mut Call) -> Response {
    let s = &c.state;
    Response::ok(json!(s.issues.iter().map(|i| views::issue(s, i, true, false, false)).collect::<Vec<_>>()))
}

/// GET `/api/v1/Issues/{take}/{skip}/{status}`.
pub fn v1_page(c: &mut Call) -> Response {
    let (Ok(take), Ok(skip)) = (c.param(0).parse::<usize>(), c.param(1).parse::<usize>()) else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let Some(status) = status_of(c.param(2)) else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let s = &c.state;
    let items: Vec<Value> = s
        .issues
        .iter()
        .filter(|i| i.status == status)
        .skip(skip)
        .take(take)
        .map(|i| views::issue(s, i, true, true, false))
        .collect();
    Response::ok(json!(items))
}

/// GET `/api/v1/Issues/count`.
pub fn count(c: &mut Call) -> Response {
    let n = |st: i64| c.state.issues.iter().filter(|i| i.status == st).count();
    Response::ok(json!({"pending": n(0), "inProgress": n(1), "resolved": n(2)}))
}

/// GET `/api/v1/Issues/{id}`: 204 when missing.
pub fn one(c: &mut Call) -> Response {
    let Ok(id) = c.param(0).parse::<u64>() else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let s = &c.state;
    match s.issues.iter().find(|i| i.id == id) {
        Some(i) => Response::ok(views::issue(s, i, true, true, true)),
        None => Response::empty(204),
    }
}

/// GET `/api/v1/Issues/{id}/comments`: `{id, comment, date, username (alias), adminComment}`.
pub fn comments(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    let s = &c.state;
    let rows: Vec<Value> = s
        .comments
        .iter()
        .filter(|x| x.issue_id == id)
        .map(|x| {
            let u = s.user_by_id(&x.user_id);
            json!({
                "id": x.id, "comment": x.comment, "date": clock::iso(x.date),
                "username": u.map(|u| u.alias.clone()),
                "adminComment": u.is_some_and(|u| u.has_role("Admin") || u.has_role("PowerUser"))
            })
        })
        .collect();
    Response::ok(json!(rows))
}

/// GET `/api/v1/Issues/request/{id}`.
pub fn by_request(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    let s = &c.state;
    Response::ok(json!(
        s.issues
            .iter()
            .filter(|i| i.request_id == Some(id))
            .map(|i| views::issue(s, i, true, false, false))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Issues/provider/{id}`.
pub fn by_provider(c: &mut Call) -> Response {
    let id = c.param(0).to_string();
    let s = &c.state;
    Response::ok(json!(
        s.issues
            .iter()
            .filter(|i| i.provider_id.as_deref() == Some(id.as_str()))
            .map(|i| views::issue(s, i, true, false, false))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v2/Issues/{position}/{take}/{status}`: `IssuesSummaryModel[]`.
pub fn v2_groups(c: &mut Call) -> Response {
    let (Ok(position), Ok(take)) = (c.param(0).parse::<usize>(), c.param(1).parse::<usize>()) else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let Some(status) = status_of(c.param(2)) else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let window: Vec<&Issue> = c
        .state
        .issues
        .iter()
        .filter(|i| i.status == status && i.provider_id.is_some())
        .skip(position)
        .take(take)
        .collect();
    let mut groups: Vec<(String, String, usize)> = Vec::new();
    for i in window {
        let p = i.provider_id.clone().unwrap_or_default();
        match groups.iter_mut().find(|(t, pid, _)| *t == i.title && *pid == p) {
            Some(g) => g.2 += 1,
            None => groups.push((i.title.clone(), p, 1)),
        }
    }
    Response::ok(json!(groups
        .into_iter()
        .map(|(title, provider, count)| json!({"title": title, "count": count, "providerId": provider, "issues": null}))
        .collect::<Vec<_>>()))
}

/// GET `/api/v2/Issues/details/{providerId}`: 204 with an empty body when nothing matches.
pub fn v2_details(c: &mut Call) -> Response {
    let id = c.param(0).to_string();
    let s = &c.state;
    let matching: Vec<&Issue> = s.issues.iter().filter(|i| i.provider_id.as_deref() == Some(id.as_str())).collect();
    let Some(first) = matching.first() else {
        return Response::empty(204);
    };
    Response::ok(json!({
        "title": first.title,
        "count": matching.len(),
        "providerId": id,
        "issues": matching.iter().map(|i| views::issue(s, i, true, true, true)).collect::<Vec<_>>()
    }))
}

/// GET `/api/v1/Issues/categories`.
pub fn categories(c: &mut Call) -> Response {
    Response::ok(json!(c.state.categories.iter().map(|(id, v)| json!({"id": id, "value": v})).collect::<Vec<_>>()))
}

/// POST `/api/v1/Issues/categories` `{value}` (PowerUser): `true`.
pub fn category_create(c: &mut Call) -> Response {
    let Some(value) = c.req.json().and_then(|b| b.get("value").and_then(Value::as_str).map(str::to_string)) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let id = c.state.categories.iter().map(|(id, _)| *id).max().unwrap_or(0) + 1;
    c.state.categories.push((id, value));
    c.state.tick();
    Response::ok(json!(true))
}

/// DELETE `/api/v1/Issues/categories/{catId}` (PowerUser): an unknown id throws.
pub fn category_delete(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    if !c.state.categories.iter().any(|(x, _)| *x == id) {
        return Response::error("Value cannot be null. (Parameter 'entity')");
    }
    c.state.categories.retain(|(x, _)| *x != id);
    c.state.tick();
    Response::ok(json!(true))
}

/// POST `/api/v1/Issues` (an `Issues` entity): the new id. `status` is taken from the body
/// when given (a wrapper should not send it).
pub fn create(c: &mut Call) -> Response {
    let Some(b) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let Some(reporter) = auth::current_user(&c.who, c.state).map(|u| u.id.clone()) else {
        return Response::error(NRE);
    };
    let text = |k: &str| b.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let id = c.state.id();
    let at = c.state.tick();
    c.state.issues.push(Issue {
        id,
        title: text("title"),
        request_type: b.get("requestType").and_then(Value::as_i64).unwrap_or(0),
        provider_id: b.get("providerId").and_then(Value::as_str).map(str::to_string),
        request_id: b.get("requestId").and_then(Value::as_u64),
        subject: text("subject"),
        description: text("description"),
        category_id: b.get("issueCategoryId").and_then(Value::as_u64).unwrap_or(0),
        status: b.get("status").and_then(Value::as_i64).unwrap_or(0),
        resolved_date: None,
        created_date: at,
        user_reported_id: reporter,
        poster_path: b.get("posterPath").and_then(Value::as_str).map(str::to_string),
    });
    Response::ok(json!(id))
}

/// POST `/api/v1/Issues/status` `{issueId, status}`: `false` when not found; sets
/// `resovledDate` on Resolved.
pub fn set_status(c: &mut Call) -> Response {
    let Some(b) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let id = b.get("issueId").and_then(Value::as_u64).unwrap_or(0);
    let status = match b.get("status") {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => status_of(s),
        _ => None,
    };
    let Some(status) = status else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    let at = c.state.tick();
    match c.state.issues.iter_mut().find(|i| i.id == id) {
        Some(i) => {
            i.status = status;
            if status == 2 {
                i.resolved_date = Some(at);
            }
            Response::ok(json!(true))
        }
        None => Response::ok(json!(false)),
    }
}

/// POST `/api/v1/Issues/comments` `{issueId, comment}`: the stored comment, or 204 when the
/// issue does not exist.
pub fn comment_create(c: &mut Call) -> Response {
    let Some(b) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let issue_id = b.get("issueId").and_then(Value::as_u64).unwrap_or(0);
    if !c.state.issues.iter().any(|i| i.id == issue_id) {
        return Response::empty(204);
    }
    let Some(user) = auth::current_user(&c.who, c.state).map(|u| u.id.clone()) else {
        return Response::error(NRE);
    };
    let id = c.state.id();
    let at = c.state.tick();
    let comment = Comment {
        id,
        issue_id,
        user_id: user,
        comment: b.get("comment").and_then(Value::as_str).unwrap_or("").into(),
        date: at,
    };
    let user_json = c.state.user_by_id(&comment.user_id).map(views::ombi_user);
    let v = json!({"id": id, "userId": comment.user_id, "comment": comment.comment, "issuesId": issue_id, "date": clock::iso(at), "user": user_json, "issues": null});
    c.state.comments.push(comment);
    Response::ok(v)
}

/// DELETE `/api/v1/Issues/comments/{id}` (PowerUser): `true`.
pub fn comment_delete(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    c.state.comments.retain(|x| x.id != id);
    c.state.tick();
    Response::ok(json!(true))
}

/// DELETE `/api/v1/Issues/{id}` (PowerUser): deletes the comments too; `false` when missing.
pub fn delete(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    if !c.state.issues.iter().any(|i| i.id == id) {
        return Response::ok(json!(false));
    }
    c.state.issues.retain(|i| i.id != id);
    c.state.comments.retain(|x| x.issue_id != id);
    c.state.tick();
    Response::ok(json!(true))
}
