//! Argument pieces shared by several tools, each defined once: enums whose spellings are
//! binding (tool catalogue), the paging pair, the request target, the 4K flag and `as_user`,
//! and [`tool_args!`], which declares a tool's argument type with the pieces it takes.
//! (`serde(flatten)` cannot be combined with `deny_unknown_fields`, hence the macro.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The largest id any argument accepts: Ombi's ids are 32-bit signed integers.
pub const MAX_ID: u64 = i32::MAX as u64;
/// The longest user name, query or title argument.
pub const MAX_NAME_CHARS: u64 = 100;

/// The `limit` a paged tool uses when none is given (`serde` default).
pub fn default_limit() -> u64 {
    crate::paging::DEFAULT_LIMIT
}

/// Declares a tool's argument struct (`Debug`, `Deserialize`, `JsonSchema`, unknown fields
/// refused) with shared pieces appended after `+`:
/// - `paging`: `offset` and `limit` (undocumented in the schema: their bounds and defaults
///   say it all), and a `window()` method;
/// - `request_target`: `media` and `request_id` (a TV request is the **child** request);
/// - `is_4k`: act on the 4K request of a movie;
/// - `as_user`: the Ombi user to act as.
///
/// The struct's own fields come first and end with a comma.
macro_rules! tool_args {
    ($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* } $(+ $piece:ident)*) => {
        $crate::tools::args::tool_args!(@munch [$(#[$meta])*] $name [$($body)*] [] $($piece)*);
    };
    (@munch [$($meta:tt)*] $name:ident [$($body:tt)*] [$($impls:tt)*] paging $($rest:ident)*) => {
        $crate::tools::args::tool_args!(@munch [$($meta)*] $name [$($body)*
            #[serde(default)]
            #[schemars(range(min = 0, max = $crate::paging::MAX_OFFSET))]
            pub offset: u64,
            #[serde(default = "crate::tools::args::default_limit")]
            #[schemars(range(min = 1, max = $crate::paging::MAX_LIMIT))]
            pub limit: u64,
        ] [$($impls)*
            impl $name {
                /// The window the caller asked for.
                pub fn window(&self) -> $crate::paging::Window {
                    $crate::paging::Window { offset: self.offset, limit: self.limit }
                }
            }
        ] $($rest)*);
    };
    (@munch [$($meta:tt)*] $name:ident [$($body:tt)*] [$($impls:tt)*] request_target $($rest:ident)*) => {
        $crate::tools::args::tool_args!(@munch [$($meta)*] $name [$($body)*
            /// The request's media kind.
            pub media: $crate::tools::args::RequestMedia,
            /// From read_requests (tv: the `tv_child` id, not the parent).
            #[schemars(range(min = 1, max = $crate::tools::args::MAX_ID))]
            pub request_id: u64,
        ] [$($impls)*] $($rest)*);
    };
    (@munch [$($meta:tt)*] $name:ident [$($body:tt)*] [$($impls:tt)*] is_4k $($rest:ident)*) => {
        $crate::tools::args::tool_args!(@munch [$($meta)*] $name [$($body)*
            /// Movies: act on the 4K request.
            #[serde(default)]
            pub is_4k: bool,
        ] [$($impls)*] $($rest)*);
    };
    (@munch [$($meta:tt)*] $name:ident [$($body:tt)*] [$($impls:tt)*] as_user $($rest:ident)*) => {
        $crate::tools::args::tool_args!(@munch [$($meta)*] $name [$($body)*
            /// User name to act as (from read_users; default OMBI_USER).
            #[schemars(length(min = 1, max = $crate::tools::args::MAX_NAME_CHARS))]
            pub as_user: Option<String>,
        ] [$($impls)*] $($rest)*);
    };
    (@munch [$($meta:tt)*] $name:ident [$($body:tt)*] [$($impls:tt)*]) => {
        $($meta)*
        #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name { $($body)* }
        $($impls)*
    };
}
pub(crate) use tool_args;

/// Media kinds of requests, issues and votes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequestMedia {
    Movie,
    Tv,
    Album,
}

impl RequestMedia {
    /// The word used in messages.
    pub fn noun(self) -> &'static str {
        match self {
            RequestMedia::Movie => "movie",
            RequestMedia::Tv => "TV",
            RequestMedia::Album => "album",
        }
    }

    /// Ombi's `RequestType` code.
    pub fn request_type(self) -> i64 {
        match self {
            RequestMedia::Tv => 0,
            RequestMedia::Movie => 1,
            RequestMedia::Album => 2,
        }
    }
}

