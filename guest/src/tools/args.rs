//! Argument types shared by several tools. Enum spellings are binding (tool catalogue).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Media kinds of requests, issues and votes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequestMedia {
    Movie,
    Tv,
    Album,
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

/// Sort direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Asc,
    Desc,
}

/// Issue states a caller can filter on or set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueStatus {
    Pending,
    InProgress,
    Resolved,
}

/// Default page offset.
pub fn zero() -> u64 {
    0
}

/// Default page size.
pub fn twenty() -> u64 {
    crate::paging::DEFAULT_LIMIT
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

/// The schema of a scalar setting value: string, number, boolean or null.
pub fn scalar_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": ["string", "number", "boolean", "null"] })
}
