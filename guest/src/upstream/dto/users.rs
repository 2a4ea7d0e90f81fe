//! Users (API catalogue §3.10): only id, names, language, country. E-mail, claims, quotas,
//! quality profiles and tokens are not read.

use serde::Deserialize;

use super::{int_id, lenient_bool, lenient_text};

/// `UserViewModel` of v1 `Identity/Users`, `Identity/User/{id}`, `Identity`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    #[serde(default, deserialize_with = "lenient_text")]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub alias: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub language: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub streaming_country: Option<String>,
}

/// A connected user of v2 `Hub/Users`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OnlineDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub display_name: Option<String>,
}

/// `UserNotificationPreferences`; its `value` (a delivery token) is never read.
#[derive(Debug, Clone, Deserialize)]
pub struct PreferenceDto {
    #[serde(default, deserialize_with = "int_id")]
    pub agent: Option<i64>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub enabled: Option<bool>,
}

/// `{username, id}` of Plex friends and Emby/Jellyfin users.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUserDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub username: Option<String>,
    #[serde(default, deserialize_with = "super::text_id")]
    pub id: Option<String>,
}
