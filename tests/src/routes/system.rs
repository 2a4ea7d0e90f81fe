//! Logs (§3.14) and background jobs (§3.12).

use serde_json::json;

use crate::http::Response;
use crate::router::Call;

/// GET `/api/v2/System/logs` (Admin): file names, newest first.
pub fn logs(c: &mut Call) -> Response {
    Response::ok(json!(c.state.logs.iter().map(|l| l.name.clone()).collect::<Vec<_>>()))
}

/// GET `/api/v2/System/logs/{logFileName}` (Admin): the whole file as one string: a JSON
/// string when the client accepts JSON, `text/plain` otherwise (v2 has no `[Produces]`);
/// 404 ProblemDetails for any other name.
pub fn log_file(c: &mut Call) -> Response {
    let name = c.param(0).to_string();
    let Some(file) = c.state.logs.iter().find(|l| l.name == name) else {
        return Response::problem(404, "Not Found");
    };
    let text = file.lines.join("\n") + "\n";
    let wants_json = c.req.header("accept").is_some_and(|a| a.contains("application/json"));
    if wants_json { Response::ok(json!(text)) } else { Response::text(200, &text) }
}

/// The jobs `POST /api/v1/Job/{job}` accepts.
pub const JOBS: &[&str] = &[
    "update",
    "plexuserimporter",
    "plexwatchlist",
    "embyuserimporter",
    "jellyfinuserimporter",
    "plexcontentcacher",
    "plexrecentlyadded",
    "embycontentcacher",
    "embyrecentlyadded",
    "jellyfincontentcacher",
    "arrAvailability",
    "clearmediaserverdata",
    "autodeleterequests",
    "newsletter",
];

/// POST `/api/v1/Job/{job}` (Admin): queued; `true`.
pub fn trigger(c: &mut Call) -> Response {
    let job = c.param(0).to_string();
    match JOBS.iter().find(|j| j.eq_ignore_ascii_case(&job)) {
        Some(j) => {
            c.state.jobs_run.push(j.to_string());
            c.state.tick();
            Response::ok(json!(true))
        }
        None => Response::empty(404),
    }
}

/// GET `/api/v1/Job/update` (Admin): whether an update is available.
pub fn update_available(c: &mut Call) -> Response {
    Response::ok(json!(c.state.update_available))
}
