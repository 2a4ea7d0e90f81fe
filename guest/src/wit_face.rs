//! The Wassette face, generated: from each tool's input schema (itself generated from the
//! tool's argument type) this writes a WIT world with one typed export per tool, the Rust glue
//! that turns those typed parameters back into the tool's JSON arguments, and the
//! `package-docs` metadata where Wassette reads each tool's description. Nothing here is
//! kept by hand beside the argument types: `OMBI_MCP_BLESS=1 cargo test -p ombi-guest --test
//! wassette_face` rewrites the three files under `wassette/`, and the same test fails when
//! they are stale.
//!
//! The mapping (JSON Schema → WIT): string → `string`; integer → `u32` (or `s64` when it may
//! be negative, `u64` when it may exceed u32); boolean → `bool`; a string enum → an `enum`
//! whose cases are the values in kebab-case; an array → `list<T>`; an object with properties
//! → a `record`; the settings value (string, number or boolean) → `string` (converted to the
//! field's type by the tool); a property that is not required → `option<T>`. Names are
//! kebab-case (`read_search` → `read-search`, `tmdb_id` → `tmdb-id`, `is_4k` → `is4k`).

use serde_json::{Map, Value};

/// The WIT identifier of a snake_case or camelCase name, or of an enum value like
/// `notifications/discord` or `arrAvailability`: lower-case words joined by `-`, a word that
/// starts with a digit glued to the one before.
pub fn wit_ident(name: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && prev_lower && !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            current.push(c.to_ascii_lowercase());
        } else {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = false;
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    let mut out: Vec<String> = Vec::new();
    for w in words {
        match out.last_mut() {
            Some(last) if w.starts_with(|c: char| c.is_ascii_digit()) => last.push_str(&w),
            _ => out.push(w),
        }
    }
    out.join("-")
}

/// `wit_ident` as written in a WIT file (`%`-escaped when it is a keyword).
fn wit_name(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as",
        "async",
        "bool",
        "borrow",
        "char",
        "constructor",
        "enum",
        "export",
        "f32",
        "f64",
        "flags",
        "from",
        "func",
        "future",
        "import",
        "include",
        "interface",
        "list",
        "option",
        "own",
        "package",
        "record",
        "resource",
        "result",
        "s8",
        "s16",
        "s32",
        "s64",
        "static",
        "stream",
        "string",
        "tuple",
        "type",
        "u8",
        "u16",
        "u32",
        "u64",
        "use",
        "variant",
        "with",
        "world",
    ];
    let id = wit_ident(name);
    if KEYWORDS.contains(&id.as_str()) { format!("%{id}") } else { id }
}

/// The Rust name wit-bindgen gives a WIT identifier: snake_case (fields, parameters).
pub fn rust_snake(name: &str) -> String {
    wit_ident(name).replace('-', "_")
}

