//! The generated bindings of `wit/ombi-mcp.wit` (the `plugin` world and the `wasi:*`
//! interfaces it imports). Generated code stays fenced in this module; nothing here imports
//! from the rest of the crate.

#[cfg(feature = "plugin")]
wit_bindgen::generate!({
    world: "plugin",
    path: "../wit",
    generate_all,
});

// Without the `plugin` export (the Wassette face exports its own world): the imports only.
#[cfg(not(feature = "plugin"))]
wit_bindgen::generate!({
    world: "upstream",
    path: "../wit",
    generate_all,
});
