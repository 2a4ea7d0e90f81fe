//! The result types of `04-results.md` (`schemas/defs.json`) as Rust values, one module per
//! Ombi area, and [`Data`]: the 15 result families. Each type serializes to its definition;
//! optional fields stay absent rather than becoming `false`, `0` or `""`.

use serde::Serialize;

pub mod issues;
pub mod library;
pub mod logs;
pub mod media;
pub mod mutation;
pub mod requests;
pub mod settings;
pub mod users;
pub mod votes;

pub use issues::{Comment, Group, Issue};
pub use library::{Artwork, Calendar};
pub use logs::{LogFile, Logs};
pub use media::{Credit, Episode, Media, MediaKind, Provider, Season};
pub use mutation::{ItemResult, Mutation, Outcome};
pub use requests::{Request, Retry};
pub use settings::{Change, SettingsPage};
pub use users::User;
pub use votes::Vote;

/// What a request or identifier points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    Movie,
    TvParent,
    TvChild,
    Album,
}

/// An Ombi request a write can act on (`target`); `id` is always ≥ 1.
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

/// Adds `namespace`:`value` to `ids` unless the value is empty, `0`, or already there.
pub fn push_id(ids: &mut Vec<Identifier>, namespace: Namespace, value: impl AsRef<str>) {
    let value = value.as_ref().trim();
    if value.is_empty() || value == "0" || ids.len() >= crate::budget::MAX_NESTED {
        return;
    }
    if !ids.iter().any(|i| i.namespace == namespace && i.value == value) {
        ids.push(Identifier { namespace, value: value.to_string() });
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

impl Reference {
    /// A reference whose `id` is the text of its native `value`.
    pub fn keyed(name: impl Into<String>, value: serde_json::Value, category: &str) -> Self {
        let id = match &value {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Null => None,
            other => Some(other.to_string()),
        };
        Reference { id, name: name.into(), value: Some(value), category: Some(category.to_string()) }
    }
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
    /// A metric of `scope`.
    pub fn new(name: impl Into<String>, value: impl Into<serde_json::Value>, scope: Scope) -> Self {
        Metric { name: name.into(), value: value.into(), scope, unit: None }
    }

    /// An instance-scoped metric.
    pub fn instance(name: &str, value: impl Into<serde_json::Value>) -> Self {
        Metric::new(name, value, Scope::Instance)
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

impl Paging {
    /// After only the first `kept` records of this page were returned: there is more, and
    /// (where the tool pages by offset) it starts right after them.
    pub fn cut_to(&mut self, kept: usize) {
        self.returned = kept as u64;
        self.has_more = Some(true);
        self.next_offset = match self.mode {
            PageMode::None => None,
            _ => Some(self.offset + kept as u64),
        };
    }
}

/// The `data` of a result: one of the 15 result families, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Data {
    MediaPage { items: Vec<Media>, page: Paging },
    RequestPage { items: Vec<Request>, page: Paging },
    IssuePage { items: Vec<Issue>, page: Paging },
    CommentPage { items: Vec<Comment>, page: Paging },
    GroupPage { items: Vec<Group>, page: Paging },
    VotePage { items: Vec<Vote>, page: Paging },
    UserPage { items: Vec<User>, page: Paging },
    CalendarPage { items: Vec<Calendar>, page: Paging },
    ArtworkPage { items: Vec<Artwork>, page: Paging },
    RetryPage { items: Vec<Retry>, page: Paging },
    ReferencePage { items: Vec<Reference>, page: Paging },
    Metrics { values: Vec<Metric> },
    Settings(SettingsPage),
    Mutation(Mutation),
    Logs(Logs),
}

impl Data {
    /// How many records the family's main list holds.
    pub fn records(&self) -> usize {
        match self {
            Data::MediaPage { items, .. } => items.len(),
            Data::RequestPage { items, .. } => items.len(),
            Data::IssuePage { items, .. } => items.len(),
            Data::CommentPage { items, .. } => items.len(),
            Data::GroupPage { items, .. } => items.len(),
            Data::VotePage { items, .. } => items.len(),
            Data::UserPage { items, .. } => items.len(),
            Data::CalendarPage { items, .. } => items.len(),
            Data::ArtworkPage { items, .. } => items.len(),
            Data::RetryPage { items, .. } => items.len(),
            Data::ReferencePage { items, .. } => items.len(),
            Data::Metrics { values } => values.len(),
            Data::Settings(s) => s.values.len(),
            Data::Mutation(m) => m.item_results.len(),
            Data::Logs(l) => l.lines.len().max(l.files.len()),
        }
    }

    /// The most records the family's main list may hold (100; 500 log lines).
    pub fn max_records(&self) -> usize {
        match self {
            Data::Logs(l) if !l.lines.is_empty() => crate::budget::MAX_LOG_LINES,
            _ => crate::budget::MAX_RECORDS,
        }
    }

    /// Keeps the first `n` records of the main list and makes the continuation honest:
    /// pages point after the kept records, a log window continues at the first line left out.
    pub fn keep(&mut self, n: usize) {
        fn page<T>(items: &mut Vec<T>, page: &mut Paging, n: usize) {
            if n < items.len() {
                items.truncate(n);
                page.cut_to(n);
            }
        }
        match self {
            Data::MediaPage { items, page: p } => page(items, p, n),
            Data::RequestPage { items, page: p } => page(items, p, n),
            Data::IssuePage { items, page: p } => page(items, p, n),
            Data::CommentPage { items, page: p } => page(items, p, n),
            Data::GroupPage { items, page: p } => page(items, p, n),
            Data::VotePage { items, page: p } => page(items, p, n),
            Data::UserPage { items, page: p } => page(items, p, n),
            Data::CalendarPage { items, page: p } => page(items, p, n),
            Data::ArtworkPage { items, page: p } => page(items, p, n),
            Data::RetryPage { items, page: p } => page(items, p, n),
            Data::ReferencePage { items, page: p } => page(items, p, n),
            Data::Metrics { values } => values.truncate(n),
            Data::Settings(s) => s.values.truncate(n),
            Data::Mutation(m) => m.item_results.truncate(n),
            Data::Logs(l) => l.keep(n),
        }
    }

    /// Records that the data was cut, where the family itself says so (logs).
    pub fn mark_truncated(&mut self) {
        if let Data::Logs(l) = self {
            l.truncated = true;
        }
    }
}
