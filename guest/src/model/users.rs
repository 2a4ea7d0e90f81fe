//! User records (`user`): id, names, language, country and online state only.

use serde::Serialize;

/// An Ombi user (`user`). Never e-mail, phone, tokens, roles or quotas.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct User {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alias: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub streaming_country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub online: Option<bool>,
}

impl User {
    /// A user known only by id.
    pub fn new(id: impl Into<String>) -> Self {
        User { id: id.into(), user_name: None, alias: None, language: None, streaming_country: None, online: None }
    }
}
