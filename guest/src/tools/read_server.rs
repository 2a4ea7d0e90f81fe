//! `read_server`: Ombi's status, version, build facts, health, update state, feature flags
//! and job schedules.
//!
//! Ombi routes: GET `/api/v1/Status`, `/api/v1/Status/info`, `/api/v1/Status/Wizard`,
//! `/api/v1/Settings/about` (connection strings and paths dropped), `/health`,
//! `/api/v1/Update`, `/api/v2/Features`, `/api/v1/Settings/jobs` (API catalogue §3.12).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::args::tool_args;
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::{Output, ToolResult};
use crate::model::{Data, Metric, PageUnit};
use crate::paging;
use crate::projection::server;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;
use crate::upstream::dto::server::{About, Feature, Update, Wizard};

/// Which facts to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// reachable, version, setup done
    #[default]
    Status,
    /// version, branch, runtime, database
    About,
    /// of Ombi and its services
    Health,
    /// is a newer Ombi out
    Update,
    /// feature flags
    Features,
    /// cron schedules
    Jobs,
}

tool_args! {
    /// Arguments of `read_server`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Status"),
    Route::get("/api/v1/Status/info"),
    Route::get("/api/v1/Status/Wizard"),
    Route::get("/api/v1/Settings/about"),
    Route::get("/health"),
    Route::get("/api/v1/Update"),
    Route::get("/api/v2/Features"),
    Route::get("/api/v1/Settings/jobs"),
];

pub struct ReadServer;

impl Tool for ReadServer {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_server",
        title: "Server status",
        description: "Facts about the Ombi server itself; the default view `status` (reachable, version, setup done) is the quick connection check, so use it first. `about` never shows paths or connection strings; `jobs` lists the schedules of the jobs write_job_trigger can run early.",
        families: &[Family::Metrics, Family::ReferencePage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let data = match args.view {
            View::Status => Data::Metrics { values: status(ctx)? },
            View::About => {
                let about: About = ctx.fetch(&ApiRequest::get("/api/v1/Settings/about"), "the about page")?;
                Data::Metrics { values: server::about(&about) }
            }
            View::Health => {
                // 503 carries the answer `Unhealthy`: a value, not a failure.
                let resp = ctx.send_accepting(&ApiRequest::get("/health"), "the health check", &[503])?;
                Data::Metrics { values: server::health(resp.status, &resp.body) }
            }
            View::Update => {
                let update: Update = ctx.fetch(&ApiRequest::get("/api/v1/Update"), "the update check")?;
                Data::Metrics { values: server::update(&update) }
            }
            View::Features => {
                let list = ctx.list::<Feature>(&ApiRequest::get("/api/v2/Features"), "the feature list")?;
                let items = server::features(&list.items);
                let mut page = paging::whole(items.len(), PageUnit::References);
                if list.cut {
                    page.total = None;
                    page.has_more = None;
                }
                Data::ReferencePage { items, page }
            }
            View::Jobs => {
                let jobs: Map<String, Value> =
                    ctx.fetch(&ApiRequest::get("/api/v1/Settings/jobs"), "the job settings")?;
                Data::Metrics { values: server::jobs(&jobs) }
            }
        };
        Ok(Output::new(data))
    }
}

fn status(ctx: &mut Ctx) -> Result<Vec<Metric>, crate::error::ToolError> {
    let code: Option<Value> = ctx.fetch_opt(&ApiRequest::get("/api/v1/Status"), "the status check")?;
    let version: Option<String> = ctx.fetch_opt(&ApiRequest::get("/api/v1/Status/info"), "the version")?;
    let wizard: Option<Wizard> = ctx.fetch_opt(&ApiRequest::get("/api/v1/Status/Wizard"), "the wizard state")?;
    let mut values = vec![Metric::instance("reachable", true)];
    if let Some(code) = code.and_then(|c| c.as_i64()) {
        values.push(Metric::instance("status_code", code));
    }
    if let Some(v) = version.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
        values.push(Metric::instance("version", v));
    }
    if let Some(done) = wizard.and_then(|w| w.result) {
        values.push(Metric::instance("wizard_completed", done));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::testing::FakeOmbi;
    use crate::upstream::TransportError;
    use serde_json::json;

    fn run_with(fake: &mut FakeOmbi, args: Value) -> ToolResult {
        crate::tools::run_tool(fake, "read_server", args).0
    }

    fn metric<'a>(out: &'a Output, name: &str) -> Option<&'a Value> {
        let Data::Metrics { values } = &out.data else {
            return None;
        };
        values.iter().find(|m| m.name == name).map(|m| &m.value)
    }

    #[test]
    fn status_reads_version_and_wizard() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Status", 200, "200")
            .reply("GET /api/v1/Status/info", 200, "\"4.59.3\"")
            .reply("GET /api/v1/Status/Wizard", 200, r#"{"result":true}"#);
        let out = run_with(&mut fake, json!({})).unwrap();
        assert_eq!(metric(&out, "version"), Some(&json!("4.59.3")));
        assert_eq!(metric(&out, "wizard_completed"), Some(&json!(true)));
        assert_eq!(metric(&out, "status_code"), Some(&json!(200)));
    }

    #[test]
    fn unreachable_ombi_is_a_retryable_error() {
        let mut fake =
            FakeOmbi::new().fail("GET /api/v1/Status", TransportError::Unreachable("connection refused".into()));
        let e = run_with(&mut fake, json!({"view": "status"})).unwrap_err();
        assert_eq!(e.code, ErrorCode::UpstreamRejected);
        assert!(e.retryable);
    }

    #[test]
    fn unhealthy_is_reported_not_failed() {
        let mut fake = FakeOmbi::new().reply("GET /health", 503, "Unhealthy");
        let out = run_with(&mut fake, json!({"view": "health"})).unwrap();
        assert_eq!(metric(&out, "health"), Some(&json!("Unhealthy")));
    }

    #[test]
    fn features_are_references() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Features",
            200,
            r#"[{"name":"Movie4KRequests","enabled":true},{"name":"PlayedSync","enabled":false}]"#,
        );
        let out = run_with(&mut fake, json!({"view": "features"})).unwrap();
        let Data::ReferencePage { items, page } = out.data else { panic!() };
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].value, Some(json!("Movie4KRequests")));
        assert_eq!(items[0].category.as_deref(), Some("enabled"));
        assert_eq!(page.total, Some(2));
    }

    #[test]
    fn a_cut_feature_list_is_announced() {
        let mut fake = FakeOmbi::new().reply_cut("GET /api/v2/Features", r#"[{"name":"A","enabled":true},{"name":"B","ena"#);
        let (out, notes) = crate::tools::run_tool(&mut fake, "read_server", json!({"view": "features"}));
        let Data::ReferencePage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        assert!(notes.truncated);
        assert_eq!(page.total, None);
        assert_eq!(notes.warnings.len(), 1);
    }

    #[test]
    fn unknown_view_is_invalid() {
        let e = run_with(&mut FakeOmbi::new(), json!({"view": "everything"})).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert_eq!(e.field.as_deref(), Some("view"));
    }
}
