//! The published input schemas (`src/schema/published/generated.rs`) are the ones the tools'
//! argument types generate today. `OMBI_MCP_BLESS=1` rewrites the file.

use ombi_guest::schema::published::{input_schema, render};
use ombi_guest::tools::catalogue;

#[test]
fn the_published_input_schemas_are_current() {
    let generated: Vec<(String, String)> =
        catalogue().iter().map(|e| (e.meta.name.to_string(), e.generated_input_schema().to_string())).collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/schema/published/generated.rs");
    let text = render(&generated);
    if std::env::var_os("OMBI_MCP_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
        return;
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(on_disk == text, "src/schema/published/generated.rs is stale: run `just bless-inputs`");
    // Every tool has one, and it is what the tool validates against.
    assert_eq!(generated.len(), 31);
    for (name, schema) in &generated {
        assert_eq!(input_schema(name), Some(schema.as_str()), "{name}");
        let entry = catalogue().iter().find(|e| e.meta.name == name).unwrap();
        assert_eq!(&entry.input_schema().to_string(), schema, "{name}");
    }
}
