//! `read_integration`: the options of the services behind Ombi, read through Ombi's stored
//! settings: Sonarr/Radarr/Lidarr profiles, root folders, language profiles, tags and
//! status; Plex servers, libraries and users; Emby and Jellyfin users.
//!
//! Ombi routes: v1 `Sonarr/{Profiles|RootFolders|v3/LanguageProfiles|tags|enabled|version}`,
//! `Radarr/{Profiles|RootFolders}[/4k]`, `Radarr/{tags|enabled}`,
//! `Lidarr/{Profiles|RootFolders|enabled}`, `Plex/{servers|Libraries/{machineId}|friends}`,
//! `Emby/users`, `Jellyfin/users` (§3.15). GET routes only: they use the stored settings.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::args::tool_args;
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit, Reference};
use crate::paging;
use crate::projection::{integrations as project, users};
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::dto::integrations::{PlexLibrariesDto, PlexServersDto, ProfileDto, RootFolderDto};
use crate::upstream::dto::users::ServiceUserDto;
use crate::upstream::{ApiRequest, path};

/// The services.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Service {
    Sonarr,
    Radarr,
    #[serde(rename = "radarr_4k")]
    Radarr4k,
    Lidarr,
    Plex,
    Emby,
    Jellyfin,
}

/// What to read of a service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum What {
    QualityProfiles,
    RootFolders,
    LanguageProfiles,
    Tags,
    Status,
    Users,
    Servers,
    Libraries,
}

