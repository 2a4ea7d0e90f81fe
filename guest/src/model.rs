//! The result types of `04-results.md` (`schemas/defs.json`) as Rust values. Each type
//! serializes to its definition; optional fields stay absent rather than becoming
//! `false`, `0` or `""`.

use serde::Serialize;

/// What a request or identifier points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    Movie,
    TvParent,
    TvChild,
    Album,
}

/// An Ombi request a write can act on (`target`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Target {
    pub kind: TargetKind,
    pub id: u64,
}

/// Identifier namespaces (`identifier.namespace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Namespace {
    Tmdb,
    Tvdb,
    Imdb,
    Musicbrainz,
    Tvmaze,
    OmbiMovie,
    OmbiTvParent,
    OmbiTvChild,
    OmbiAlbum,
    ProviderUnknown,
}

/// One id in one namespace (`identifier`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Identifier {
    pub namespace: Namespace,
    pub value: String,
}

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
            artwork_uris: Vec::new(),
        }
    }

    /// Adds an identifier unless it is empty or the same namespace and value is already there.
    pub fn add_id(&mut self, namespace: Namespace, value: impl Into<String>) {
        let value = value.into();
        let value = value.trim();
        if value.is_empty() || value == "0" {
            return;
        }
        if !self.identifiers.iter().any(|i| i.namespace == namespace && i.value == value) {
            self.identifiers.push(Identifier { namespace, value: value.to_string() });
        }
    }
}

/// A named reference record (`reference`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reference {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
}

/// Who a metric describes (`metric.scope`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    Instance,
    Principal,
    SelectedUser,
    Unknown,
}

/// A named scalar (`metric`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metric {
    pub name: String,
    pub value: serde_json::Value,
    pub scope: Scope,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

impl Metric {
    /// An instance-scoped metric.
    pub fn instance(name: &str, value: impl Into<serde_json::Value>) -> Self {
        Metric { name: name.to_string(), value: value.into(), scope: Scope::Instance, unit: None }
    }
}

/// How a page was cut (`paging.mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PageMode {
    /// Ombi paged the data itself.
    Upstream,
    /// The whole collection was read and the window cut here.
    Local,
    /// Everything was returned; there is no paging.
    None,
}

/// What a page counts (`paging.unit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PageUnit {
    Media,
    Requests,
    Issues,
    ProviderGroups,
    Comments,
    Users,
    References,
    Votes,
    CalendarEntries,
    Artwork,
    QueueEntries,
}

/// The page block (`paging`); `total`, `has_more` and `next_offset` are `null` when unknown.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Paging {
    pub offset: u64,
    pub limit: u64,
    pub returned: u64,
    pub total: Option<u64>,
    pub has_more: Option<bool>,
    pub next_offset: Option<u64>,
    pub mode: PageMode,
    pub unit: PageUnit,
}

/// The `data` of a result: one of the result families, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Data {
    MediaPage { items: Vec<Media>, page: Paging },
    ReferencePage { items: Vec<Reference>, page: Paging },
    Metrics { values: Vec<Metric> },
}
