//! Resources, prompts and completions, served from what the component describes (its WIT
//! `extras`, read once per component build) without knowing a tool. Every resource is read
//! through a tool, and every live completion is a tool call, so both run under the same
//! authorization, route declarations, budgets and redaction as a `tools/call`. No URI
//! carries a secret: a URI only names a value of one tool argument and the string
//! arguments the component lets it add.

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::call::{Backend, Caller, Confirm, ToolCall};
use super::catalogue::Catalogue;

/// A JSON-RPC error: code and message.
pub type RpcError = (i64, String);

fn invalid(message: impl Into<String>) -> RpcError {
    (-32602, message.into())
}

/// What the component offers besides tools.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extras {
    #[serde(default)]
    resources: Vec<Family>,
    #[serde(default)]
    prompts: Vec<Prompt>,
    #[serde(default)]
    completions: Vec<Completion>,
}

/// A family of resources: one URI template whose one variable fills one argument of a tool.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Family {
    template: Template,
    tool: String,
    variable: String,
    #[serde(default)]
    arguments: Map<String, Value>,
    #[serde(default)]
    query: Vec<String>,
    list: Option<Listing>,
    contents: Contents,
    /// The template before `{variable}` (computed when read).
    #[serde(skip)]
    prefix: String,
}

#[derive(Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Template {
    uri_template: String,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    mime_type: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Listing {
    title: String,
    #[serde(default)]
    except: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Contents {
    pointer: String,
    #[serde(rename = "as")]
    form: Form,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Form {
    /// The value as JSON text.
    Json,
    /// An array of strings joined by newlines.
    Lines,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Prompt {
    name: String,
    title: Option<String>,
    description: Option<String>,
    #[serde(default)]
    arguments: Vec<PromptArgument>,
    text: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromptArgument {
    name: String,
    description: Option<String>,
    #[serde(default)]
    required: bool,
    #[serde(default, rename = "enum")]
    one_of: Vec<String>,
    /// How a given value renders (`{value}` is the value); the value itself by default.
    present: Option<String>,
    /// How an absent argument renders.
    #[serde(default)]
    absent: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Completion {
    #[serde(rename = "ref")]
    of: String,
    argument: String,
    #[serde(default)]
    values: Vec<String>,
    enum_of: Option<EnumOf>,
    tool: Option<String>,
    #[serde(default)]
    arguments: Map<String, Value>,
    items: Option<String>,
    field: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnumOf {
    tool: String,
    argument: String,
}

/// Offers nothing.
pub static NONE: Extras = Extras { resources: Vec::new(), prompts: Vec::new(), completions: Vec::new() };

impl Extras {
    /// Reads the component's description; every tool it names must be in `tools`.
    pub fn parse(text: &str, tools: &Catalogue) -> Result<Extras, String> {
        let mut extras: Extras = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let known = |tool: &str| {
            if tools.get(tool).is_some() { Ok(()) } else { Err(format!("it names a tool it does not list: {tool}")) }
        };
        for f in &mut extras.resources {
            known(&f.tool)?;
            let hole = format!("{{{}}}", f.variable);
            f.prefix = match f.template.uri_template.strip_suffix(&hole) {
                Some(prefix) if !prefix.contains('{') && prefix.contains("://") => prefix.to_string(),
                _ => return Err(format!("{} must end with its one variable {hole}", f.template.uri_template)),
            };
        }
        for c in &extras.completions {
            if let Some(t) = &c.tool {
                known(t)?;
            }
            if let Some(e) = &c.enum_of {
                known(&e.tool)?;
            }
        }
        Ok(extras)
    }

    /// `resources/list`: one resource per value of each listed family's variable (the enum
    /// of that tool argument, as the tool's input schema lists it).
    pub fn resources(&self, tools: &Catalogue) -> Value {
        let mut list = Vec::new();
        for f in &self.resources {
            let Some(listing) = &f.list else { continue };
            for value in enum_of(tools, &f.tool, &f.variable).iter().filter(|v| !listing.except.contains(v)) {
                list.push(json!({
                    "uri": format!("{}{value}", f.prefix),
                    "name": value,
                    "title": listing.title.replace("{label}", &value.replace('_', " ")),
                    "mimeType": f.template.mime_type,
                }));
            }
        }
        json!({ "resources": list })
    }

    /// `resources/templates/list`.
    pub fn templates(&self) -> Value {
        let list: Vec<&Template> = self.resources.iter().map(|f| &f.template).collect();
        json!({ "resourceTemplates": list })
    }

    /// The tool call that reads resource `uri`, and its family.
    fn resource_call(&self, uri: &str, caller: Caller, tools: &Catalogue) -> Result<(ToolCall, &Family), RpcError> {
        let unknown =
            || invalid(format!("unknown resource {}; see resources/list and resources/templates/list", short(uri)));
        let (f, rest) =
            self.resources.iter().find_map(|f| Some((f, uri.strip_prefix(f.prefix.as_str())?))).ok_or_else(unknown)?;
        let (value, query) = match rest.split_once('?') {
            Some((v, q)) => (v, Some(q)),
            None => (rest, None),
        };
        let allowed = enum_of(tools, &f.tool, &f.variable);
        if value.is_empty() || value.contains('/') || (!allowed.is_empty() && !allowed.iter().any(|a| a == value)) {
            return Err(unknown());
        }
        let mut args = f.arguments.clone();
        args.insert(f.variable.clone(), json!(value));
        for pair in query.into_iter().flat_map(|q| q.split('&')) {
            match pair.split_once('=') {
                Some((k, v)) if !v.is_empty() && f.query.iter().any(|q| q == k) => {
                    args.insert(k.to_string(), json!(v));
                }
                _ => return Err(invalid(format!("unknown parameter in {}", short(uri)))),
            }
        }
        Ok((call(&f.tool, Value::Object(args), caller), f))
    }

    /// `resources/read`: reads resource `uri` through its tool.
    pub async fn read(backend: std::sync::Arc<dyn Backend>, uri: &str, caller: Caller) -> Result<Value, RpcError> {
        let (call, f) = backend.extras().resource_call(uri, caller, backend.catalogue())?;
        let (pointer, form, mime) = (f.contents.pointer.clone(), f.contents.form, f.template.mime_type.clone());
        let out = backend.clone().call(call).await.map_err(|e| (-32603, format!("{e:?}")))?;
        let env = out.done().ok_or((-32603, "unexpected input request".to_string()))?.structured.into_value();
        if env["ok"] != true {
            let code = env["error"]["code"].as_str().unwrap_or("");
            let message = env["error"]["message"].as_str().unwrap_or("the read failed").to_string();
            return Err(if matches!(code, "NOT_FOUND" | "INVALID_ARGUMENT") {
                invalid(message)
            } else {
                (-32603, message)
            });
        }
        let value = env.pointer(&pointer).cloned().unwrap_or(Value::Null);
        let text = match form {
            Form::Json => value.to_string(),
            Form::Lines => {
                value.as_array().into_iter().flatten().filter_map(Value::as_str).collect::<Vec<_>>().join("\n")
            }
        };
        Ok(json!({ "contents": [{ "uri": uri, "mimeType": mime, "text": text }] }))
    }

    /// `prompts/list`.
    pub fn prompts(&self) -> Value {
        let list: Vec<Value> = self
            .prompts
            .iter()
            .map(|p| {
                let arguments: Vec<Value> = p
                    .arguments
                    .iter()
                    .map(|a| present(json!({ "name": a.name, "description": a.description, "required": a.required })))
                    .collect();
                present(
                    json!({ "name": p.name, "title": p.title, "description": p.description, "arguments": arguments }),
                )
            })
            .collect();
        json!({ "prompts": list })
    }

    /// `prompts/get`: the prompt's message, or `-32602` for an unknown prompt or a missing
    /// or invalid argument.
    pub fn prompt(&self, name: &str, args: &Value) -> Result<Value, RpcError> {
        let p = self
            .prompts
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| invalid(format!("unknown prompt {}; see prompts/list", short(name))))?;
        let mut filled = std::collections::HashMap::new();
        for a in &p.arguments {
            let given = args.get(&a.name).and_then(Value::as_str).map(str::trim).filter(|v| !v.is_empty());
            let text = match given {
                None if a.required => return Err(invalid(format!("argument {} is required", a.name))),
                None => a.absent.clone(),
                Some(v) if !a.one_of.is_empty() && !a.one_of.iter().any(|o| o == v) => {
                    return Err(invalid(format!("argument {} must be one of {}", a.name, a.one_of.join(", "))));
                }
                Some(v) => a.present.as_deref().unwrap_or("{value}").replace("{value}", v),
            };
            filled.insert(a.name.as_str(), text);
        }
        let text = render(&p.text, &filled);
        let description = p.title.as_deref().or(p.description.as_deref()).unwrap_or(&p.name);
        Ok(
            json!({ "description": description, "messages": [{ "role": "user", "content": { "type": "text", "text": text } }] }),
        )
    }

    /// `completion/complete`: values for a prompt argument or a resource-template variable,
    /// fixed, from a tool argument's enum, or read live with a tool.
    pub async fn complete(
        backend: std::sync::Arc<dyn Backend>,
        params: &Value,
        caller: Caller,
    ) -> Result<Value, RpcError> {
        let of = params["ref"]["type"].as_str().filter(|t| matches!(*t, "ref/prompt" | "ref/resource"));
        let of = of.ok_or_else(|| invalid("completion/complete needs ref of type ref/prompt or ref/resource"))?;
        let arg = params["argument"]["name"].as_str().unwrap_or("");
        let prefix = params["argument"]["value"].as_str().unwrap_or("").to_lowercase();
        let source = backend.extras().completions.iter().find(|c| c.of == of && c.argument == arg);
        let candidates = match source {
            None => Vec::new(),
            Some(c) if !c.values.is_empty() => c.values.clone(),
            Some(Completion { enum_of: Some(e), .. }) => enum_of(backend.catalogue(), &e.tool, &e.argument),
            Some(Completion { tool: Some(tool), arguments, items: Some(items), field: Some(field), .. }) => {
                let call = call(tool, Value::Object(arguments.clone()), caller);
                let (items, field) = (items.clone(), field.clone());
                live(backend.clone(), call, &items, &field).await
            }
            Some(_) => Vec::new(),
        };
        let values: Vec<String> =
            candidates.into_iter().filter(|c| c.to_lowercase().starts_with(&prefix)).take(100).collect();
        let total = values.len();
        Ok(json!({ "completion": { "values": values, "total": total, "hasMore": false } }))
    }
}

/// `object` without its null members (MCP leaves an absent field out).
fn present(mut object: Value) -> Value {
    if let Some(map) = object.as_object_mut() {
        map.retain(|_, v| !v.is_null());
    }
    object
}

/// The values of `tool`'s enum argument `argument` (none when it has no enum).
fn enum_of(tools: &Catalogue, tool: &str, argument: &str) -> Vec<String> {
    tools.get(tool).and_then(|t| t.enums.get(argument)).cloned().unwrap_or_default()
}

/// `text` with each `{name}` of `filled` replaced, in one pass (a value is never read as a
/// placeholder).
fn render(text: &str, filled: &std::collections::HashMap<&str, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| Some((filled.get(&after[..close])?, close))) {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn call(name: &str, args: Value, caller: Caller) -> ToolCall {
    ToolCall { name: name.into(), caller, arguments: args.to_string(), confirm: Confirm::Unavailable }
}

fn short(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(120).collect()
}

/// Names read with a tool: `field` of every item at `pointer` (nothing when the read fails).
async fn live(backend: std::sync::Arc<dyn Backend>, call: ToolCall, pointer: &str, field: &str) -> Vec<String> {
    let Ok(out) = backend.call(call).await else { return Vec::new() };
    let Some(done) = out.done() else { return Vec::new() };
    let env = done.structured.into_value();
    env.pointer(pointer)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| i[field].as_str().map(str::to_string))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A component with a catalogue tool `shelf` (an enum `kind`) and a free-id tool `page`;
    /// names unlike any real tool's, since the host knows none.
    fn catalogue() -> Catalogue {
        let tool =
            |name: &str, props: Value| json!({"name": name, "inputSchema": {"type": "object", "properties": props}});
        Catalogue::from_values(&[
            tool("shelf", json!({"kind": {"type": "string", "enum": ["red_books", "blue", "secret_free"]}, "limit": {"type": "integer"}, "filter": {"type": "string"}})),
            tool("page", json!({"id": {"type": "string"}, "tail": {"type": "boolean"}})),
        ])
        .unwrap()
    }

    fn extras() -> Extras {
        let text = json!({
            "resources": [
                {"template": {"uriTemplate": "demo://shelf/{kind}", "name": "shelf", "mimeType": "application/json"},
                 "tool": "shelf", "variable": "kind", "arguments": {"limit": 100}, "query": ["filter"],
                 "list": {"title": "Shelf: {label}", "except": ["secret_free"]}, "contents": {"pointer": "/data", "as": "json"}},
                {"template": {"uriTemplate": "demo://page/{id}", "name": "page", "mimeType": "text/plain"},
                 "tool": "page", "variable": "id", "arguments": {"tail": true}, "contents": {"pointer": "/data/lines", "as": "lines"}}
            ],
            "prompts": [
                {"name": "ask", "title": "Ask", "text": "Look for \"{title}\"{kind} as {user}.",
                 "arguments": [
                    {"name": "title", "required": true},
                    {"name": "user", "required": true, "present": "\"{value}\""},
                    {"name": "kind", "enum": ["blue", "red_books"], "present": " (a {value})", "absent": ""}
                 ]}
            ],
            "completions": [
                {"ref": "ref/prompt", "argument": "kind", "values": ["blue", "red_books"]},
                {"ref": "ref/resource", "argument": "kind", "enum_of": {"tool": "shelf", "argument": "kind"}}
            ]
        });
        Extras::parse(&text.to_string(), &catalogue()).unwrap()
    }

    #[test]
    fn resource_uris_map_to_reads_of_the_declared_tool() {
        let (e, c) = (extras(), catalogue());
        let (call, f) = e.resource_call("demo://shelf/blue?filter=x", Caller::default(), &c).unwrap();
        assert_eq!((call.name.as_str(), f.template.name.as_str()), ("shelf", "shelf"));
        let args: Value = serde_json::from_str(&call.arguments).unwrap();
        assert_eq!(args, json!({"kind": "blue", "limit": 100, "filter": "x"}));
        let (call, _) = e.resource_call("demo://page/log1.txt", Caller::default(), &c).unwrap();
        assert_eq!(serde_json::from_str::<Value>(&call.arguments).unwrap(), json!({"id": "log1.txt", "tail": true}));
        for bad in [
            "demo://shelf/nope",
            "https://x",
            "demo://page/",
            "demo://page/a/b",
            "demo://shelf/blue?apikey=x",
            "demo://shelf/blue?filter=",
            "demo://page/x?filter=y",
            "demo://other/x",
        ] {
            assert_eq!(e.resource_call(bad, Caller::default(), &c).err().map(|e| e.0), Some(-32602), "{bad}");
        }
    }

    #[test]
    fn listed_resources_hold_no_secret_and_read() {
        let (e, c) = (extras(), catalogue());
        let listed = e.resources(&c);
        let list = listed["resources"].as_array().unwrap();
        let uris: Vec<&str> = list.iter().map(|r| r["uri"].as_str().unwrap()).collect();
        assert_eq!(uris, ["demo://shelf/red_books", "demo://shelf/blue"], "every enum value but the excepted");
        assert_eq!(list[0]["title"], "Shelf: red books");
        let text = listed.to_string().to_lowercase();
        for secret in ["apikey", "api_key", "token", "password", "?"] {
            assert!(!text.contains(secret), "a listed resource names {secret:?}: {text}");
        }
        for uri in uris {
            // Each reads its value through the family's tool, with the fixed arguments.
            let (call, f) = e.resource_call(uri, Caller::default(), &c).unwrap();
            assert_eq!(call.name, "shelf", "{uri}");
            let args: Value = serde_json::from_str(&call.arguments).unwrap();
            assert_eq!(args["kind"], uri.trim_start_matches("demo://shelf/"), "{uri}");
            assert_eq!(args["limit"], 100, "{uri}");
            assert!(matches!(f.contents.form, Form::Json), "{uri}");
        }
        assert_eq!(e.templates()["resourceTemplates"][1]["uriTemplate"], "demo://page/{id}");
    }

    #[test]
    fn prompts_check_and_render_their_arguments_in_one_pass() {
        let e = extras();
        assert!(e.prompt("ask", &json!({"title": "Dune"})).is_err(), "user is required");
        let p = e.prompt("ask", &json!({"title": "{user}", "user": "alex", "kind": "blue"})).unwrap();
        let text = p["messages"][0]["content"]["text"].as_str().unwrap();
        assert_eq!(text, "Look for \"{user}\" (a blue) as \"alex\".", "a value is never read as a placeholder");
        let p = e.prompt("ask", &json!({"title": "x", "user": "y"})).unwrap();
        assert_eq!(p["messages"][0]["content"]["text"], "Look for \"x\" as \"y\".");
        assert_eq!(e.prompt("ask", &json!({"title": "x", "user": "y", "kind": "green"})).unwrap_err().0, -32602);
        assert!(e.prompt("nope", &json!({})).is_err());
        assert_eq!(e.prompts()["prompts"][0]["arguments"][0], json!({"name": "title", "required": true}));
    }

    #[test]
    fn a_description_naming_an_unknown_tool_or_a_bad_template_is_refused() {
        let c = catalogue();
        let family = |tool: &str, template: &str| {
            json!({"resources": [{"template": {"uriTemplate": template, "name": "n", "mimeType": "text/plain"},
                "tool": tool, "variable": "id", "contents": {"pointer": "/data", "as": "json"}}]})
            .to_string()
        };
        assert!(Extras::parse(&family("page", "demo://page/{id}"), &c).is_ok());
        assert!(Extras::parse(&family("gone", "demo://page/{id}"), &c).is_err());
        assert!(Extras::parse(&family("page", "demo://page/{id}/x"), &c).is_err());
        assert!(Extras::parse(&family("page", "{id}"), &c).is_err());
        assert!(Extras::parse("{\"surprise\": 1}", &c).is_err());
        assert!(Extras::parse("{}", &c).is_ok());
    }
}
