//! Paging: the window a tool was asked for, and the page block of a result.

use crate::model::{PageMode, PageUnit, Paging};

/// The largest `limit` any paged tool accepts.
pub const MAX_LIMIT: u64 = 100;
/// The `limit` used when a paged tool is called without one.
pub const DEFAULT_LIMIT: u64 = 20;
/// The largest `offset` any paged tool accepts (far beyond any Ombi collection, and small
/// enough to convert to an index on every target).
pub const MAX_OFFSET: u64 = 1_000_000;

/// The warning every upstream-paged result with a continuation carries.
pub const NO_SNAPSHOT_WARNING: &str =
    "Ombi pages have no snapshot guarantee: concurrent changes may shift offsets between calls.";

/// The `offset` and `limit` a paged tool was called with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// Index of the first record to return (0-based).
    pub offset: u64,
    /// How many records to return at most.
    pub limit: u64,
}

impl Default for Window {
    fn default() -> Self {
        Window { offset: 0, limit: DEFAULT_LIMIT }
    }
}

impl Window {
    /// The offset as an index (saturating; arguments are bounded by the schema anyway).
    pub fn start(&self) -> usize {
        usize::try_from(self.offset).unwrap_or(usize::MAX)
    }

    /// The limit as a count.
    pub fn count(&self) -> usize {
        usize::try_from(self.limit).unwrap_or(usize::MAX)
    }
}

/// Cuts `window` out of a complete collection, returning the items and a `local` page block
/// whose `total` is the collection's length.
pub fn local<T>(all: Vec<T>, window: Window, unit: PageUnit) -> (Vec<T>, Paging) {
    let total = all.len() as u64;
    let items: Vec<T> = all.into_iter().skip(window.start()).take(window.count()).collect();
    let returned = items.len() as u64;
    let end = window.offset + returned;
    let has_more = end < total;
    let page = Paging {
        offset: window.offset,
        limit: window.limit,
        returned,
        total: Some(total),
        has_more: Some(has_more),
        next_offset: has_more.then_some(end),
        mode: PageMode::Local,
        unit,
    };
    (items, page)
}

/// Like [`local`], over a collection that was *not* read completely (cut at the read
/// budget, or a bounded scan): the total is unknown, and so is whether more follows the end.
pub fn local_partial<T>(all: Vec<T>, window: Window, unit: PageUnit) -> (Vec<T>, Paging) {
    let (items, mut page) = local(all, window, unit);
    page.total = None;
    if page.has_more == Some(false) {
        page.has_more = None;
    }
    (items, page)
}

/// A page Ombi cut itself. `total` is Ombi's count when it gives a reliable one; `probe`
/// says whether one record more than `limit` was asked for and came back (so more follows).
pub fn upstream(returned: usize, window: Window, total: Option<u64>, more: Option<bool>, unit: PageUnit) -> Paging {
    let returned = returned as u64;
    let end = window.offset + returned;
    let has_more = match (more, total) {
        (Some(m), _) => Some(m),
        (None, Some(t)) => Some(end < t),
        (None, None) => None,
    };
    Paging {
        offset: window.offset,
        limit: window.limit,
        returned,
        total,
        has_more,
        next_offset: match has_more {
            Some(true) => Some(end),
            _ => None,
        },
        mode: PageMode::Upstream,
        unit,
    }
}

/// A page block for a complete, unpaged answer of `returned` items.
pub fn whole(returned: usize, unit: PageUnit) -> Paging {
    Paging {
        offset: 0,
        limit: MAX_LIMIT,
        returned: returned as u64,
        total: Some(returned as u64),
        has_more: Some(false),
        next_offset: None,
        mode: PageMode::None,
        unit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_in_the_middle_has_a_continuation() {
        let (items, page) = local((0..50).collect(), Window { offset: 10, limit: 20 }, PageUnit::Media);
        assert_eq!(items.first(), Some(&10));
        assert_eq!(page.returned, 20);
        assert_eq!(page.total, Some(50));
        assert_eq!(page.has_more, Some(true));
        assert_eq!(page.next_offset, Some(30));
    }

    #[test]
    fn last_window_has_no_continuation() {
        let (items, page) = local((0..25).collect::<Vec<_>>(), Window { offset: 20, limit: 20 }, PageUnit::Media);
        assert_eq!(items.len(), 5);
        assert_eq!(page.has_more, Some(false));
        assert_eq!(page.next_offset, None);
    }

    #[test]
    fn offset_past_the_end_is_an_empty_page() {
        let (items, page) = local(vec![1, 2], Window { offset: 9, limit: 5 }, PageUnit::Media);
        assert!(items.is_empty());
        assert_eq!(page.returned, 0);
        assert_eq!(page.total, Some(2));
        assert_eq!(page.has_more, Some(false));
    }

    #[test]
    fn a_partial_collection_has_no_total() {
        let (_, page) = local_partial(vec![1, 2, 3], Window { offset: 0, limit: 5 }, PageUnit::Media);
        assert_eq!((page.total, page.has_more, page.next_offset), (None, None, None));
        let (_, page) = local_partial((0..10).collect(), Window { offset: 0, limit: 5 }, PageUnit::Media);
        assert_eq!((page.has_more, page.next_offset), (Some(true), Some(5)));
    }

    #[test]
    fn upstream_pages() {
        let w = Window { offset: 20, limit: 10 };
        let p = upstream(10, w, Some(45), None, PageUnit::Requests);
        assert_eq!((p.has_more, p.next_offset, p.mode), (Some(true), Some(30), PageMode::Upstream));
        let p = upstream(10, w, None, Some(false), PageUnit::Issues);
        assert_eq!((p.total, p.has_more, p.next_offset), (None, Some(false), None));
        let p = upstream(10, w, None, None, PageUnit::Issues);
        assert_eq!((p.has_more, p.next_offset), (None, None));
    }
}
