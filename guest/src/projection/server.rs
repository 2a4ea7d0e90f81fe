//! Server facts as named metrics and references. Only allowlisted fields: `about` never
//! yields paths or connection strings.

use serde_json::{Map, Value};

use crate::model::{Metric, Reference};
use crate::upstream::dto::server::{About, Feature, Update};

/// `about` as instance metrics; the base path, storage path and connection strings Ombi
/// also returns are not read at all.
pub fn about(a: &About) -> Vec<Metric> {
    let mut out = Vec::new();
    let texts = [
        ("version", &a.version),
        ("branch", &a.branch),
        ("framework", &a.framework_description),
        ("os_architecture", &a.os_architecture),
        ("os_description", &a.os_description),
        ("process_architecture", &a.process_architecture),
        ("ombi_database_type", &a.ombi_database_type),
        ("external_database_type", &a.external_database_type),
        ("settings_database_type", &a.settings_database_type),
    ];
    for (name, value) in texts {
        if let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            out.push(Metric::instance(name, v));
        }
    }
    if let Some(b) = a.not_supported {
        out.push(Metric::instance("not_supported", b));
    }
    out
}

/// The update check as instance metrics.
pub fn update(u: &Update) -> Vec<Metric> {
    let mut out = Vec::new();
    if let Some(b) = u.update_available {
        out.push(Metric::instance("update_available", b));
    }
    if let Some(v) = u.update_version_string.as_deref().filter(|v| !v.trim().is_empty()) {
        out.push(Metric::instance("update_version", v.trim()));
    }
    if let Some(d) = super::text::date(u.update_date.as_deref()) {
        out.push(Metric::instance("update_date", d));
    }
    out
}

/// Feature flags as references: the feature's name is its id and value; `category` says
/// whether it is `enabled` or `disabled` (absent when Ombi does not say).
pub fn features(list: &[Feature]) -> Vec<Reference> {
    let mut out: Vec<Reference> = list
        .iter()
        .filter_map(|f| {
            let name = f.name.as_deref()?.trim();
            (!name.is_empty()).then(|| Reference {
                id: Some(name.to_string()),
                name: name.to_string(),
                value: Some(Value::String(name.to_string())),
                category: f.enabled.map(|e| if e { "enabled".to_string() } else { "disabled".to_string() }),
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out.dedup_by(|a, b| a.name == b.name);
    out
}

/// Job schedules (`Settings/jobs`) as instance metrics: the job's name, its cron expression
/// as the value, unit `cron`. Only string values are schedules; `id` and anything else is
/// skipped.
pub fn jobs(settings: &Map<String, Value>) -> Vec<Metric> {
    let mut out: Vec<Metric> = settings
        .iter()
        .filter_map(|(k, v)| {
            let cron = v.as_str()?.trim();
            (!cron.is_empty()).then(|| Metric { unit: Some("cron".into()), ..Metric::instance(k, cron) })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The `/health` text (`Healthy`, `Degraded`, `Unhealthy`) as a metric.
pub fn health(status: u16, body: &[u8]) -> Vec<Metric> {
    let text = String::from_utf8_lossy(body);
    let word = text.trim();
    let value = match word {
        "Healthy" | "Degraded" | "Unhealthy" => word.to_string(),
        _ if status == 503 => "Unhealthy".to_string(),
        _ => "unknown".to_string(),
    };
    vec![Metric::instance("health", value), Metric::instance("health_http_status", status)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_never_carries_connection_strings() {
        let a: About = serde_json::from_str(
            r#"{"version":"4.59.3","branch":"Stable","applicationBasePath":"/app","ombiConnectionString":"Data Source=/config/Ombi.db","storagePath":"/config","osDescription":"Linux"}"#,
        )
        .unwrap();
        let m = about(&a);
        let text = serde_json::to_string(&m).unwrap();
        assert!(text.contains("4.59.3"));
        assert!(!text.contains("Data Source"));
        assert!(!text.contains("/config"));
        assert!(!text.contains("/app"));
    }

    #[test]
    fn jobs_are_cron_references() {
        let v: Map<String, Value> =
            serde_json::from_str(r#"{"id":3,"sonarrSync":"0 10 * ? * *","radarrSync":"0 15 * ? * *"}"#).unwrap();
        let r = jobs(&v);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].name, "radarrSync");
        assert_eq!(r[0].value, "0 15 * ? * *");
        assert_eq!(r[0].unit.as_deref(), Some("cron"));
    }

    #[test]
    fn features_name_is_the_value() {
        let list: Vec<Feature> = serde_json::from_str(
            r#"[{"name":"PlayedSync","enabled":false},{"name":"Movie4KRequests","enabled":true}]"#,
        )
        .unwrap();
        let r = features(&list);
        assert_eq!(r[0].name, "Movie4KRequests");
        assert_eq!(r[0].value, Some(Value::String("Movie4KRequests".into())));
        assert_eq!(r[0].category.as_deref(), Some("enabled"));
        assert_eq!(r[1].category.as_deref(), Some("disabled"));
    }

    #[test]
    fn unhealthy_503_is_a_value() {
        let m = health(503, b"Unhealthy");
        assert_eq!(m[0].value, "Unhealthy");
        assert_eq!(health(200, b"Healthy")[0].value, "Healthy");
        assert_eq!(health(200, b"<html>")[0].value, "unknown");
    }

    #[test]
    fn unset_update_date_is_absent() {
        let u: Update = serde_json::from_str(
            r#"{"updateAvailable":false,"updateVersionString":"","updateDate":"0001-01-01T00:00:00"}"#,
        )
        .unwrap();
        let m = update(&u);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].name, "update_available");
    }
}
