//! JSON-RPC 2.0 message classification and error responses (pure).

use serde_json::{Value, json};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;

/// What one line holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// A request: it must be answered with its `id`.
    Request { id: Value, method: String, params: Value },
    /// A notification: never answered.
    Notification { method: String },
    /// A response to a request this server sent (an elicitation): routed to its waiter.
    Response { id: Value, message: Value },
    /// Not acceptable; answer with this error.
    Invalid { id: Value, code: i64, message: String },
}

/// Classifies one line.
pub fn classify(line: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Invalid { id: Value::Null, code: PARSE_ERROR, message: format!("Parse error: {e}") };
        }
    };
    let Value::Object(obj) = value else {
        let message = if value.is_array() {
            "Invalid Request: batches are not supported; send one JSON-RPC object per line"
        } else {
            "Invalid Request: expected a JSON-RPC object"
        };
        return Incoming::Invalid { id: Value::Null, code: INVALID_REQUEST, message: message.into() };
    };
    let id = obj.get("id").cloned();
    let valid_id = id.as_ref().map(|i| i.is_string() || i.is_i64() || i.is_u64());
    let echo_id = if valid_id == Some(true) { id.clone().unwrap() } else { Value::Null };
    if obj.get("jsonrpc") != Some(&json!("2.0")) {
        return Incoming::Invalid {
            id: echo_id,
            code: INVALID_REQUEST,
            message: "Invalid Request: jsonrpc must be \"2.0\"".into(),
        };
    }
    let Some(method) = obj.get("method") else {
        if obj.contains_key("result") || obj.contains_key("error") {
            return Incoming::Response { id: id.unwrap_or(Value::Null), message: Value::Object(obj) };
        }
        return Incoming::Invalid {
            id: echo_id,
            code: INVALID_REQUEST,
            message: "Invalid Request: method is missing".into(),
        };
    };
    let Some(method) = method.as_str() else {
        return Incoming::Invalid {
            id: echo_id,
            code: INVALID_REQUEST,
            message: "Invalid Request: method must be a string".into(),
        };
    };
    let params = obj.get("params").cloned().unwrap_or(Value::Null);
    if !(params.is_null() || params.is_object() || params.is_array()) {
        return Incoming::Invalid {
            id: echo_id,
            code: INVALID_REQUEST,
            message: "Invalid Request: params must be an object".into(),
        };
    }
    match valid_id {
        None => Incoming::Notification { method: method.to_string() },
        Some(false) => Incoming::Invalid {
            id: Value::Null,
            code: INVALID_REQUEST,
            message: "Invalid Request: id must be a string or an integer".into(),
        },
        Some(true) => Incoming::Request { id: id.unwrap(), method: method.to_string(), params },
    }
}

/// A success response.
pub fn result(id: &Value, result: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "result": result })
}

/// An error response.
pub fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invalid(line: &str) -> (Value, i64) {
        match classify(line.as_bytes()) {
            Incoming::Invalid { id, code, .. } => (id, code),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn requests_and_notifications() {
        assert_eq!(
            classify(br#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#),
            Incoming::Request { id: json!(7), method: "ping".into(), params: Value::Null }
        );
        assert_eq!(
            classify(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Incoming::Notification { method: "notifications/initialized".into() }
        );
        assert_eq!(
            classify(br#"{"jsonrpc":"2.0","id":1,"result":{}}"#),
            Incoming::Response { id: json!(1), message: json!({"jsonrpc": "2.0", "id": 1, "result": {}}) }
        );
    }

    #[test]
    fn malformed_input_codes() {
        assert_eq!(invalid("{not json"), (Value::Null, PARSE_ERROR));
        assert_eq!(invalid("[1,2]"), (Value::Null, INVALID_REQUEST));
        assert_eq!(invalid("42"), (Value::Null, INVALID_REQUEST));
        assert_eq!(invalid(r#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#), (json!(3), INVALID_REQUEST));
        assert_eq!(invalid(r#"{"jsonrpc":"2.0","id":"a"}"#), (json!("a"), INVALID_REQUEST));
        assert_eq!(invalid(r#"{"jsonrpc":"2.0","id":4,"method":5}"#), (json!(4), INVALID_REQUEST));
        assert_eq!(invalid(r#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#), (Value::Null, INVALID_REQUEST));
        assert_eq!(invalid(r#"{"jsonrpc":"2.0","id":5,"method":"ping","params":3}"#), (json!(5), INVALID_REQUEST));
    }
}
