//! Input schemas generated from argument types: the one source of truth for what a tool
//! accepts. The same schema is published in `tools/list` and enforced by [`super::validate`].
//!
//! The generated schema is made portable for narrow client dialects: every subschema is
//! inlined (no `$ref`), optional means "not required" (never a `type` list with `"null"` or
//! an `anyOf` with a null branch), no non-standard `format` (`uint64`, `int64`, …), and an
//! enum is a plain `enum` list (so an invalid value's error names every valid one) with the
//! variants' documentation folded into the description.
//!
//! It is also kept small, since clients put every tool's schema in a model's context: no
//! root `$schema` (2020-12 is the dialect MCP assumes), no root description (the tool's
//! own description says it), no description of an array's `items` when the array has one
//! (a type's Rust doc, not a caller's), and descriptions on one line.

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Map, Value};

/// The portable JSON Schema (2020-12) of `T`.
pub fn schema_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true).into_generator();
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Some(obj) = value.as_object_mut() {
        // The Rust type's name means nothing to a client, `Arguments of …` adds nothing to
        // the tool's description, and MCP input schemas are 2020-12 without saying so.
        obj.remove("title");
        obj.remove("description");
        obj.remove("$schema");
    }
    portable(&mut value);
    compact(&mut value);
    value
}

/// Drops documentation that only repeats its surroundings and puts every description on
/// one line (doc comments keep their line breaks). Validation keywords are never touched.
pub fn compact(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(d)) = map.get_mut("description") {
                *d = d.split_whitespace().collect::<Vec<_>>().join(" ");
            }
            if map.contains_key("description")
                && let Some(Value::Object(items)) = map.get_mut("items")
            {
                items.remove("description");
            }
            for (key, child) in map.iter_mut() {
                // `properties` maps names to schemas: a property called `description` is
                // not documentation.
                if key == "properties" {
                    if let Value::Object(props) = child {
                        props.values_mut().for_each(compact);
                    }
                } else {
                    compact(child);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(compact),
        _ => {}
    }
}

/// Rewrites a schema in place into the portable form described above.
pub fn portable(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("format");
            drop_null_type(map);
            unwrap_nullable_any_of(map);
            fold_const_one_of(map);
            for (_, child) in map.iter_mut() {
                portable(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(portable),
        _ => {}
    }
}

/// `type: [T, "null"]` → `type: T`.
fn drop_null_type(map: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = map.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            map.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(options)) = map.get_mut("enum") {
        options.retain(|o| !o.is_null());
    }
}

/// `anyOf: [X, {type: null}]` → X merged into the surrounding schema.
fn unwrap_nullable_any_of(map: &mut Map<String, Value>) {
    for key in ["anyOf", "oneOf"] {
        let Some(Value::Array(branches)) = map.get(key) else { continue };
        let non_null: Vec<Value> =
            branches.iter().filter(|b| b.get("type") != Some(&Value::from("null"))).cloned().collect();
        if non_null.len() == 1 && branches.len() == 2 {
            map.remove(key);
            if let Value::Object(inner) = &non_null[0] {
                for (k, val) in inner {
                    map.entry(k.clone()).or_insert_with(|| val.clone());
                }
            }
        }
    }
}

/// `oneOf` of `{const, description?}` branches (documented enum variants) → one `enum`
/// list, with the variants' descriptions appended to the schema's own.
fn fold_const_one_of(map: &mut Map<String, Value>) {
    let Some(Value::Array(branches)) = map.get("oneOf") else { return };
    if branches.is_empty() || !branches.iter().all(|b| b.get("const").is_some_and(Value::is_string)) {
        return;
    }
    let values: Vec<Value> = branches.iter().map(|b| b["const"].clone()).collect();
    let notes: Vec<String> = branches
        .iter()
        .filter_map(|b| {
            let d = b.get("description")?.as_str()?;
            Some(format!("`{}`: {}", b["const"].as_str().unwrap_or_default(), d.trim_end_matches('.')))
        })
        .collect();
    map.remove("oneOf");
    map.insert("type".into(), Value::from("string"));
    map.insert("enum".into(), Value::Array(values));
    if !notes.is_empty() {
        let own = map.get("description").and_then(Value::as_str).unwrap_or("").trim_end_matches('.').to_string();
        let joined = notes.join("; ");
        let text = if own.is_empty() { format!("{joined}.") } else { format!("{own}: {joined}.") };
        map.insert("description".into(), Value::from(text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rewrites_to_the_portable_form() {
        let mut s = json!({
            "type": "object",
            "properties": {
                "year": {"type": ["integer", "null"], "format": "int64", "minimum": 1870},
                "order": {"anyOf": [{"type": "string", "enum": ["asc", "desc"]}, {"type": "null"}], "description": "Direction"},
                "view": {"description": "Which facts", "oneOf": [{"const": "status", "description": "Reachability."}, {"const": "about", "type": "string"}]}
            }
        });
        portable(&mut s);
        assert_eq!(s["properties"]["year"], json!({"type": "integer", "minimum": 1870}));
        assert_eq!(
            s["properties"]["order"],
            json!({"type": "string", "enum": ["asc", "desc"], "description": "Direction"})
        );
        assert_eq!(s["properties"]["view"]["enum"], json!(["status", "about"]));
        assert_eq!(s["properties"]["view"]["description"], "Which facts: `status`: Reachability.");
        assert!(!s.to_string().contains("null"));
    }

    #[test]
    fn compacts_documentation_but_not_rules() {
        let mut s = json!({
            "description": "Which\nkinds.",
            "properties": {
                "description": {"type": "string", "description": "A  property\n  called description.", "maxLength": 9},
                "media": {"type": "array", "description": "Kinds.", "items": {"description": "A kind.", "enum": ["movie"]}},
                "seasons": {"type": "array", "items": {"description": "One season.", "type": "object"}}
            }
        });
        compact(&mut s);
        assert_eq!(s["description"], "Which kinds.");
        assert_eq!(
            s["properties"]["description"],
            json!({"type": "string", "description": "A property called description.", "maxLength": 9})
        );
        assert_eq!(s["properties"]["media"]["items"], json!({"enum": ["movie"]}));
        assert_eq!(s["properties"]["seasons"]["items"]["description"], "One season.", "an undescribed array keeps it");
    }
}
