//! Reference records: named id/value pairs for genres, languages, providers, keywords,
//! countries, categories, features and Ombi's enums. `value` is the native-typed id (the
//! name only when no id matched); corrupted labels (all `?`, U+FFFD, empty) give way to clean
//! ones; the order is deterministic (by name, then id).

use serde::Deserialize;
use serde_json::Value;

use crate::model::Reference;
use crate::projection::{enums, text};
use crate::upstream::dto::{IdName, int_id, lenient_text};

/// A language of v2 `Search/Languages` (TMDB's list, passed through unchanged).
#[derive(Debug, Clone, Deserialize)]
pub struct LanguageDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub iso_639_1: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub english_name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
}

/// A watch provider of v1 `TheMovieDb/WatchProviders/{media}`.
#[derive(Debug, Clone, Deserialize)]
pub struct WatchProviderDto {
    #[serde(default, deserialize_with = "int_id")]
    pub provider_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub provider_name: Option<String>,
}

/// Whether a label is upstream mojibake: empty, only `?`, or holding U+FFFD.
pub fn corrupted(label: &str) -> bool {
    let t = label.trim();
    t.is_empty() || t.chars().all(|c| c == '?') || t.contains('\u{FFFD}')
}

/// The first clean label of `candidates`; if every one is corrupted, the first non-empty
/// one and `true` (the caller warns).
pub fn pick_label(candidates: &[Option<&str>]) -> Option<(String, bool)> {
    let present: Vec<&str> = candidates.iter().flatten().map(|s| s.trim()).filter(|s| !s.is_empty()).collect();
    if let Some(clean) = present.iter().find(|s| !corrupted(s)) {
        return Some((clean.to_string(), false));
    }
    present.first().map(|s| (s.to_string(), true))
}

/// Sorts references by name (case-insensitive), then id, so every call gives the same order.
pub fn sort(items: &mut [Reference]) {
    items.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.id.cmp(&b.id)));
}

/// Keeps the references whose name or id holds `query` (case-insensitive).
pub fn filter(items: Vec<Reference>, query: Option<&str>) -> Vec<Reference> {
    let Some(q) = query.map(|q| q.trim().to_lowercase()).filter(|q| !q.is_empty()) else {
        return items;
    };
    items
        .into_iter()
        .filter(|r| r.name.to_lowercase().contains(&q) || r.id.as_deref().is_some_and(|i| i.to_lowercase() == q))
        .collect()
}

/// `{id, name}` pairs (genres, keywords, categories as `{id, value}` mapped by the caller).
pub fn id_names(list: &[IdName], category: &str, warnings: &mut Vec<String>) -> Vec<Reference> {
    let mut out: Vec<Reference> = Vec::new();
    for item in list {
        let Some((name, bad)) = pick_label(&[item.name.as_deref()]) else {
            if let Some(id) = item.id {
                out.push(Reference::keyed(format!("{category}_{id}"), id.into(), category));
                warnings.push(format!("A {category} with id {id} had no name; it is named {category}_{id}."));
            }
            continue;
        };
        if bad {
            warnings.push(format!(
                "Ombi's name for {category} {} looks corrupted ({name:?}); it is shown as given.",
                item.id.unwrap_or(0)
            ));
        }
        let value = item.id.map(Value::from).unwrap_or_else(|| Value::String(name.clone()));
        if !out.iter().any(|r| r.value.as_ref() == Some(&value)) {
            out.push(Reference::keyed(name, value, category));
        }
    }
    sort(&mut out);
    out
}

