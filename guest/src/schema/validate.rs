//! Checks a tool's arguments against its published input schema, so the schema a client
//! sees is exactly the rule the tool applies. Covers the JSON Schema keywords the generated
//! input schemas use (`type`, `enum`, `const`, bounds, lengths, `items`, `properties`,
//! `required`, `additionalProperties`, `anyOf`/`oneOf`); a failure names the field.

use serde_json::{Map, Value};

use crate::error::ToolError;

/// Validates `args` against `schema`, returning the first problem as `INVALID_ARGUMENT`.
pub fn validate(schema: &Value, args: &Value) -> Result<(), ToolError> {
    if !args.is_object() {
        return Err(ToolError::invalid(
            "arguments",
            format!("arguments must be a JSON object, got {}", type_name(args)),
        ));
    }
    check(schema, args, "")
}

/// Refuses control characters in every string argument before anything is sent: C0
/// (NUL, CR, LF, TAB, ESC, …), DEL, C1, and the Unicode line and paragraph separators. Only
/// the free-text fields named in `multiline` (paths like `comment` or `changes[].value`) may
/// hold line breaks and tabs.
pub fn check_text(args: &Value, multiline: &[&str]) -> Result<(), ToolError> {
    fn walk(v: &Value, path: &str, shape: &str, multiline: &[&str]) -> Result<(), ToolError> {
        match v {
            Value::String(s) => {
                let lines_ok = multiline.contains(&shape);
                let bad = s.char_indices().find(|(_, c)| {
                    let breaks = matches!(c, '\n' | '\r' | '\t');
                    (c.is_control() && !(lines_ok && breaks)) || (!lines_ok && matches!(c, '\u{2028}' | '\u{2029}'))
                });
                if let Some((at, c)) = bad {
                    let field = if path.is_empty() { "arguments" } else { path };
                    let allowed = if lines_ok { " other than line breaks and tabs" } else { " (line breaks included)" };
                    let at = s[..at].chars().count();
                    return Err(ToolError::invalid(
                        field,
                        format!(
                            "`{field}` must not hold control characters{allowed}; it holds U+{:04X} at character {at}.",
                            u32::from(c)
                        ),
                    ));
                }
                Ok(())
            }
            Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| walk(item, &format!("{path}[{i}]"), &format!("{shape}[]"), multiline)),
            Value::Object(map) => {
                map.iter().try_for_each(|(k, item)| walk(item, &join(path, k), &join(shape, k), multiline))
            }
            _ => Ok(()),
        }
    }
    walk(args, "", "", multiline)
}

fn check(schema: &Value, value: &Value, path: &str) -> Result<(), ToolError> {
    let Some(schema) = schema.as_object() else {
        return Ok(());
    };
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            // No branch takes this kind of value at all: name every kind that would do.
            let types: Vec<&Value> = branches.iter().filter_map(|b| b.get("type")).collect();
            if !branches.is_empty() && types.len() == branches.len() && !types.iter().any(|t| type_allows(t, value)) {
                let names: Vec<String> = types.iter().map(|t| describe_type(t)).collect();
                return Err(fail(path, format!("must be {} (got {})", one_of_words(&names), type_name(value))));
            }
            let mut first_err = None;
            for branch in branches {
                match check(branch, value, path) {
                    Ok(()) => {
                        first_err = None;
                        break;
                    }
                    Err(e) => {
                        // Prefer the error of a branch whose type matches, it says more.
                        if first_err.is_none() || type_matches(branch, value) {
                            first_err = Some(e);
                        }
                    }
                }
            }
            if let Some(e) = first_err {
                return Err(e);
            }
        }
    }
    if let Some(t) = schema.get("type")
        && !type_allows(t, value)
    {
        return Err(fail(path, format!("must be {} (got {})", describe_type(t), type_name(value))));
    }
    if let Some(c) = schema.get("const")
        && c != value
    {
        return Err(fail(path, format!("must be {c}")));
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        let list: Vec<String> = options
            .iter()
            .filter(|o| !o.is_null())
            .map(|o| o.as_str().map(str::to_string).unwrap_or(o.to_string()))
            .collect();
        return Err(fail(path, format!("must be one of {} (got {})", list.join(", "), value)));
    }
    match value {
        Value::Number(n) => check_number(schema, n, path)?,
        Value::String(s) => check_string(schema, s, path)?,
        Value::Array(items) => check_array(schema, items, path)?,
        Value::Object(map) => check_object(schema, map, path)?,
        _ => {}
    }
    Ok(())
}

