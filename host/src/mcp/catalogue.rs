//! The tool catalogue as `tools/list` sends it: the `tools` array kept as JSON text (written
//! out as it is, never rebuilt as a tree of values per process), and the few facts the host
//! looks up in it (pure).

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

/// What the host needs to know of one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFacts {
    pub name: String,
    pub read_only: bool,
    pub destructive: bool,
}

/// The MCP `Tool` objects, as JSON text, with their facts.
#[derive(Debug)]
pub struct Catalogue {
    json: Box<RawValue>,
    facts: Vec<ToolFacts>,
}

#[derive(Deserialize)]
struct Entry {
    name: String,
    #[serde(rename = "inputSchema")]
    _input_schema: NonEmptyObject,
    #[serde(default)]
    annotations: Annotations,
}

#[derive(Deserialize, Default)]
struct Annotations {
    #[serde(rename = "readOnlyHint", default)]
    read_only: bool,
    #[serde(rename = "destructiveHint", default)]
    destructive: bool,
}

/// A JSON object with at least one member, checked without being kept.
struct NonEmptyObject;

impl<'de> Deserialize<'de> for NonEmptyObject {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = NonEmptyObject;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a non-empty object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<NonEmptyObject, A::Error> {
                let mut members = 0;
                while map.next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?.is_some() {
                    members += 1;
                }
                if members == 0 {
                    return Err(serde::de::Error::custom("an empty object"));
                }
                Ok(NonEmptyObject)
            }
        }
        d.deserialize_map(Visit)
    }
}

impl Catalogue {
    /// A catalogue from the JSON text of a `tools` array; `None` unless it is a non-empty
    /// array of tools that each have a name and a non-empty input schema object.
    pub fn from_json(text: String) -> Option<Catalogue> {
        let entries: Vec<Entry> = serde_json::from_str(&text).ok()?;
        if entries.is_empty() {
            return None;
        }
        let facts = entries
            .into_iter()
            .map(|e| ToolFacts {
                name: e.name,
                read_only: e.annotations.read_only,
                destructive: e.annotations.destructive,
            })
            .collect();
        Some(Catalogue { json: RawValue::from_string(text).ok()?, facts })
    }

    /// A catalogue from `Tool` values.
    pub fn from_values(tools: &[Value]) -> Option<Catalogue> {
        Catalogue::from_json(serde_json::to_string(tools).ok()?)
    }

    /// The `tools` array, as JSON text.
    pub fn json(&self) -> &RawValue {
        &self.json
    }

    /// The tool named `name`.
    pub fn get(&self, name: &str) -> Option<&ToolFacts> {
        self.facts.iter().find(|t| t.name == name)
    }

    /// How many tools there are.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether there are none (never, for a catalogue that was built).
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn facts_come_from_the_annotations_and_the_text_is_kept() {
        let tools = vec![
            json!({"name": "read_x", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}),
            json!({"name": "write_y", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": false, "destructiveHint": true}}),
        ];
        let c = Catalogue::from_values(&tools).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c.get("read_x"), Some(&ToolFacts { name: "read_x".into(), read_only: true, destructive: false }));
        assert!(c.get("write_y").unwrap().destructive);
        assert!(c.get("nope").is_none());
        let back: Vec<Value> = serde_json::from_str(c.json().get()).unwrap();
        assert_eq!(back, tools);
    }

    #[test]
    fn damaged_catalogues_are_refused() {
        for text in ["", "{}", "[]", "[{\"name\":\"x\"}]", "[{\"name\":\"x\",\"inputSchema\":{}}]", "[1]"] {
            assert!(Catalogue::from_json(text.to_string()).is_none(), "{text}");
        }
    }
}
