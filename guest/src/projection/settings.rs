//! A settings section as allowlisted scalar leaves under RFC 6901 JSON Pointer names
//! (`/servers/0/port`, `~0`/`~1` escaped). Only keys on the section's allowlist are shown;
//! everything else is named in `omitted_fields`. Credentials, tokens, webhook and
//! destination URLs are never on an allowlist. The `revision` is a fingerprint of the whole
//! section in which every secret counts only as set or unset.

use serde_json::{Map, Value};

use crate::model::Change;

/// Keys no section ever shows (API catalogue §3.11 and §5), whatever an allowlist says.
pub const SECRET_KEYS: &[&str] = &[
    "apikey",
    "plexauthtoken",
    "password",
    "accesstoken",
    "usertoken",
    "applicationtoken",
    "botapi",
    "webhookurl",
    "authorizationheader",
    "accountsid",
    "authtoken",
    "useraccesstoken",
    "mediaservertoken",
];

/// Keys every section may show.
const COMMON: &[&str] = &["id", "enabled", "enable"];

/// Keys of notification templates (every notification section).
const TEMPLATES: &[&str] =
    &["notificationtemplates", "notificationtemplate", "notificationtype", "agent", "subject", "message"];

/// The allowlist of each section (lower-cased key names; containers must be listed to be
/// entered). Hosts, IPs and notification destinations are left out on purpose.
const ALLOW: &[(&str, &[&str])] = &[
    (
        "ombi",
        &[
            "baseurl",
            "collectanalyticdata",
            "wizard",
            "donotsendnotificationsforautoapprove",
            "hiderequestsusers",
            "disablehealthchecks",
            "defaultlanguagecode",
            "autodeleteavailablerequests",
            "autodeleteafterdays",
            "branch",
            "hasmigratedoldtvdbdata",
            "set",
        ],
    ),
    (
        "plex",
        &[
            "enablewatchlistimport",
            "monitorall",
            "servers",
            "name",
            "machineidentifier",
            "episodebatchsize",
            "plexselectedlibraries",
            "key",
            "title",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    (
        "emby",
        &[
            "servers",
            "serverid",
            "name",
            "enableepisodesearching",
            "embyselectedlibraries",
            "key",
            "title",
            "collectiontype",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    (
        "jellyfin",
        &[
            "servers",
            "serverid",
            "name",
            "enableepisodesearching",
            "jellyfinselectedlibraries",
            "key",
            "title",
            "collectiontype",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    (
        "sonarr",
        &[
            "qualityprofile",
            "seasonfolders",
            "rootpath",
            "qualityprofileanime",
            "rootpathanime",
            "animetag",
            "tag",
            "sendusertags",
            "addonly",
            "languageprofile",
            "languageprofileanime",
            "scanforavailability",
            "prioritizearravailability",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    (
        "radarr",
        &[
            "radarr",
            "radarr4k",
            "defaultqualityprofile",
            "defaultrootpath",
            "addonly",
            "minimumavailability",
            "scanforavailability",
            "prioritizearravailability",
            "tag",
            "sendusertags",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    (
        "lidarr",
        &[
            "defaultqualityprofile",
            "defaultrootpath",
            "albumfolder",
            "metadataprofileid",
            "addonly",
            "ssl",
            "subdir",
            "port",
        ],
    ),
    ("couchpotato", &["defaultprofileid", "ssl", "subdir", "port"]),
    ("dognzb", &["movies", "tvshows"]),
    ("sickrage", &["qualityprofile", "ssl", "subdir", "port"]),
    (
        "themoviedb",
        &["showadultmovies", "excludedkeywordids", "excludedmoviegenreids", "excludedtvgenreids", "originallanguages"],
    ),
    (
        "customization",
        &[
            "applicationname",
            "applicationurl",
            "customcss",
            "enablecustomdonations",
            "customdonationurl",
            "customdonationmessage",
            "logo",
            "recentlyaddedpage",
            "usecustompage",
            "hideavailablefromdiscover",
            "favicon",
            "hideavailablerecentlyrequested",
        ],
    ),
    ("landingpage", &["noticeenabled", "noticetext", "timelimit", "startdatetime", "enddatetime", "expired"]),
    (
        "authentication",
        &[
            "allownopassword",
            "requiredigit",
            "requiredlength",
            "requirelowercase",
            "requirenonalphanumeric",
            "requireuppercase",
            "enableoauth",
            "enableheaderauth",
            "headerauthvariable",
            "headerauthcreateuser",
        ],
    ),
    ("issues", &["enableinprogress", "deleteissues", "daysafterresolvedtodelete"]),
    ("vote", &["movievotemax", "musicvotemax", "tvshowvotemax"]),
    (
        "usermanagement",
        &[
            "importplexadmin",
            "importplexusers",
            "cleanupplexusers",
            "importembyusers",
            "importjellyfinusers",
            "movierequestlimit",
            "episoderequestlimit",
            "musicrequestlimit",
            "movierequestlimittype",
            "episoderequestlimittype",
            "musicrequestlimittype",
            "defaultstreamingcountry",
            "defaultroles",
            "bannedplexuserids",
            "bannedembyuserids",
            "bannedjellyfinuserids",
        ],
    ),
    (
        "update",
        &[
            "autoupdateenabled",
            "processname",
            "usescript",
            "windowsservicename",
            "windowsservice",
            "testmode",
            "updateschedule",
        ],
    ),
    (
        "jobs",
        &[
            "embycontentsync",
            "embyrecentlyaddedsync",
            "jellyfincontentsync",
            "sonarrsync",
            "radarrsync",
            "plexcontentsync",
            "plexrecentlyaddedsync",
            "couchpotatosync",
            "automaticupdater",
            "userimporter",
            "sickragesync",
            "newsletter",
            "lidarrartistsync",
            "issuespurge",
            "retryrequests",
            "mediadatabaserefresh",
            "autodeleterequests",
            "plexwatchlistimport",
        ],
    ),
    ("notifications/email", &["port", "sendername", "authentication", "disabletls", "disablecertificatechecking"]),
    ("notifications/discord", &["icon", "hideuser"]),
    ("notifications/telegram", &["parsemode"]),
    ("notifications/pushbullet", &["channeltag"]),
    ("notifications/pushover", &["priority", "sound"]),
    ("notifications/slack", &["channel", "iconemoji", "iconurl"]),
    ("notifications/mattermost", &["channel", "iconurl"]),
    ("notifications/gotify", &["priority"]),
    ("notifications/ntfy", &["priority"]),
    ("notifications/webhook", &[]),
    ("notifications/twilio", &["whatsappsettings"]),
    ("notifications/mobile", &[]),
    ("notifications/newsletter", &["disabletv", "disablemovies", "disablemusic"]),
];

/// At most this many values and omitted names are listed.
const MAX_ENTRIES: usize = 100;

/// A section flattened for reading.
#[derive(Debug, Clone, PartialEq)]
pub struct Flat {
    pub values: Vec<Change>,
    pub omitted: Vec<String>,
    /// True when values or omitted names were cut at [`MAX_ENTRIES`].
    pub cut: bool,
}

/// Whether `key` is a secret wherever it appears.
pub fn is_secret(key: &str) -> bool {
    SECRET_KEYS.contains(&key.to_ascii_lowercase().as_str())
}

/// Whether `key` may be shown in `section` (`section` as in the route, e.g.
/// `notifications/email`).
pub fn allowed(section: &str, key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    if is_secret(&key) {
        return false;
    }
    let section = section.to_ascii_lowercase();
    if COMMON.contains(&key.as_str()) {
        return true;
    }
    if section.starts_with("notifications/") && TEMPLATES.contains(&key.as_str()) {
        return true;
    }
    ALLOW.iter().any(|(s, keys)| *s == section && keys.contains(&key.as_str()))
}

/// An RFC 6901 reference token: `~` → `~0`, `/` → `~1`.
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Flattens `doc` into allowlisted scalar leaves and the names of what was withheld.
pub fn flatten(section: &str, doc: &Value) -> Flat {
    let mut flat = Flat { values: Vec::new(), omitted: Vec::new(), cut: false };
    walk(section, doc, String::new(), &mut flat);
    flat.cut = flat.values.len() > MAX_ENTRIES || flat.omitted.len() > MAX_ENTRIES;
    flat.values.truncate(MAX_ENTRIES);
    flat.omitted.truncate(MAX_ENTRIES);
    flat
}

fn walk(section: &str, value: &Value, path: String, flat: &mut Flat) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let p = format!("{path}/{}", escape(k));
                if allowed(section, k) {
                    walk(section, v, p, flat);
                } else {
                    flat.omitted.push(p);
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(section, v, format!("{path}/{i}"), flat);
            }
        }
        scalar => {
            if !path.is_empty() {
                flat.values.push(Change { name: path, value: scalar.clone() });
            }
        }
    }
}

/// A fingerprint of the section's content: every leaf counts, except that a secret counts
/// only as set or unset (so the revision never reveals anything about a secret).
pub fn revision(doc: &Value) -> String {
    let mut masked = doc.clone();
    mask(&mut masked);
    let text = canonical(&masked);
    format!(
        "r{:016x}{:016x}",
        fnv1a(text.as_bytes(), 0xcbf2_9ce4_8422_2325),
        fnv1a(text.as_bytes(), 0x8422_2325_cbf2_9ce4)
    )
}

fn mask(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for (k, val) in map.iter_mut() {
                if is_secret(k) {
                    let set = !(val.is_null() || val.as_str().is_some_and(str::is_empty));
                    *val = Value::Bool(set);
                } else {
                    mask(val);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask),
        _ => {}
    }
}

/// JSON with object keys sorted, so equal content gives equal text.
fn canonical(v: &Value) -> String {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let parts: Vec<String> =
                keys.iter().map(|k| format!("{}:{}", Value::String((*k).clone()), canonical(&map[*k]))).collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => other.to_string(),
    }
}

fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(seed, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The object holding the leaf `pointer` names and the leaf's key, when `pointer` names an
/// existing scalar leaf through objects only (array indices are display paths, never
/// mutation identifiers).
pub fn leaf_mut<'a>(doc: &'a mut Value, pointer: &str) -> Result<(&'a mut Map<String, Value>, String), LeafError> {
    let tokens: Vec<String> = pointer
        .strip_prefix('/')
        .ok_or(LeafError::NotAPointer)?
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let (last, parents) = tokens.split_last().ok_or(LeafError::NotAPointer)?;
    let mut cur = doc;
    for t in parents {
        if cur.is_array() {
            return Err(LeafError::ThroughArray);
        }
        cur = cur.get_mut(t.as_str()).ok_or(LeafError::Missing)?;
    }
    if cur.is_array() {
        return Err(LeafError::ThroughArray);
    }
    let map = cur.as_object_mut().ok_or(LeafError::Missing)?;
    match map.get(last.as_str()) {
        None => Err(LeafError::Missing),
        Some(Value::Object(_)) | Some(Value::Array(_)) => Err(LeafError::NotScalar),
        Some(_) => Ok((map, last.clone())),
    }
}

/// Why a pointer names no patchable leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeafError {
    NotAPointer,
    Missing,
    ThroughArray,
    NotScalar,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> Value {
        json!({"id": 1, "enabled": true, "apiKey": "0123456789abcdef", "ip": "192.168.1.30", "port": 8989, "qualityProfile": "4",
               "subDir": null, "weird/key~x": 1})
    }

    #[test]
    fn secrets_and_destinations_are_withheld() {
        let f = flatten("sonarr", &sample());
        let names: Vec<&str> = f.values.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, vec!["/enabled", "/id", "/port", "/qualityProfile", "/subDir"]);
        assert!(f.omitted.contains(&"/apiKey".to_string()));
        assert!(f.omitted.contains(&"/ip".to_string()));
        assert!(f.omitted.contains(&"/weird~1key~0x".to_string()));
        let text = serde_json::to_string(&f.values).unwrap();
        assert!(!text.contains("0123456789abcdef") && !text.contains("192.168"));
    }

    #[test]
    fn nested_sections_use_pointers() {
        let doc = json!({"radarr": {"enabled": true, "apiKey": "k", "defaultQualityProfile": "6"}, "radarr4K": {"enabled": false}});
        let f = flatten("radarr", &doc);
        let names: Vec<&str> = f.values.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, vec!["/radarr/defaultQualityProfile", "/radarr/enabled", "/radarr4K/enabled"]);
        assert_eq!(f.omitted, vec!["/radarr/apiKey"]);
        let doc = json!({"servers": [{"name": "Home", "plexAuthToken": "t", "port": 32400}]});
        let f = flatten("plex", &doc);
        assert_eq!(f.values[0].name, "/servers/0/name");
        assert_eq!(f.omitted, vec!["/servers/0/plexAuthToken"]);
    }

    #[test]
    fn revision_moves_with_content_but_reveals_no_secret() {
        let a = sample();
        let mut b = sample();
        b["port"] = json!(8990);
        assert_ne!(revision(&a), revision(&b));
        let mut c = sample();
        c["apiKey"] = json!("another-key-value");
        assert_eq!(revision(&a), revision(&c), "a changed secret alone does not show");
        c["apiKey"] = json!("");
        assert_ne!(revision(&a), revision(&c), "set versus unset does");
        let reordered: Value = serde_json::from_str(r#"{"port":8989,"id":1,"enabled":true,"apiKey":"x","ip":"192.168.1.30","qualityProfile":"4","subDir":null,"weird/key~x":1}"#).unwrap();
        assert_eq!(revision(&a), revision(&reordered));
    }

    #[test]
    fn leaves_are_found_through_objects_only() {
        let mut doc = json!({"radarr": {"enabled": true}, "servers": [{"port": 1}], "a/b": 2});
        assert!(leaf_mut(&mut doc, "/radarr/enabled").is_ok());
        assert_eq!(leaf_mut(&mut doc, "/a~1b").unwrap().1, "a/b");
        assert_eq!(leaf_mut(&mut doc, "/servers/0/port").unwrap_err(), LeafError::ThroughArray);
        assert_eq!(leaf_mut(&mut doc, "/radarr").unwrap_err(), LeafError::NotScalar);
        assert_eq!(leaf_mut(&mut doc, "/nope").unwrap_err(), LeafError::Missing);
        assert_eq!(leaf_mut(&mut doc, "radarr").unwrap_err(), LeafError::NotAPointer);
    }
}
