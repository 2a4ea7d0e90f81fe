//! The simulator's clock: a fixed, deterministic "now" that moves one second per write, and
//! the few civil-date helpers Ombi's date rules need (windows of days, ISO-8601 text).

/// Seconds since the Unix epoch of the seeded "now": 2026-11-30T12:00:00Z.
pub const SEED_NOW: i64 = 1_796_040_000;

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day number.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// `2026-11-30T12:00:00Z` for `secs` since the epoch.
pub fn iso(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
}

/// Seconds since the epoch of an ISO date or date-time (`2026-11-30`, `2026-11-30T12:00:00`,
/// with or without `Z`); `None` when it does not parse.
pub fn parse(text: &str) -> Option<i64> {
    let t = text.trim();
    let y: i64 = t.get(0..4)?.parse().ok()?;
    let m: i64 = t.get(5..7)?.parse().ok()?;
    let d: i64 = t.get(8..10)?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || t.get(4..5)? != "-" {
        return None;
    }
    let mut secs = days_from_civil(y, m, d) * 86_400;
    if let Some(time) = t.get(11..19) {
        let h: i64 = time.get(0..2)?.parse().ok()?;
        let mi: i64 = time.get(3..5)?.parse().ok()?;
        let s: i64 = time.get(6..8)?.parse().ok()?;
        secs += h * 3600 + mi * 60 + s;
    }
    Some(secs)
}

/// Ombi's "unset" date.
pub const MIN_DATE: &str = "0001-01-01T00:00:00Z";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        assert_eq!(iso(SEED_NOW), "2026-11-30T12:00:00Z");
        assert_eq!(parse("2026-11-30T12:00:00Z"), Some(SEED_NOW));
        assert_eq!(parse("1970-01-01"), Some(0));
        assert_eq!(iso(parse("2024-02-29T23:59:59").unwrap()), "2024-02-29T23:59:59Z");
        assert_eq!(parse("nonsense"), None);
        assert_eq!(parse("2026-13-01"), None);
    }
}
