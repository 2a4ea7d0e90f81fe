//! `write_settings_patch`: change named fields of one settings section.
//!
//! Ombi routes: v1 GET then POST `Settings/{section}` (§3.11): Ombi replaces a section
//! whole, so the current section is read, the named leaves are changed (converted to each
//! leaf's type), and the full section is posted back. Refused, with nothing posted: a
//! `revision` that no longer matches (`CONFLICT`), a secret field, `apiKey` or `baseUrl`
//! (`FORBIDDEN`), a name read_settings does not show, or one through an array.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::args::{SettingsSection, scalar_schema, tool_args};
use super::read_settings::read_section;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::Data;
use crate::projection::mutation;
use crate::projection::settings::{self as project, LeafError};
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

/// One field to change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// A JSON Pointer as read_settings names it (e.g. /enabled).
    #[schemars(length(min = 2, max = 300))]
    pub name: String,
    /// The new value, a string, number or boolean (converted to the field's type).
    #[schemars(schema_with = "scalar_schema")]
    pub value: Value,
}

tool_args! {
    /// Arguments of `write_settings_patch`.
    pub struct Args {
        /// The section, as Ombi names it.
        pub section: SettingsSection,
        #[schemars(length(min = 1, max = 50))]
        pub changes: Vec<Change>,
        /// From read_settings.
        #[schemars(length(min = 1, max = 100))]
        pub revision: String,
    }
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::destructive(Method::Post, "/api/v1/Settings/ombi"),
    Route::destructive(Method::Post, "/api/v1/Settings/plex"),
    Route::destructive(Method::Post, "/api/v1/Settings/emby"),
    Route::destructive(Method::Post, "/api/v1/Settings/jellyfin"),
    Route::destructive(Method::Post, "/api/v1/Settings/sonarr"),
    Route::destructive(Method::Post, "/api/v1/Settings/radarr"),
    Route::destructive(Method::Post, "/api/v1/Settings/lidarr"),
    Route::destructive(Method::Post, "/api/v1/Settings/CouchPotato"),
    Route::destructive(Method::Post, "/api/v1/Settings/DogNzb"),
    Route::destructive(Method::Post, "/api/v1/Settings/SickRage"),
    Route::destructive(Method::Post, "/api/v1/Settings/themoviedb"),
    Route::destructive(Method::Post, "/api/v1/Settings/customization"),
    Route::destructive(Method::Post, "/api/v1/Settings/landingpage"),
    Route::destructive(Method::Post, "/api/v1/Settings/authentication"),
    Route::destructive(Method::Post, "/api/v1/Settings/Issues"),
    Route::destructive(Method::Post, "/api/v1/Settings/vote"),
    Route::destructive(Method::Post, "/api/v1/Settings/UserManagement"),
    Route::destructive(Method::Post, "/api/v1/Settings/Update"),
    Route::destructive(Method::Post, "/api/v1/Settings/jobs"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/email"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/discord"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/telegram"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/pushbullet"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/pushover"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/slack"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/mattermost"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/gotify"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/ntfy"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/webhook"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/twilio"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/mobile"),
    Route::destructive(Method::Post, "/api/v1/Settings/notifications/newsletter"),
];

pub struct WriteSettingsPatch;

impl Tool for WriteSettingsPatch {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_settings_patch",
        title: "Change settings",
        description: "Change fields of one settings section, named as read_settings shows them (JSON Pointers, not through arrays) and converted to each field's type. `revision` from read_settings: nothing is written if the section changed since. Secrets, apiKey and baseUrl are refused; saving may make Ombi resync the service. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, super::read_settings::SECTION_READS],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let section = args.section.route();
        let mut doc = read_section(ctx, &section)?;
        let current = project::revision(&doc);
        if current != args.revision.trim() {
            return Err(ToolError::new(
                ErrorCode::Conflict,
                format!("The {section} settings changed since revision {} was read (now {current}); read them again with read_settings. Nothing was written.", args.revision.trim()),
            ));
        }
        let described = apply(&section, &mut doc, &args.changes)?;
        let req = ApiRequest::write(Method::Post, format!("/api/v1/Settings/{section}"), Some(&doc));
        let mut summary = crate::summary::Summary::new(format!("Change {} field(s) of the {section} settings", described.len()));
        for d in &described {
            summary = summary.quote("Set", d);
        }
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let what = format!("the {section} settings");
        let resp = ctx.mutate(&req, &what, "read_settings")?;
        let mut m = mutation::boolean(&resp, &what, "read_settings", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi refused to save {what}.")))?;
        m.affected_count = Some(args.changes.len() as u64);
        m.message = Some(format!("Saved {} field(s) of the {section} settings.", args.changes.len()));
        Ok(Data::Mutation(m).into())
    }
}

