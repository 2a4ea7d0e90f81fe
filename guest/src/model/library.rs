//! Calendar entries (`calendar`) and artwork (`artwork`).

use serde::Serialize;

use super::Identifier;

/// The kind of a calendar entry (`calendar.media`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CalendarMedia {
    Movie,
    Tv,
    Unknown,
}

/// One calendar entry (`calendar`): dates exactly as Ombi gave them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Calendar {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<CalendarMedia>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub identifiers: Vec<Identifier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub season_number: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub episode_number: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<bool>,
}

/// A validated artwork URI (`artwork`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Artwork {
    pub uri: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}
