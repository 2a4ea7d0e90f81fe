//! Input schemas generated from argument types: the one source of truth for what a tool
//! accepts. The same schema is published in `tools/list` and enforced by [`super::validate`].

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::Value;

/// The JSON Schema (2020-12) of `T`, with every subschema inlined so clients need no `$ref`
/// resolution.
pub fn schema_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true).into_generator();
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Some(obj) = value.as_object_mut() {
        // The Rust type's name means nothing to a client.
        obj.remove("title");
    }
    value
}
