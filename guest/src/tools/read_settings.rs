//! `read_settings`: one settings section, allowlisted non-secret leaves only.
//!
//! Ombi route: v1 GET `Settings/{section}` (§3.11). Names are RFC 6901 pointers; what is
//! withheld is named in `omitted_fields`; `revision` identifies the section's content for
//! write_settings_patch.

use super::args::{SettingsSection, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, SettingsPage};
use crate::projection::settings as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;

tool_args! {
    /// Arguments of `read_settings`.
    pub struct Args {
        /// The section, as Ombi names it.
        pub section: SettingsSection,
    }
}

/// The routes of [`read_section`]: GET `Settings/{section}` for every section the tools
/// take (`SettingsSection`), spelled as they are sent.
pub const SECTION_READS: &[Route] = &[
    Route::get("/api/v1/Settings/ombi"),
    Route::get("/api/v1/Settings/plex"),
    Route::get("/api/v1/Settings/emby"),
    Route::get("/api/v1/Settings/jellyfin"),
    Route::get("/api/v1/Settings/sonarr"),
    Route::get("/api/v1/Settings/radarr"),
    Route::get("/api/v1/Settings/lidarr"),
    Route::get("/api/v1/Settings/CouchPotato"),
    Route::get("/api/v1/Settings/DogNzb"),
    Route::get("/api/v1/Settings/SickRage"),
    Route::get("/api/v1/Settings/themoviedb"),
    Route::get("/api/v1/Settings/customization"),
    Route::get("/api/v1/Settings/landingpage"),
    Route::get("/api/v1/Settings/authentication"),
    Route::get("/api/v1/Settings/Issues"),
    Route::get("/api/v1/Settings/vote"),
    Route::get("/api/v1/Settings/UserManagement"),
    Route::get("/api/v1/Settings/Update"),
    Route::get("/api/v1/Settings/jobs"),
    Route::get("/api/v1/Settings/notifications/email"),
    Route::get("/api/v1/Settings/notifications/discord"),
    Route::get("/api/v1/Settings/notifications/telegram"),
    Route::get("/api/v1/Settings/notifications/pushbullet"),
    Route::get("/api/v1/Settings/notifications/pushover"),
    Route::get("/api/v1/Settings/notifications/slack"),
    Route::get("/api/v1/Settings/notifications/mattermost"),
    Route::get("/api/v1/Settings/notifications/gotify"),
    Route::get("/api/v1/Settings/notifications/ntfy"),
    Route::get("/api/v1/Settings/notifications/webhook"),
    Route::get("/api/v1/Settings/notifications/twilio"),
    Route::get("/api/v1/Settings/notifications/mobile"),
    Route::get("/api/v1/Settings/notifications/newsletter"),
];

pub struct ReadSettings;

impl Tool for ReadSettings {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_settings",
        title: "Settings",
        description: "Read one Ombi settings section as scalar values named by JSON Pointer (e.g. /enabled); secrets (API keys, passwords, tokens, webhook URLs) are withheld and named in `omitted_fields`. Use it before write_settings_patch, which takes these names and the `revision` returned here.",
        families: &[Family::Settings],
        effect: Effect::Read,
        routes: &[SECTION_READS],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let section = args.section.route();
        let doc = read_section(ctx, &section)?;
        let flat = project::flatten(&section, &doc);
        if flat.cut {
            ctx.cut("The section has more than 100 values or withheld fields; only the first 100 of each are listed.");
        }
        let page = SettingsPage {
            section: section.clone(),
            revision: Some(project::revision(&doc)),
            values: flat.values,
            omitted_fields: flat.omitted,
        };
        Ok(Data::Settings(page).into())
    }
}

/// The whole section as Ombi holds it (with its secrets: never returned as such).
pub fn read_section(ctx: &mut Ctx, section: &str) -> Result<serde_json::Value, ToolError> {
    let doc: Option<serde_json::Value> =
        ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Settings/{section}")), &format!("the {section} settings"))?;
    match doc {
        Some(v) if v.is_object() => Ok(v),
        Some(_) => Err(ToolError::schema_mismatch(&format!("the {section} settings"), "expected a JSON object")),
        None => Err(ToolError::not_found("section", format!("Ombi returned no {section} settings."))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    #[test]
    fn secrets_never_leave() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/Settings/notifications/discord",
            200,
            r#"{"id":3,"enabled":true,"webhookUrl":"https://discord.com/api/webhooks/1/secret","username":"Ombi","icon":"x.png","notificationTemplates":[{"id":1,"agent":1,"subject":"s","message":"m","enabled":true,"notificationType":0}]}"#,
        );
        let (out, _) = run_tool(&mut fake, "read_settings", json!({"section": "notifications/discord"}));
        let Data::Settings(s) = out.unwrap().data else { panic!() };
        let text = serde_json::to_string(&s).unwrap();
        assert!(!text.contains("webhooks/1/secret"));
        assert!(s.omitted_fields.contains(&"/webhookUrl".to_string()));
        assert!(s.values.iter().any(|c| c.name == "/notificationTemplates/0/subject"));
        assert!(s.revision.as_deref().is_some_and(|r| r.starts_with('r')));
        assert_eq!(s.section, "notifications/discord");
    }
}