/// Media kinds search can look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SearchMedia {
    Movie,
    Tv,
    Person,
    Artist,
    Album,
}

/// Media kinds with a details view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DetailMedia {
    Movie,
    Tv,
    Person,
    Collection,
    Artist,
    Album,
}

/// Movie or TV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MovieOrTv {
    Movie,
    Tv,
}

impl MovieOrTv {
    /// The route segment (`movie` / `tv`).
    pub fn segment(self) -> &'static str {
        match self {
            MovieOrTv::Movie => "movie",
            MovieOrTv::Tv => "tv",
        }
    }
}

/// Sort direction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Asc,
    #[default]
    Desc,
}

/// Issue states a caller can filter on or set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueStatus {
    #[default]
    Pending,
    InProgress,
    Resolved,
}

impl IssueStatus {
    /// Ombi's `IssueStatus` code.
    pub fn code(self) -> i64 {
        match self {
            IssueStatus::Pending => 0,
            IssueStatus::InProgress => 1,
            IssueStatus::Resolved => 2,
        }
    }

    /// Ombi's `IssueStatus` member name (the v1/v2 issue routes take it in the path).
    pub fn ombi_name(self) -> &'static str {
        match self {
            IssueStatus::Pending => "Pending",
            IssueStatus::InProgress => "InProgress",
            IssueStatus::Resolved => "Resolved",
        }
    }
}

/// The settings sections of API catalogue §3.11 (`ombi/resetApi` is never offered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SettingsSection {
    #[serde(rename = "ombi")]
    Ombi,
    #[serde(rename = "plex")]
    Plex,
    #[serde(rename = "emby")]
    Emby,
    #[serde(rename = "jellyfin")]
    Jellyfin,
    #[serde(rename = "sonarr")]
    Sonarr,
    #[serde(rename = "radarr")]
    Radarr,
    #[serde(rename = "lidarr")]
    Lidarr,
    CouchPotato,
    DogNzb,
    SickRage,
    #[serde(rename = "themoviedb")]
    TheMovieDb,
    #[serde(rename = "customization")]
    Customization,
    #[serde(rename = "landingpage")]
    LandingPage,
    #[serde(rename = "authentication")]
    Authentication,
    Issues,
    #[serde(rename = "vote")]
    Vote,
    UserManagement,
    Update,
    #[serde(rename = "jobs")]
    Jobs,
    #[serde(rename = "notifications/email")]
    NotificationsEmail,
    #[serde(rename = "notifications/discord")]
    NotificationsDiscord,
    #[serde(rename = "notifications/telegram")]
    NotificationsTelegram,
    #[serde(rename = "notifications/pushbullet")]
    NotificationsPushbullet,
    #[serde(rename = "notifications/pushover")]
    NotificationsPushover,
    #[serde(rename = "notifications/slack")]
    NotificationsSlack,
    #[serde(rename = "notifications/mattermost")]
    NotificationsMattermost,
    #[serde(rename = "notifications/gotify")]
    NotificationsGotify,
    #[serde(rename = "notifications/ntfy")]
    NotificationsNtfy,
    #[serde(rename = "notifications/webhook")]
    NotificationsWebhook,
    #[serde(rename = "notifications/twilio")]
    NotificationsTwilio,
    #[serde(rename = "notifications/mobile")]
    NotificationsMobile,
    #[serde(rename = "notifications/newsletter")]
    NotificationsNewsletter,
}

impl SettingsSection {
    /// The route below `/api/v1/Settings/` (also the section's name in results).
    pub fn route(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

/// The schema of a scalar setting value: a string, number or boolean, one `type` per
/// branch (narrow schema dialects reject `type` lists). The tool converts it to the
/// setting's own type. `null` is not offered: an argument given as `null` is an absent one
/// (`dispatch::without_nulls`), so it could never reach the tool.
pub fn scalar_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "anyOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_know_their_routes() {
        assert_eq!(SettingsSection::NotificationsEmail.route(), "notifications/email");
        assert_eq!(SettingsSection::CouchPotato.route(), "CouchPotato");
    }
}