fn check_number(schema: &Map<String, Value>, n: &serde_json::Number, path: &str) -> Result<(), ToolError> {
    let x = n.as_f64().unwrap_or(f64::NAN);
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
        && x < min
    {
        return Err(fail(path, format!("must be at least {min} (got {n})")));
    }
    if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
        && x > max
    {
        return Err(fail(path, format!("must be at most {max} (got {n})")));
    }
    Ok(())
}

fn check_string(schema: &Map<String, Value>, s: &str, path: &str) -> Result<(), ToolError> {
    let len = s.chars().count() as u64;
    if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
        && len < min
    {
        let what = if min == 1 {
            "must not be empty".to_string()
        } else {
            format!("must be at least {min} characters long (got {len})")
        };
        return Err(fail(path, what));
    }
    if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
        && len > max
    {
        return Err(fail(path, format!("must be at most {max} characters long (got {len})")));
    }
    Ok(())
}

fn check_array(schema: &Map<String, Value>, items: &[Value], path: &str) -> Result<(), ToolError> {
    let len = items.len() as u64;
    if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
        && len < min
    {
        return Err(fail(path, format!("must hold at least {min} item(s)")));
    }
    if let Some(max) = schema.get("maxItems").and_then(Value::as_u64)
        && len > max
    {
        return Err(fail(path, format!("must hold at most {max} items (got {len})")));
    }
    if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
        for (i, item) in items.iter().enumerate() {
            if items[..i].contains(item) {
                return Err(fail(path, format!("must not repeat {item}")));
            }
        }
    }
    if let Some(item_schema) = schema.get("items") {
        for (i, item) in items.iter().enumerate() {
            check(item_schema, item, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

fn check_object(schema: &Map<String, Value>, map: &Map<String, Value>, path: &str) -> Result<(), ToolError> {
    let empty = Map::new();
    let props = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
        for key in map.keys() {
            if !props.contains_key(key) {
                let valid: Vec<&str> = props.keys().map(String::as_str).collect();
                return Err(ToolError::invalid(
                    join(path, key),
                    format!("unknown argument `{}`; valid arguments here are: {}", join(path, key), valid.join(", ")),
                ));
            }
        }
    }
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !map.contains_key(name) {
                return Err(fail(&join(path, name), "is required".to_string()));
            }
        }
    }
    for (key, value) in map {
        if let Some(prop) = props.get(key) {
            check(prop, value, &join(path, key))?;
        }
    }
    Ok(())
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_string() } else { format!("{path}.{key}") }
}

fn fail(path: &str, what: String) -> ToolError {
    let field = if path.is_empty() { "arguments" } else { path };
    ToolError::invalid(field, format!("`{field}` {what}"))
}

fn type_matches(schema: &Value, value: &Value) -> bool {
    schema.get("type").map(|t| type_allows(t, value)).unwrap_or(true)
}

fn type_allows(t: &Value, value: &Value) -> bool {
    match t {
        Value::String(name) => is_type(name, value),
        Value::Array(names) => names.iter().filter_map(Value::as_str).any(|n| is_type(n, value)),
        _ => true,
    }
}

fn is_type(name: &str, value: &Value) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}

