//! Narrow views of Ombi's JSON, one module per Ombi area: only the fields the projections
//! read. Unknown fields are ignored (so secrets Ombi serialises alongside, such as
//! `requestedUser.userAccessToken`, are never even kept), every field is optional (Ombi omits
//! or nulls freely), and ids that Ombi serialises as either numbers or strings are read
//! leniently.

use serde::{Deserialize, Deserializer};

pub mod integrations;
pub mod issues;
pub mod library;
pub mod media;
pub mod requests;
pub mod server;
pub mod users;
pub mod votes;

/// Reads a JSON string or number as text; `null` and other types as `None`.
pub fn text_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(match v {
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// Reads a JSON integer, or a string holding one, as `i64`; anything else as `None`.
pub fn int_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(match v {
        serde_json::Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
        }
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// Reads a boolean leniently: `null` or another type is `None`.
pub fn lenient_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(v.as_bool())
}

/// Reads a string leniently: numbers become text, `null` and other types `None`.
pub fn lenient_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    text_id(d)
}

/// A positive id as `u64`, or `None`.
pub fn positive(id: Option<i64>) -> Option<u64> {
    id.filter(|i| *i > 0).map(|i| i as u64)
}

/// `{id, name}` pairs: genres, keywords, profiles.
#[derive(Debug, Clone, Deserialize)]
pub struct IdName {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct T {
        #[serde(default, deserialize_with = "text_id")]
        a: Option<String>,
        #[serde(default, deserialize_with = "int_id")]
        b: Option<i64>,
    }

    #[test]
    fn ids_may_be_numbers_or_strings() {
        let t: T = serde_json::from_str(r#"{"a":603,"b":"42"}"#).unwrap();
        assert_eq!((t.a.as_deref(), t.b), (Some("603"), Some(42)));
        let t: T = serde_json::from_str(r#"{"a":null,"b":"x"}"#).unwrap();
        assert_eq!((t.a, t.b), (None, None));
        let t: T = serde_json::from_str(r#"{}"#).unwrap();
        assert_eq!((t.a, t.b), (None, None));
    }
}
