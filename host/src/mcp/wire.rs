//! Messages on their way to the client, and their bytes: a tool result's envelope is
//! written once as `structuredContent` and once as the text block, never re-parsed.

use serde_json::Value;
use serde_json::value::RawValue;

/// A message on its way to the client.
pub enum Outgoing {
    Value(Value),
    /// A `tools/call` result: its envelope is written once as `structuredContent` and once
    /// as the text block's string, never parsed and re-serialised on the way.
    Tool {
        id: Value,
        head: Value,
        envelope: Box<RawValue>,
    },
    /// A `tools/list` result: the catalogue's text as it is.
    Tools {
        id: Value,
        head: Value,
        tools: Box<RawValue>,
    },
}

impl From<Value> for Outgoing {
    fn from(v: Value) -> Outgoing {
        Outgoing::Value(v)
    }
}

#[derive(serde::Serialize)]
struct Message<'a, R> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: R,
}

#[derive(serde::Serialize)]
struct ToolsWire<'a> {
    tools: &'a RawValue,
    #[serde(flatten)]
    head: &'a Value,
}

#[derive(serde::Serialize)]
struct ToolResultWire<'a> {
    content: [TextContent<'a>; 1],
    #[serde(rename = "structuredContent")]
    structured: &'a RawValue,
    /// `isError` and the era's fields.
    #[serde(flatten)]
    head: &'a Value,
}

#[derive(serde::Serialize)]
struct TextContent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    text: &'a str,
}

/// One line of output: the message's JSON and a newline.
pub fn encode(out: &Outgoing) -> Vec<u8> {
    let mut line = match out {
        Outgoing::Value(v) => serde_json::to_vec(v),
        Outgoing::Tool { id, head, envelope } => serde_json::to_vec(&Message {
            jsonrpc: "2.0",
            id,
            result: ToolResultWire {
                content: [TextContent { kind: "text", text: envelope.get() }],
                structured: envelope,
                head,
            },
        }),
        Outgoing::Tools { id, head, tools } => {
            serde_json::to_vec(&Message { jsonrpc: "2.0", id, result: ToolsWire { tools, head } })
        }
    }
    .unwrap_or_default();
    line.push(b'\n');
    line
}
