//! The Wassette face's generated files (`wassette/wit/world.wit`, `wassette/src/generated.rs`,
//! `wassette/package-docs.json`) match what the generator makes from the tools' argument
//! types today. `OMBI_MCP_BLESS=1` rewrites them.

use ombi_guest::wit_face::{generate, tools};

#[test]
fn the_generated_wassette_files_are_current() {
    let face = generate(&tools());
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../wassette");
    let files =
        [("wit/world.wit", &face.wit), ("src/generated.rs", &face.glue), ("package-docs.json", &face.package_docs)];
    let bless = std::env::var_os("OMBI_MCP_BLESS").is_some();
    for (path, text) in files {
        let full = format!("{root}/{path}");
        if bless {
            std::fs::write(&full, text).unwrap();
            continue;
        }
        let on_disk = std::fs::read_to_string(&full).unwrap_or_default();
        assert!(
            &on_disk == text,
            "wassette/{path} is stale: run OMBI_MCP_BLESS=1 cargo test -p ombi-guest --test wassette_face"
        );
    }
    // One export per tool, each documented, in the package-docs Wassette reads.
    let count = ombi_guest::dispatch::descriptors().len();
    assert_eq!(face.wit.matches("    export ").count(), count);
    let docs: serde_json::Value = serde_json::from_str(&face.package_docs).unwrap();
    let funcs = docs["worlds"]["ombi"]["func_exports"].as_object().unwrap();
    assert_eq!(funcs.len(), count);
    assert!(funcs["read-search"]["docs"].as_str().unwrap().contains("Parameters"));
}