tool_args! {
    /// Arguments of `read_integration`.
    pub struct Args {
        /// radarr_4k is the 4K Radarr.
        pub service: Service,
        /// sonarr: quality_profiles, root_folders, language_profiles, tags, status; radarr: the
        /// same but language_profiles; lidarr: quality_profiles, root_folders, status; plex:
        /// servers, libraries, users; emby, jellyfin: users.
        pub what: What,
        /// For plex libraries: from plex servers.
        #[schemars(length(min = 1, max = 100))]
        pub machine_id: Option<String>,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Sonarr/Profiles"),
    Route::get("/api/v1/Sonarr/RootFolders"),
    Route::get("/api/v1/Sonarr/v3/LanguageProfiles"),
    Route::get("/api/v1/Sonarr/tags"),
    Route::get("/api/v1/Sonarr/enabled"),
    Route::get("/api/v1/Sonarr/version"),
    Route::get("/api/v1/Radarr/Profiles"),
    Route::get("/api/v1/Radarr/Profiles/4k"),
    Route::get("/api/v1/Radarr/RootFolders"),
    Route::get("/api/v1/Radarr/RootFolders/4k"),
    Route::get("/api/v1/Radarr/tags"),
    Route::get("/api/v1/Radarr/enabled"),
    Route::get("/api/v1/Lidarr/Profiles"),
    Route::get("/api/v1/Lidarr/RootFolders"),
    Route::get("/api/v1/Lidarr/enabled"),
    Route::get("/api/v1/Plex/servers"),
    Route::get("/api/v1/Plex/Libraries/{s}"),
    Route::get("/api/v1/Plex/friends"),
    Route::get("/api/v1/Emby/users"),
    Route::get("/api/v1/Jellyfin/users"),
];

pub struct ReadIntegration;

impl Tool for ReadIntegration {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_integration",
        title: "Connected services",
        description: "Read options of the services behind Ombi, through its stored settings: Sonarr/Radarr/Lidarr quality profiles, root folders, tags and status, Plex servers and libraries, media-server users. Profile and folder ids go to write_request_create and write_request_reprocess.",
        families: &[Family::ReferencePage, Family::UserPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        use Service::*;
        use What::*;
        let name = service_name(args.service);
        let refs = |items: Vec<Reference>| {
            let page = paging::whole(items.len(), PageUnit::References);
            Data::ReferencePage { items, page }
        };
        let data = match (args.service, args.what) {
            (Sonarr, QualityProfiles) => refs(profiles(ctx, "/api/v1/Sonarr/Profiles", name, "quality_profile")?),
            (Sonarr, RootFolders) => refs(folders(ctx, "/api/v1/Sonarr/RootFolders", name)?),
            (Sonarr, LanguageProfiles) => refs(profiles(ctx, "/api/v1/Sonarr/v3/LanguageProfiles", name, "language_profile")?),
            (Sonarr, Tags) => refs(profiles(ctx, "/api/v1/Sonarr/tags", name, "tag")?),
            (Sonarr, Status) => refs(status(ctx, "sonarr", name, "/api/v1/Sonarr/enabled", Some("/api/v1/Sonarr/version"))?),
            (Radarr, QualityProfiles) => refs(profiles(ctx, "/api/v1/Radarr/Profiles", name, "quality_profile")?),
            (Radarr4k, QualityProfiles) => refs(profiles(ctx, "/api/v1/Radarr/Profiles/4k", name, "quality_profile")?),
            (Radarr, RootFolders) => refs(folders(ctx, "/api/v1/Radarr/RootFolders", name)?),
            (Radarr4k, RootFolders) => refs(folders(ctx, "/api/v1/Radarr/RootFolders/4k", name)?),
            (Radarr | Radarr4k, Tags) => refs(profiles(ctx, "/api/v1/Radarr/tags", name, "tag")?),
            (Radarr | Radarr4k, Status) => refs(status(ctx, "radarr", name, "/api/v1/Radarr/enabled", None)?),
            (Lidarr, QualityProfiles) => refs(profiles(ctx, "/api/v1/Lidarr/Profiles", name, "quality_profile")?),
            (Lidarr, RootFolders) => refs(folders(ctx, "/api/v1/Lidarr/RootFolders", name)?),
            (Lidarr, Status) => refs(status(ctx, "lidarr", name, "/api/v1/Lidarr/enabled", None)?),
            (Plex, Servers) => {
                let s: Option<PlexServersDto> = ctx.fetch_opt(&ApiRequest::get("/api/v1/Plex/servers"), "the Plex servers")?;
                refs(project::plex_servers(s.and_then(|s| s.servers).as_deref().unwrap_or(&[])))
            }
            (Plex, Libraries) => {
                let id = args.machine_id.as_deref().map(str::trim).filter(|m| !m.is_empty()).ok_or_else(|| {
                    ToolError::invalid("machine_id", "`machine_id` is required for plex libraries (from read_integration plex servers)")
                })?;
                let l: Option<PlexLibrariesDto> =
                    ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Plex/Libraries/{}", path::arg_segment(id, "machine_id")?)), "the Plex libraries")?;
                let l = l.ok_or_else(|| ToolError::not_found("machine_id", format!("Ombi knows no Plex server {id:?}.")))?;
                if l.successful == Some(false) {
                    let why = l.message.as_deref().map(crate::sanitize::clean).unwrap_or_default();
                    return Err(ToolError::not_found("machine_id", format!("Ombi could not read the libraries of Plex server {id:?}: {why}")));
                }
                refs(project::plex_libraries(l.data.as_deref().unwrap_or(&[])))
            }
            (Plex, Users) => user_page(ctx, "/api/v1/Plex/friends", name)?,
            (Emby, Users) => user_page(ctx, "/api/v1/Emby/users", name)?,
            (Jellyfin, Users) => user_page(ctx, "/api/v1/Jellyfin/users", name)?,
            (service, _) => {
                return Err(ToolError::invalid("what", format!("`what` for {} must be one of {}", service_name(service), valid(service))));
            }
        };
        Ok(data.into())
    }
}

fn service_name(s: Service) -> &'static str {
    match s {
        Service::Sonarr => "Sonarr",
        Service::Radarr => "Radarr",
        Service::Radarr4k => "Radarr 4K",
        Service::Lidarr => "Lidarr",
        Service::Plex => "Plex",
        Service::Emby => "Emby",
        Service::Jellyfin => "Jellyfin",
    }
}

