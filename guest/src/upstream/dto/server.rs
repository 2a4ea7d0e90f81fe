//! Server facts (API catalogue §3.12).

use serde::Deserialize;

use super::{lenient_bool, lenient_text};

/// `AboutViewModel` of GET `/api/v1/Settings/about`, without the paths and connection
/// strings it also carries.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct About {
    #[serde(default, deserialize_with = "lenient_text")]
    pub version: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub branch: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub framework_description: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub os_architecture: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub os_description: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub process_architecture: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub ombi_database_type: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub external_database_type: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub settings_database_type: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub not_supported: Option<bool>,
}

/// `UpdateModel` of GET `/api/v1/Update`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    #[serde(default, deserialize_with = "lenient_text")]
    pub update_version_string: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub update_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub update_available: Option<bool>,
}

/// One entry of GET `/api/v2/Features`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub enabled: Option<bool>,
}

/// GET `/api/v1/Status/Wizard`.
#[derive(Debug, Clone, Deserialize)]
pub struct Wizard {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub result: Option<bool>,
}
