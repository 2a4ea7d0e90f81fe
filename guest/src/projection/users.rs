//! User records: id, user name, alias, language, streaming country, online state. Nothing
//! else of Ombi's user objects (e-mail, claims, quotas, tokens) is ever read.

use crate::model::{Reference, User};
use crate::projection::{enums, text};
use crate::upstream::dto::users::{PreferenceDto, ServiceUserDto, UserView};

/// A user of `Identity/Users`, `Identity/User/{id}` or `Identity`.
pub fn user(dto: &UserView) -> Option<User> {
    let id = text::some_text(dto.id.as_deref())?;
    Some(User {
        id,
        user_name: text::some_text(dto.user_name.as_deref()),
        alias: text::some_text(dto.alias.as_deref()),
        language: text::some_text(dto.language.as_deref()),
        streaming_country: text::some_text(dto.streaming_country.as_deref()),
        online: None,
    })
}

/// Whether `dto` matches a `query` on user name or alias (case-insensitive substring).
pub fn matches(dto: &UserView, query: &str) -> bool {
    let q = query.trim().to_lowercase();
    [&dto.user_name, &dto.alias].iter().any(|f| f.as_deref().is_some_and(|v| v.to_lowercase().contains(&q)))
}

/// A user of a media server (Plex friends, Emby/Jellyfin users): id and name only.
pub fn service_user(dto: &ServiceUserDto) -> Option<User> {
    let mut u = User::new(text::some_text(dto.id.as_deref())?);
    u.user_name = text::some_text(dto.username.as_deref());
    Some(u)
}

/// Notification preferences as agent references: the agent's label and code, never the
/// delivery `value`. An agent code Ombi does not define is named `agent_<n>`, with a warning.
pub fn agents(list: &[PreferenceDto], warnings: &mut Vec<String>) -> Vec<Reference> {
    let mut out: Vec<Reference> = Vec::new();
    for p in list {
        let Some(code) = p.agent else { continue };
        if out.iter().any(|r| r.value == Some(code.into())) {
            continue;
        }
        let name = match enums::agent_name(code) {
            Some(n) => n.to_string(),
            None => {
                warnings.push(format!("Ombi returned the notification agent code {code}, which it does not define; it is named agent_{code}."));
                format!("agent_{code}")
            }
        };
        let mut r = Reference::keyed(name, code.into(), "notification_agent");
        r.category = Some(match p.enabled {
            Some(true) => "enabled".into(),
            Some(false) => "disabled".into(),
            None => "notification_agent".into(),
        });
        out.push(r);
    }
    out.sort_by_key(|r| r.value.as_ref().and_then(|v| v.as_i64()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_safe_fields() {
        let dto: UserView = serde_json::from_str(
            r#"{"id":"u-1","userName":"alice","alias":"Alice","emailAddress":"alice@example.org","claims":[{"value":"Admin","enabled":true}],
                "language":"en","streamingCountry":"GB","userAccessToken":"tok","movieRequestQuota":{"remaining":2}}"#,
        )
        .unwrap();
        let u = user(&dto).unwrap();
        let text = serde_json::to_string(&u).unwrap();
        assert!(text.contains("alice") && text.contains("GB"));
        assert!(!text.contains("example.org") && !text.contains("tok") && !text.contains("Admin"));
        assert!(matches(&dto, "ALI"));
        assert!(!matches(&dto, "bob"));
    }

    #[test]
    fn preferences_never_carry_their_values() {
        let list: Vec<PreferenceDto> = serde_json::from_str(
            r#"[{"agent":1,"userId":"u","value":"<@123456>","enabled":true},{"agent":4,"value":"@alice"},{"agent":42,"value":"x"}]"#,
        )
        .unwrap();
        let mut w = Vec::new();
        let refs = agents(&list, &mut w);
        let text = serde_json::to_string(&refs).unwrap();
        assert!(!text.contains("123456") && !text.contains("@alice"));
        assert_eq!(refs[0].name, "Discord");
        assert_eq!(refs[0].value, Some(1.into()));
        assert_eq!(refs[2].name, "agent_42");
        assert_eq!(w.len(), 1);
    }
}
