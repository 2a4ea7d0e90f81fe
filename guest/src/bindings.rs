//! The generated bindings of `wit/ombi-mcp.wit` (the `plugin` world and the `wasi:*`
//! interfaces it imports). Generated code stays fenced in this module; nothing here imports
//! from the rest of the crate.

wit_bindgen::generate!({
    world: "plugin",
    path: "../wit",
    generate_all,
});
