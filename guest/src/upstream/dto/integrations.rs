//! Sonarr, Radarr, Lidarr and Plex lookups (API catalogue §3.15).

use serde::Deserialize;

use super::{int_id, lenient_bool, lenient_text};

/// A quality/language profile or tag: `{id, name}` or `{id, label}`.
#[derive(Debug, Clone, Deserialize)]
pub struct ProfileDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub label: Option<String>,
}

/// A root folder `{id, path, freespace}`.
#[derive(Debug, Clone, Deserialize)]
pub struct RootFolderDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub path: Option<String>,
}

/// A Plex server of `Plex/servers`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlexServerDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub server_name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub machine_id: Option<String>,
}

/// `{success, servers[]}` of `Plex/servers`.
#[derive(Debug, Clone, Deserialize)]
pub struct PlexServersDto {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub success: Option<bool>,
    #[serde(default)]
    pub servers: Option<Vec<PlexServerDto>>,
}

/// A library section of `Plex/Libraries/{machineId}`.
#[derive(Debug, Clone, Deserialize)]
pub struct PlexLibraryDto {
    #[serde(default, deserialize_with = "super::text_id")]
    pub key: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, rename = "type", deserialize_with = "lenient_text")]
    pub kind: Option<String>,
}

/// `{successful, message, data[]}` of `Plex/Libraries/{machineId}`.
#[derive(Debug, Clone, Deserialize)]
pub struct PlexLibrariesDto {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub successful: Option<bool>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub message: Option<String>,
    #[serde(default)]
    pub data: Option<Vec<PlexLibraryDto>>,
}