/// The Rust type name wit-bindgen gives a WIT type identifier: UpperCamelCase.
fn rust_camel(name: &str) -> String {
    wit_ident(name)
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// Letters and digits only, lower-case: how a serialised enum case is matched to its value.
fn squash(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// One tool as the generator sees it.
pub struct Tool {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

/// The tools of the catalogue.
pub fn tools() -> Vec<Tool> {
    crate::dispatch::descriptors()
        .into_iter()
        .map(|d| Tool {
            name: d.name,
            description: d.description,
            input_schema: serde_json::from_str(&d.input_schema).expect("input schemas are JSON"),
        })
        .collect()
}

/// Types collected while mapping a tool's parameters.
#[derive(Default)]
struct Types {
    wit: Vec<String>,
}

impl Types {
    /// The WIT type of `schema`, defining named enums and records as `prefix`.
    fn of(&mut self, prefix: &str, schema: &Value) -> String {
        if schema.get("anyOf").is_some() {
            return "string".into();
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            let name = wit_name(prefix);
            let cases: Vec<String> = values.iter().map(|v| wit_name(v.as_str().expect("string enums"))).collect();
            let mut squashed: Vec<String> = values.iter().map(|v| squash(v.as_str().unwrap_or(""))).collect();
            squashed.sort();
            squashed.dedup();
            assert_eq!(squashed.len(), values.len(), "{prefix}: enum values that differ only in case or punctuation");
            self.wit.push(format!("    enum {name} {{ {} }}", cases.join(", ")));
            return name;
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("string") => "string".into(),
            Some("boolean") => "bool".into(),
            Some("integer") => {
                let min = schema.get("minimum").and_then(Value::as_f64);
                let max = schema.get("maximum").and_then(Value::as_f64);
                match (min, max) {
                    (Some(lo), hi) if lo >= 0.0 && hi.is_none_or(|h| h <= f64::from(u32::MAX)) => "u32".into(),
                    (Some(lo), _) if lo >= 0.0 => "u64".into(),
                    _ => "s64".into(),
                }
            }
            Some("number") => "f64".into(),
            Some("array") => {
                let item = self.of(&format!("{prefix}-item"), &schema["items"]);
                format!("list<{item}>")
            }
            Some("object") => {
                let name = wit_name(prefix);
                let fields = self.fields(prefix, schema);
                let body: Vec<String> = fields.iter().map(|(n, t, _)| format!("{n}: {t}")).collect();
                self.wit.push(format!("    record {name} {{ {} }}", body.join(", ")));
                name
            }
            other => panic!("{prefix}: no WIT mapping for type {other:?}"),
        }
    }

    /// `(wit name, wit type, original name)` of an object's properties, optional ones as options.
    fn fields(&mut self, prefix: &str, schema: &Value) -> Vec<(String, String, String)> {
        let required = required(schema);
        let empty = Map::new();
        let props = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
        props
            .iter()
            .map(|(name, sub)| {
                let ty = self.of(&format!("{prefix}-{name}"), sub);
                let ty = if required.contains(&name.as_str()) { ty } else { format!("option<{ty}>") };
                (wit_name(name), ty, name.clone())
            })
            .collect()
    }
}

/// The Rust type wit-bindgen generates for a WIT type.
fn rust_type(wit: &str) -> String {
    if let Some(inner) = wit.strip_prefix("option<").and_then(|s| s.strip_suffix('>')) {
        return format!("Option<{}>", rust_type(inner));
    }
    if let Some(inner) = wit.strip_prefix("list<").and_then(|s| s.strip_suffix('>')) {
        return format!("Vec<{}>", rust_type(inner));
    }
    match wit {
        "string" => "String".into(),
        "bool" => "bool".into(),
        "u32" => "u32".into(),
        "u64" => "u64".into(),
        "s64" => "i64".into(),
        "f64" => "f64".into(),
        named => rust_camel(named.trim_start_matches('%')),
    }
}

/// A tool's Wassette description: its own, then what each parameter takes.
/// The names an object schema requires.
fn required(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn docs(tool: &Tool) -> String {
    let mut text = tool.description.clone();
    let schema = &tool.input_schema;
    let required = required(schema);
    let empty = Map::new();
    let props = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    if !props.is_empty() {
        text.push_str("\n\nParameters (pass null for an optional one you leave out):");
        for (name, sub) in props {
            let mut line = format!("\n- {}", wit_ident(name));
            line.push_str(if required.contains(&name.as_str()) { " (required)" } else { " (optional)" });
            if let Some(d) = sub.get("description").and_then(Value::as_str) {
                line.push_str(": ");
                line.push_str(d);
            }
            let mut facts = Vec::new();
            if let Some(d) = sub.get("default") {
                facts.push(format!("default {d}"));
            }
            match (sub.get("minimum"), sub.get("maximum")) {
                (Some(lo), Some(hi)) => facts.push(format!("{lo}..{hi}")),
                (Some(lo), None) => facts.push(format!("at least {lo}")),
                _ => {}
            }
            if !facts.is_empty() {
                line.push_str(&format!(" [{}]", facts.join("; ")));
            }
            text.push_str(&line);
        }
    }
    text
}

/// The three generated files.
pub struct Face {
    /// `wassette/wit/world.wit`.
    pub wit: String,
    /// `wassette/src/generated.rs`.
    pub glue: String,
    /// `wassette/package-docs.json`: the `package-docs` section's JSON (after its version byte).
    pub package_docs: String,
}

/// The world's name.
pub const WORLD: &str = "ombi";

/// Generates the face from `tools`.
pub fn generate(tools: &[Tool]) -> Face {
    const HEADER: &str = "generated by guest/src/wit_face.rs from the tools' argument types; do not edit.\nRegenerate with: OMBI_MCP_BLESS=1 cargo test -p ombi-guest --test wassette_face";
    let mut types = Types::default();
    let mut exports = Vec::new();
    let mut glue = Vec::new();
    let mut func_docs = Map::new();
    for tool in tools {
        let fields = types.fields(&tool.name, &tool.input_schema);
        let doc = docs(tool);
        let params: Vec<String> = fields.iter().map(|(n, t, _)| format!("{n}: {t}")).collect();
        let mut export = String::new();
        for line in doc.lines() {
            if line.is_empty() {
                export.push_str("    ///\n");
            } else {
                export.push_str(&format!("    /// {line}\n"));
            }
        }
        export.push_str(&format!("    export {}: func({}) -> string;", wit_name(&tool.name), params.join(", ")));
        exports.push(export);
        let rust_params: Vec<String> =
            fields.iter().map(|(n, t, _)| format!("{}: {}", rust_param(n), rust_type(t))).collect();
        let pairs: Vec<String> =
            fields.iter().map(|(n, _, orig)| format!("(\"{orig}\", json_of(&{}))", rust_param(n))).collect();
        glue.push(format!(
            "    fn {}({}) -> String {{\n        run(\"{}\", vec![{}])\n    }}",
            rust_snake(&tool.name),
            rust_params.join(", "),
            tool.name,
            pairs.join(", ")
        ));
        func_docs.insert(wit_ident(&tool.name), serde_json::json!({ "docs": doc }));
    }
    let world_doc = "The Ombi tools of ombi-mcp, one export per tool, for wasm MCP hosts that turn exported functions into tools (Wassette). Each returns the tool's JSON envelope as text.";
    let header_wit: String = HEADER.lines().map(|l| format!("// {l}\n")).collect();
    let wit = format!(
        "{header_wit}package ombi:wassette@0.1.0;\n\n/// {world_doc}\nworld {WORLD} {{\n{}\n\n{}\n}}\n",
        types.wit.join("\n"),
        exports.join("\n\n")
    );
    let header_rs: String = HEADER.lines().map(|l| format!("// {l}\n")).collect();
    let glue = format!(
        "{header_rs}\nuse crate::bindings::*;\nuse crate::{{Face, json_of, run}};\n\nimpl Guest for Face {{\n{}\n}}\n",
        glue.join("\n\n")
    );
    let package_docs = serde_json::json!({
        "worlds": { WORLD: { "docs": world_doc, "func_exports": func_docs } }
    });
    Face { wit, glue, package_docs: serde_json::to_string_pretty(&package_docs).expect("JSON") + "\n" }
}

fn rust_param(wit: &str) -> String {
    wit.trim_start_matches('%').replace('-', "_")
}

/// Turns a typed value, serialised from the WIT bindings, back into the tool's JSON argument
/// under `schema`: `null` options dropped, record fields renamed to the schema's property
/// names, enum cases to the schema's values.
pub fn conform(value: Value, schema: &Value) -> Option<Value> {
    if value.is_null() {
        return None;
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let Value::String(case) = &value else { return Some(value) };
        let hit = values.iter().find(|v| v.as_str().is_some_and(|s| squash(s) == squash(case)));
        return Some(hit.cloned().unwrap_or(value));
    }
    match (schema.get("type").and_then(Value::as_str), value) {
        (Some("array"), Value::Array(items)) => {
            Some(Value::Array(items.into_iter().filter_map(|i| conform(i, &schema["items"])).collect()))
        }
        (Some("object"), Value::Object(mut given)) => {
            let mut out = Map::new();
            if let Some(props) = schema.get("properties").and_then(Value::as_object) {
                for (name, sub) in props {
                    if let Some(v) = given.remove(&rust_snake(name)).and_then(|v| conform(v, sub)) {
                        out.insert(name.clone(), v);
                    }
                }
            }
            Some(Value::Object(out))
        }
        (_, v) => Some(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_become_wit_identifiers() {
        assert_eq!(wit_ident("read_search"), "read-search");
        assert_eq!(wit_ident("is_4k"), "is4k");
        assert_eq!(wit_ident("arrAvailability"), "arr-availability");
        assert_eq!(wit_ident("notifications/discord"), "notifications-discord");
        assert_eq!(wit_ident("SickRage"), "sick-rage");
        assert_eq!(wit_name("list"), "%list");
        assert_eq!(rust_camel("read-search-media"), "ReadSearchMedia");
    }

    #[test]
    fn typed_values_conform_to_the_schema() {
        let schema = json!({"type": "object", "properties": {
            "job": {"type": "string", "enum": ["arrAvailability", "notifications/discord"]},
            "is_4k": {"type": "boolean"},
            "seasons": {"type": "array", "items": {"type": "object", "properties": {"season_number": {"type": "integer"}, "episodes": {"type": "array", "items": {"type": "integer"}}}}}
        }});
        let given =
            json!({"job": "ArrAvailability", "is4k": null, "seasons": [{"season_number": 1, "episodes": null}]});
        assert_eq!(conform(given, &schema), Some(json!({"job": "arrAvailability", "seasons": [{"season_number": 1}]})));
    }
}
