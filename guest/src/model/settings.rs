//! A settings section (`settings`): allowlisted scalar leaves under JSON Pointer names.

use serde::Serialize;

/// One named scalar (`change`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub name: String,
    pub value: serde_json::Value,
}

/// The `settings` family.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingsPage {
    pub section: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<String>,
    pub values: Vec<Change>,
    pub omitted_fields: Vec<String>,
}