/// Languages: `value` and `id` are the ISO 639-1 code; the name is the English name unless
/// it is corrupted, then the native name; a language whose every label is corrupted keeps
/// its label with a warning.
pub fn languages(list: &[LanguageDto], warnings: &mut Vec<String>) -> Vec<Reference> {
    let mut out: Vec<Reference> = Vec::new();
    for l in list {
        let Some(code) = text::some_text(l.iso_639_1.as_deref()) else { continue };
        let (name, bad) = pick_label(&[l.english_name.as_deref(), l.name.as_deref()]).unwrap_or((code.clone(), false));
        if bad {
            warnings.push(format!(
                "Ombi's names for the language {code} look corrupted ({name:?}); they are shown as given."
            ));
        }
        if !out.iter().any(|r| r.id.as_deref() == Some(code.as_str())) {
            out.push(Reference::keyed(name, Value::String(code), "language"));
        }
    }
    sort(&mut out);
    out
}

/// Watch providers: `value` is TMDB's integer provider id.
pub fn watch_providers(list: &[WatchProviderDto], warnings: &mut Vec<String>) -> Vec<Reference> {
    let pairs: Vec<IdName> = list.iter().map(|p| IdName { id: p.provider_id, name: p.provider_name.clone() }).collect();
    id_names(&pairs, "watch_provider", warnings)
}

/// Plain string codes (streaming countries): id, name and value are the code.
pub fn codes(list: &[String], category: &str) -> Vec<Reference> {
    let mut out: Vec<Reference> = Vec::new();
    for c in list {
        let c = c.trim();
        if !c.is_empty() && !out.iter().any(|r| r.id.as_deref() == Some(c)) {
            out.push(Reference::keyed(c, Value::String(c.to_string()), category));
        }
    }
    sort(&mut out);
    out
}

/// One of Ombi's integer enums (§2): `value` is the code, `name` Ombi's member name. Kept in
/// code order.
pub fn enum_table(table: &[(i64, &str)], category: &str) -> Vec<Reference> {
    table.iter().map(|(code, name)| Reference::keyed(*name, Value::from(*code), category)).collect()
}

/// Ombi's roles (§2): name, id and value are the role.
pub fn roles() -> Vec<Reference> {
    enums::ROLES.iter().map(|r| Reference::keyed(*r, Value::String(r.to_string()), "role")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupted_labels_give_way_to_clean_ones() {
        let list: Vec<LanguageDto> = serde_json::from_str(
            r#"[{"iso_639_1":"ja","english_name":"Japanese","name":"???"},
                {"iso_639_1":"ka","english_name":"","name":"ქართული"},
                {"iso_639_1":"xx","english_name":"???","name":"\uFFFD\uFFFD"},
                {"iso_639_1":"de","english_name":"German","name":"Deutsch"}]"#,
        )
        .unwrap();
        let mut w = Vec::new();
        let refs = languages(&list, &mut w);
        let names: Vec<&str> = refs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, vec!["???", "German", "Japanese", "ქართული"]);
        assert_eq!(refs[1].value, Some(Value::String("de".into())));
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("xx"));
    }

    #[test]
    fn ids_are_native_and_order_is_stable() {
        let list: Vec<IdName> = serde_json::from_str(
            r#"[{"id":878,"name":"Science Fiction"},{"id":28,"name":"Action"},{"id":28,"name":"Action"}]"#,
        )
        .unwrap();
        let refs = id_names(&list, "genre", &mut Vec::new());
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[0].name, "Action");
        assert_eq!(refs[0].value, Some(Value::from(28)));
        assert_eq!(refs[0].id.as_deref(), Some("28"));
        let mut shuffled = list.clone();
        shuffled.reverse();
        assert_eq!(id_names(&shuffled, "genre", &mut Vec::new()), refs);
    }

    #[test]
    fn enums_come_from_the_catalogue() {
        let agents = enum_table(enums::NOTIFICATION_AGENTS, "notification_agent");
        assert_eq!(agents.len(), 12);
        assert_eq!(agents[11].name, "Ntfy");
        assert_eq!(agents[11].value, Some(Value::from(11)));
        assert_eq!(roles().len(), 14);
    }

    #[test]
    fn query_filters_names() {
        let refs = codes(&["US".into(), "GB".into(), "DE".into()], "country");
        assert_eq!(filter(refs, Some("g")).len(), 1);
    }
}
