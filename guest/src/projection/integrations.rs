//! Sonarr/Radarr/Lidarr options and Plex servers and libraries as references with native
//! integer (or string) ids.

use serde_json::Value;

use crate::model::Reference;
use crate::projection::text;
use crate::upstream::dto::integrations::{PlexLibraryDto, PlexServerDto, ProfileDto, RootFolderDto};

/// Quality/language profiles and tags (`name` or `label`), with integer ids.
pub fn profiles(list: &[ProfileDto], category: &str) -> Vec<Reference> {
    let mut out: Vec<Reference> = list
        .iter()
        .filter_map(|p| {
            let id = p.id?;
            let name =
                text::some_text(p.name.as_deref().or(p.label.as_deref())).unwrap_or_else(|| format!("{category}_{id}"));
            Some(Reference::keyed(name, Value::from(id), category))
        })
        .collect();
    out.sort_by_key(|r| r.value.as_ref().and_then(Value::as_i64));
    out.dedup_by(|a, b| a.value == b.value);
    out
}

/// Root folders: the path is the name, the integer id the value.
pub fn root_folders(list: &[RootFolderDto]) -> Vec<Reference> {
    let items: Vec<ProfileDto> =
        list.iter().map(|r| ProfileDto { id: r.id, name: r.path.clone(), label: None }).collect();
    profiles(&items, "root_folder")
}

/// Plex servers: the machine id is the id and value.
pub fn plex_servers(list: &[PlexServerDto]) -> Vec<Reference> {
    list.iter()
        .filter_map(|s| {
            let id = text::some_text(s.machine_id.as_deref())?;
            let name = text::some_text(s.server_name.as_deref()).unwrap_or_else(|| id.clone());
            Some(Reference::keyed(name, Value::String(id), "plex_server"))
        })
        .collect()
}

/// Plex library sections: the section key is the id and value.
pub fn plex_libraries(list: &[PlexLibraryDto]) -> Vec<Reference> {
    list.iter()
        .filter_map(|l| {
            let key = text::some_text(l.key.as_deref())?;
            let name = text::some_text(l.title.as_deref()).unwrap_or_else(|| key.clone());
            let value = key.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(key.clone()));
            let mut r = Reference::keyed(name, value, "plex_library");
            if let Some(kind) = text::some_text(l.kind.as_deref()) {
                r.category = Some(kind);
            }
            Some(r)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_native_integers() {
        let list: Vec<ProfileDto> =
            serde_json::from_str(r#"[{"id":4,"name":"HD-1080p"},{"id":1,"label":"anime"},{"name":"no id"}]"#).unwrap();
        let r = profiles(&list, "quality_profile");
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].value, Some(Value::from(1)));
        assert_eq!(r[0].name, "anime");
        let folders: Vec<RootFolderDto> = serde_json::from_str(r#"[{"id":2,"path":"/tv","freespace":1}]"#).unwrap();
        assert_eq!(root_folders(&folders)[0].name, "/tv");
    }
}
