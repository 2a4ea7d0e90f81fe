//! Media records (`media`, `credit`, `provider`, `season`, `episode`).

use serde::Serialize;

use super::{Identifier, Namespace, Reference, Target, push_id};

/// A person's part in a title (`credit`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Credit {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub department: Option<String>,
}

/// Where a title streams (`provider`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Provider {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// One episode of a season (`episode`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Episode {
    pub episode_number: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<bool>,
}

/// One season and its episodes (`season`); `truncated` when episodes were left out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Season {
    pub season_number: u64,
    pub episodes: Vec<Episode>,
    pub truncated: bool,
}

/// The kind of a media record (`media.media`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MediaKind {
    Movie,
    Tv,
    Artist,
    Album,
    Person,
    Collection,
    Unknown,
}

/// A normalized media record (`media`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Media {
    pub media: MediaKind,
    pub identifiers: Vec<Identifier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overview: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub request_targets: Vec<Target>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub genres: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub credits: Vec<Credit>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub providers: Vec<Provider>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ratings: Vec<Reference>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seasons: Vec<Season>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub artwork_uris: Vec<String>,
}

impl Media {
    /// An empty record of `kind`.
    pub fn new(kind: MediaKind) -> Self {
        Media {
            media: kind,
            identifiers: Vec::new(),
            title: None,
            overview: None,
            year: None,
            available: None,
            requested: None,
            request_targets: Vec::new(),
            genres: Vec::new(),
            credits: Vec::new(),
            providers: Vec::new(),
            ratings: Vec::new(),
            seasons: Vec::new(),
            artwork_uris: Vec::new(),
        }
    }

    /// Adds an identifier unless it is empty or the same namespace and value is already there.
    pub fn add_id(&mut self, namespace: Namespace, value: impl AsRef<str>) {
        push_id(&mut self.identifiers, namespace, value);
    }

    /// Adds a request target unless it is already there.
    pub fn add_target(&mut self, target: Target) {
        if !self.request_targets.contains(&target) {
            self.request_targets.push(target);
        }
    }
}