/// Applies `changes` to `doc` in place; returns a plain description of each change.
pub fn apply(section: &str, doc: &mut Value, changes: &[Change]) -> Result<Vec<String>, ToolError> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (i, c) in changes.iter().enumerate() {
        let field = format!("changes[{i}].name");
        let name = c.name.trim();
        if seen.contains(&name) {
            return Err(ToolError::invalid(field, format!("{name} is changed twice")));
        }
        seen.push(name);
        let tokens: Vec<String> = name.trim_start_matches('/').split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect();
        if let Some(bad) = tokens.iter().find(|t| project::is_secret(t) || t.eq_ignore_ascii_case("baseUrl")) {
            return Err(ToolError::new(ErrorCode::Forbidden, format!("{name} cannot be changed through this tool ({bad} is a secret or the base URL); nothing was written.")).with_field(field));
        }
        if let Some(bad) = tokens.iter().find(|t| t.parse::<usize>().is_err() && !project::allowed(section, t)) {
            return Err(ToolError::new(ErrorCode::Forbidden, format!("{name} is not a field read_settings shows ({bad} is withheld); nothing was written.")).with_field(field));
        }
        let (map, key) = project::leaf_mut(doc, name).map_err(|e| match e {
            LeafError::NotAPointer => ToolError::invalid(field.clone(), format!("{name:?} is not a JSON Pointer such as /enabled")),
            LeafError::Missing => ToolError::not_found(field.clone(), format!("the {section} settings have no field {name}")),
            LeafError::ThroughArray => ToolError::invalid(field.clone(), format!("{name} goes through an array; array entries are shown for reading only and cannot be patched by index")),
            LeafError::NotScalar => ToolError::invalid(field.clone(), format!("{name} holds an object or list, not a single value")),
        })?;
        let old = map[&key].clone();
        let new = convert(&old, &c.value).map_err(|why| ToolError::invalid(format!("changes[{i}].value"), format!("{name}: {why}")))?;
        out.push(format!("{name} from {old} to {new}"));
        map.insert(key, new);
    }
    Ok(out)
}

