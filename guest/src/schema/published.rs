//! The input schemas as published, one JSON text per tool, generated from the tools'
//! argument types by `schema::input::schema_of` (`just bless-inputs`;
//! `tests/published_inputs.rs` fails while this file is stale). A fresh instance serves
//! each call, so reading this text is what keeps a call from generating its schema anew.

mod generated;

/// The published input schema of tool `name`, if it has one.
pub fn input_schema(name: &str) -> Option<&'static str> {
    generated::INPUT_SCHEMAS.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// This file's generated part for `schemas` (tool name, schema as JSON text), in order.
pub fn render(schemas: &[(String, String)]) -> String {
    let mut out = String::from(
        "// Generated from the tools' argument types by `just bless-inputs`; do not edit.\n\n#[rustfmt::skip]\npub const INPUT_SCHEMAS: &[(&str, &str)] = &[\n",
    );
    for (name, schema) in schemas {
        assert!(!schema.contains("\"###"), "{name}: its schema would end the raw string");
        out.push_str(&format!("    (\"{name}\", r###\"{schema}\"###),\n"));
    }
    out.push_str("];\n");
    out
}
