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
    /// The top-level arguments that name a write's target without holding free text: the
    /// integers and the enums of the input schema (for the audit trail).
    pub target_fields: Vec<String>,
    /// The values of each top-level enum argument, as the input schema lists them.
    pub enums: std::collections::BTreeMap<String, Vec<String>>,
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
    input_schema: serde_json::Map<String, Value>,
    #[serde(default)]
    annotations: Annotations,
}

/// The values of each top-level enum argument of an input schema.
fn enums(schema: &serde_json::Map<String, Value>) -> std::collections::BTreeMap<String, Vec<String>> {
    let Some(Value::Object(props)) = schema.get("properties") else { return Default::default() };
    props
        .iter()
        .filter_map(|(k, p)| {
            let values = p.get("enum")?.as_array()?.iter().filter_map(Value::as_str).map(str::to_string).collect();
            Some((k.clone(), values))
        })
        .collect()
}

/// The top-level arguments of an input schema that are integers or enums.
fn target_fields(schema: &serde_json::Map<String, Value>) -> Vec<String> {
    let Some(Value::Object(props)) = schema.get("properties") else { return Vec::new() };
    props
        .iter()
        .filter(|(_, p)| p.get("enum").is_some() || p.get("type").and_then(Value::as_str) == Some("integer"))
        .map(|(k, _)| k.clone())
        .collect()
}

#[derive(Deserialize, Default)]
struct Annotations {
    #[serde(rename = "readOnlyHint", default)]
    read_only: bool,
    #[serde(rename = "destructiveHint", default)]
    destructive: bool,
}

impl Catalogue {
    /// A catalogue from the JSON text of a `tools` array; `None` unless it is a non-empty
    /// array of tools that each have a name and a non-empty input schema object.
    pub fn from_json(text: String) -> Option<Catalogue> {
        let entries: Vec<Entry> = serde_json::from_str(&text).ok()?;
        if entries.is_empty() || entries.iter().any(|e| e.input_schema.is_empty()) {
            return None;
        }
        let facts = entries
            .into_iter()
            .map(|e| ToolFacts {
                name: e.name,
                read_only: e.annotations.read_only,
                destructive: e.annotations.destructive,
                target_fields: target_fields(&e.input_schema),
                enums: enums(&e.input_schema),
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
            json!({"name": "write_y", "inputSchema": {"type": "object", "properties": {"request_id": {"type": "integer"}, "media": {"type": "string", "enum": ["movie"]}, "reason": {"type": "string"}}}, "annotations": {"readOnlyHint": false, "destructiveHint": true}}),
        ];
        let c = Catalogue::from_values(&tools).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(
            c.get("read_x"),
            Some(&ToolFacts {
                name: "read_x".into(),
                read_only: true,
                destructive: false,
                target_fields: vec![],
                enums: Default::default()
            })
        );
        assert!(c.get("write_y").unwrap().destructive);
        assert_eq!(c.get("write_y").unwrap().target_fields, ["media", "request_id"], "ids and enums, no free text");
        assert_eq!(c.get("write_y").unwrap().enums["media"], ["movie"]);
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