fn describe_type(t: &Value) -> String {
    let names: Vec<&str> = match t {
        Value::String(s) => vec![s.as_str()],
        Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let names: Vec<String> = names
        .into_iter()
        .map(|n| match n {
            "integer" => "an integer".to_string(),
            "array" => "an array".to_string(),
            "object" => "an object".to_string(),
            "boolean" => "a boolean".to_string(),
            "null" => "null".to_string(),
            other => format!("a {other}"),
        })
        .collect();
    names.join(" or ")
}

/// `a, b or c`.
fn one_of_words(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn control_characters_are_refused_naming_the_field() {
        for bad in ["a\u{0}b", "a\rb", "a\nb", "a\tb", "\u{1b}[31m", "a\u{7f}", "a\u{85}b", "a\u{9b}b", "a\u{2028}b"] {
            let e = check_text(&json!({"query": bad}), &[]).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("query"), "{bad:?}");
        }
        let e = check_text(&json!({"changes": [{"name": "/a", "value": "x"}, {"name": "/b\n", "value": 1}]}), &[])
            .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("changes[1].name"));
        assert!(check_text(&json!({"query": "Amélie 東京 🎬", "n": 3}), &[]).is_ok());
    }

    #[test]
    fn multiline_fields_take_line_breaks_but_no_other_control() {
        let multi = ["comment", "changes[].value"];
        assert!(check_text(&json!({"comment": "line one\r\nline\ttwo"}), &multi).is_ok());
        assert!(check_text(&json!({"changes": [{"name": "/t", "value": "a\nb"}]}), &multi).is_ok());
        let e = check_text(&json!({"comment": "a\u{0}b"}), &multi).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("comment"));
        assert!(check_text(&json!({"subject": "a\nb"}), &multi).is_err());
    }

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "minLength": 1, "maxLength": 5},
                "limit": {"type": "integer", "minimum": 1, "maximum": 100},
                "media": {"type": "array", "items": {"type": "string", "enum": ["movie", "tv"]}, "uniqueItems": true},
                "year": {"type": ["integer", "null"]},
                "kind": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
                "seasons": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"], "additionalProperties": false}}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    }

    fn err(args: Value) -> ToolError {
        validate(&schema(), &args).unwrap_err()
    }

    #[test]
    fn valid_arguments_pass() {
        validate(
            &schema(),
            &json!({"query": "abc", "limit": 5, "media": ["tv"], "year": null, "kind": "a", "seasons": [{"n": 1}]}),
        )
        .unwrap();
    }

    #[test]
    fn unknown_argument_is_named() {
        let e = err(json!({"query": "a", "colour": 1}));
        assert_eq!(e.field.as_deref(), Some("colour"));
        assert!(e.message.contains("query"), "{}", e.message);
    }

    #[test]
    fn missing_required_is_named() {
        assert_eq!(err(json!({})).field.as_deref(), Some("query"));
    }

    #[test]
    fn wrong_type_is_named() {
        let e = err(json!({"query": "a", "limit": "20"}));
        assert_eq!(e.field.as_deref(), Some("limit"));
        assert!(e.message.contains("an integer"), "{}", e.message);
        let e = err(json!({"query": "a", "limit": 2.5}));
        assert_eq!(e.field.as_deref(), Some("limit"));
    }

    #[test]
    fn bounds_and_lengths() {
        assert!(err(json!({"query": "a", "limit": 0})).message.contains("at least 1"));
        assert!(err(json!({"query": "a", "limit": 101})).message.contains("at most 100"));
        assert!(err(json!({"query": ""})).message.contains("must not be empty"));
        assert!(err(json!({"query": "abcdef"})).message.contains("at most 5"));
    }

    #[test]
    fn enum_items_name_the_index() {
        let e = err(json!({"query": "a", "media": ["tv", "book"]}));
        assert_eq!(e.field.as_deref(), Some("media[1]"));
        assert!(e.message.contains("movie, tv"), "{}", e.message);
        let e = err(json!({"query": "a", "media": ["tv", "tv"]}));
        assert_eq!(e.field.as_deref(), Some("media"));
    }

    #[test]
    fn any_of_reports_the_matching_branch() {
        let e = err(json!({"query": "a", "kind": "c"}));
        assert_eq!(e.field.as_deref(), Some("kind"));
        assert!(e.message.contains("one of a, b"), "{}", e.message);
    }

    #[test]
    fn a_value_no_branch_can_take_names_every_kind() {
        let s = json!({"type": "object", "properties": {
            "value": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]}
        }});
        for ok in [json!("x"), json!(3), json!(2.5), json!(false)] {
            validate(&s, &json!({"value": ok})).unwrap();
        }
        for bad in [json!({"a": 1}), json!([1])] {
            let e = validate(&s, &json!({"value": bad})).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("value"));
            assert!(e.message.contains("must be a string, a number or a boolean"), "{}", e.message);
        }
    }

    #[test]
    fn nested_objects_name_the_path() {
        let e = err(json!({"query": "a", "seasons": [{"n": 1}, {"m": 2}]}));
        assert_eq!(e.field.as_deref(), Some("seasons[1].m"));
        let e = err(json!({"query": "a", "seasons": [{}]}));
        assert_eq!(e.field.as_deref(), Some("seasons[0].n"));
    }

    #[test]
    fn non_object_arguments_are_refused() {
        let e = validate(&schema(), &json!([1])).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("arguments"));
    }
}
