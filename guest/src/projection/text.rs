//! Small text rules shared by projections: dates, years, artwork URLs, long text.

/// Overviews are shortened to this many characters by design (not a budget cut).
pub const OVERVIEW_CHARS: usize = 600;

/// Ombi's "unset" date (`DateTime.MinValue`).
const UNSET_DATE_PREFIX: &str = "0001-01-01";

/// A date string, or `None` when empty or Ombi's unset date.
pub fn date(value: Option<&str>) -> Option<String> {
    let v = value?.trim();
    if v.is_empty() || v.starts_with(UNSET_DATE_PREFIX) { None } else { Some(v.to_string()) }
}

/// The year of an ISO date (`2021-12-22T00:00:00Z` → 2021), ignoring unset dates.
pub fn year(value: Option<&str>) -> Option<i64> {
    let d = date(value)?;
    let y: i64 = d.get(..4)?.parse().ok()?;
    (y > 1800).then_some(y)
}

/// Non-empty trimmed text, shortened to `max` characters with an ellipsis.
pub fn short(value: Option<&str>, max: usize) -> Option<String> {
    let v = value?.trim();
    if v.is_empty() {
        return None;
    }
    // No more characters than bytes: a short text is not counted.
    if v.len() <= max || v.chars().count() <= max {
        Some(v.to_string())
    } else {
        let cut: String = v.chars().take(max).collect();
        Some(format!("{}…", cut.trim_end()))
    }
}

/// Non-empty trimmed text.
pub fn some_text(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
}

/// A safe artwork URL: TMDB relative paths get TMDB's image prefix; absolute `https` URLs
/// without credentials or query strings pass; anything else is dropped.
pub fn artwork(value: Option<&str>) -> Option<String> {
    let v = value?.trim();
    if v.is_empty() {
        return None;
    }
    if v.starts_with('/') && !v.starts_with("//") {
        return Some(format!("https://image.tmdb.org/t/p/w500{v}"));
    }
    let rest = v.strip_prefix("https://")?;
    let authority = rest.split('/').next().unwrap_or("");
    if authority.is_empty() || authority.contains('@') || v.contains(['?', '#', ' ', '"', '<', '>']) {
        return None;
    }
    Some(v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_dates_are_absent() {
        assert_eq!(date(Some("0001-01-01T00:00:00Z")), None);
        assert_eq!(year(Some("0001-01-01T00:00:00")), None);
        assert_eq!(year(Some("1999-03-30T00:00:00Z")), Some(1999));
        assert_eq!(year(Some("")), None);
        assert_eq!(year(None), None);
    }

    #[test]
    fn artwork_rules() {
        assert_eq!(artwork(Some("/abc.jpg")).as_deref(), Some("https://image.tmdb.org/t/p/w500/abc.jpg"));
        assert_eq!(artwork(Some("https://assets.fanart.tv/a.jpg")).as_deref(), Some("https://assets.fanart.tv/a.jpg"));
        assert_eq!(artwork(Some("http://plain.example/a.jpg")), None);
        assert_eq!(artwork(Some("https://user:pw@host/a.jpg")), None);
        assert_eq!(artwork(Some("https://host/a.jpg?X-Plex-Token=abc")), None);
        assert_eq!(artwork(Some("javascript:alert(1)")), None);
    }

    #[test]
    fn short_text() {
        assert_eq!(short(Some("  "), 5), None);
        assert_eq!(short(Some("abcdefgh"), 3).as_deref(), Some("abc…"));
        assert_eq!(short(Some("abc"), 3).as_deref(), Some("abc"));
    }
}