/// `value` converted to the type of the current value `old`.
pub fn convert(old: &Value, value: &Value) -> Result<Value, String> {
    if value.is_object() || value.is_array() {
        return Err("the value must be a string, number or boolean".into());
    }
    Ok(match old {
        Value::Bool(_) => match value {
            Value::Bool(b) => Value::Bool(*b),
            Value::String(s) if s.eq_ignore_ascii_case("true") => Value::Bool(true),
            Value::String(s) if s.eq_ignore_ascii_case("false") => Value::Bool(false),
            _ => return Err(format!("expects true or false (got {value})")),
        },
        Value::Number(n) => {
            let parsed = match value {
                Value::Number(v) => Some(v.clone()),
                Value::String(s) => serde_json::from_str::<serde_json::Number>(s.trim()).ok(),
                _ => None,
            };
            let Some(v) = parsed else { return Err(format!("expects a number (got {value})")) };
            if n.is_f64() {
                Value::Number(v)
            } else {
                match v.as_i64() {
                    Some(i) => Value::from(i),
                    None => return Err(format!("expects a whole number (got {v})")),
                }
            }
        }
        Value::String(_) => match value {
            Value::String(s) => Value::String(s.clone()),
            Value::Null => Value::Null,
            other => Value::String(other.to_string()),
        },
        // An unset field takes any scalar.
        _ => value.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;
    use serde_json::json;

    fn change(name: &str, value: Value) -> Change {
        Change { name: name.into(), value }
    }

    #[test]
    fn values_take_the_fields_type() {
        assert_eq!(convert(&json!(true), &json!("false")), Ok(json!(false)));
        assert_eq!(convert(&json!(8989), &json!("8990")), Ok(json!(8990)));
        assert!(convert(&json!(8989), &json!("x")).is_err());
        assert!(convert(&json!(5), &json!(5.5)).is_err());
        assert_eq!(convert(&json!("a"), &json!(4)), Ok(json!("4")));
        assert!(convert(&json!("a"), &json!([1])).is_err());
    }

    #[test]
    fn secrets_base_url_and_arrays_are_refused() {
        let mut doc = json!({"apiKey": "k", "baseUrl": "", "enabled": true, "servers": [{"port": 1}], "ip": "10.0.0.1"});
        let e = apply("sonarr", &mut doc, &[change("/apiKey", json!("x"))]).unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), (ErrorCode::Forbidden, Some("changes[0].name")));
        assert_eq!(apply("ombi", &mut doc, &[change("/baseUrl", json!("/x"))]).unwrap_err().code, ErrorCode::Forbidden);
        assert_eq!(apply("sonarr", &mut doc, &[change("/ip", json!("1.2.3.4"))]).unwrap_err().code, ErrorCode::Forbidden);
        assert_eq!(apply("plex", &mut doc, &[change("/servers/0/port", json!(2))]).unwrap_err().code, ErrorCode::InvalidArgument);
        let ok = apply("sonarr", &mut doc, &[change("/enabled", json!(false))]).unwrap();
        assert_eq!(ok, vec!["/enabled from true to false"]);
        assert_eq!(doc["enabled"], false);
        assert_eq!(doc["apiKey"], "k", "the rest of the section is posted unchanged");
    }

    #[test]
    fn a_value_must_be_a_string_number_or_boolean() {
        let settings = Settings { allow_writes: true, ..Settings::default() };
        for bad in [json!({"a": 1}), json!([1])] {
            let mut fake = FakeOmbi::new();
            let args = json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": bad}], "revision": "r"});
            let e = run_tool_with(&mut fake, &settings, "write_settings_patch", args).0.unwrap_err();
            assert_eq!((e.code, e.field.as_deref()), (ErrorCode::InvalidArgument, Some("changes[0].value")));
            assert!(e.message.contains("a string, a number or a boolean"), "{}", e.message);
            assert!(fake.sent.is_empty());
        }
    }

    #[test]
    fn a_moved_revision_is_a_conflict_and_nothing_is_posted() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Settings/vote", 200, r#"{"id":1,"enabled":true,"movieVoteMax":3}"#);
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let e = run_tool_with(&mut fake, &settings, "write_settings_patch", json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": 5}], "revision": "r-stale"})).0.unwrap_err();
        assert_eq!(e.code, ErrorCode::Conflict);
        assert!(fake.sent.iter().all(|r| !r.mutation));
    }

    #[test]
    fn the_full_section_is_posted_with_the_change() {
        let doc = json!({"id":1,"enabled":true,"movieVoteMax":3,"musicVoteMax":2,"tvShowVoteMax":4});
        let rev = project::revision(&doc);
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Settings/vote", 200, &doc.to_string()).reply("POST /api/v1/Settings/vote", 200, "true");
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let (out, _) = run_tool_with(&mut fake, &settings, "write_settings_patch", json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": "5"}], "revision": rev}));
        out.unwrap();
        let posted: Value = serde_json::from_slice(fake.sent[1].body.as_ref().unwrap()).unwrap();
        assert_eq!(posted, json!({"id":1,"enabled":true,"movieVoteMax":5,"musicVoteMax":2,"tvShowVoteMax":4}));
    }
}