fn valid(s: Service) -> &'static str {
    match s {
        Service::Sonarr => "quality_profiles, root_folders, language_profiles, tags, status",
        Service::Radarr | Service::Radarr4k => "quality_profiles, root_folders, tags, status",
        Service::Lidarr => "quality_profiles, root_folders, status",
        Service::Plex => "servers, libraries, users",
        Service::Emby | Service::Jellyfin => "users",
    }
}

/// A disabled service answers 204 (or `[]`): say so rather than return a bare empty list.
fn note_disabled(ctx: &mut Ctx, empty: bool, service: &str) {
    if empty {
        ctx.warn(format!("Ombi returned nothing for {service}: it is disabled, not configured or unreachable in Ombi's settings."));
    }
}

fn profiles(ctx: &mut Ctx, route: &str, service: &str, category: &str) -> Result<Vec<Reference>, ToolError> {
    let l = ctx.list::<ProfileDto>(&ApiRequest::get(route), &format!("the {service} options"))?;
    note_disabled(ctx, l.items.is_empty(), service);
    Ok(project::profiles(&l.items, category))
}

fn folders(ctx: &mut Ctx, route: &str, service: &str) -> Result<Vec<Reference>, ToolError> {
    let l = ctx.list::<RootFolderDto>(&ApiRequest::get(route), &format!("the {service} root folders"))?;
    note_disabled(ctx, l.items.is_empty(), service);
    Ok(project::root_folders(&l.items))
}

fn status(ctx: &mut Ctx, id: &str, service: &str, enabled: &str, version: Option<&str>) -> Result<Vec<Reference>, ToolError> {
    let on: Option<Value> = ctx.fetch_opt(&ApiRequest::get(enabled), &format!("whether {service} is enabled"))?;
    let on = on.and_then(|v| v.as_bool());
    let version = match version {
        Some(v) if on == Some(true) => {
            let v: Option<Value> = ctx.fetch_opt(&ApiRequest::get(v), &format!("the {service} version"))?;
            v.and_then(|v| v.as_str().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string))
        }
        _ => None,
    };
    let name = match &version {
        Some(v) => format!("{service} {v}"),
        None => service.to_string(),
    };
    let mut r = Reference::keyed(name, Value::String(id.to_string()), "status");
    r.category = Some(match on {
        Some(true) => "enabled".into(),
        Some(false) => "disabled".into(),
        None => "unknown".into(),
    });
    Ok(vec![r])
}

fn user_page(ctx: &mut Ctx, route: &str, service: &str) -> Result<Data, ToolError> {
    let l = ctx.list::<ServiceUserDto>(&ApiRequest::get(route), &format!("the {service} users"))?;
    note_disabled(ctx, l.items.is_empty(), service);
    let items: Vec<_> = l.items.iter().filter_map(users::service_user).collect();
    let page_of = if l.cut { paging::local_partial } else { paging::local };
    let (items, page) = page_of(items, paging::Window { offset: 0, limit: paging::MAX_LIMIT }, PageUnit::Users);
    Ok(Data::UserPage { items, page })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    #[test]
    fn radarr_4k_uses_the_4k_routes() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Radarr/Profiles/4k", 200, r#"[{"id":8,"name":"Ultra-HD"}]"#);
        let (out, _) = run_tool(&mut fake, "read_integration", json!({"service": "radarr_4k", "what": "quality_profiles"}));
        let Data::ReferencePage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!(items[0].value, Some(json!(8)));
    }

    #[test]
    fn a_disabled_service_is_a_clear_answer() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Sonarr/Profiles", 204, "");
        let (out, notes) = run_tool(&mut fake, "read_integration", json!({"service": "sonarr", "what": "quality_profiles"}));
        let Data::ReferencePage { items, .. } = out.unwrap().data else { panic!() };
        assert!(items.is_empty());
        assert!(notes.warnings[0].contains("disabled"));
    }

    #[test]
    fn combinations_are_checked() {
        let e = run_tool(&mut FakeOmbi::new(), "read_integration", json!({"service": "emby", "what": "tags"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("what"));
        assert!(e.message.contains("users"));
    }
}
