//! `write_user_preferences`: a user's language, streaming country and notification values.
//!
//! Ombi routes (as that user): v1 POST `Identity/language` `{lang}`, POST
//! `Identity/streamingcountry` `{code}`, POST `Identity/NotificationPreferences`
//! `[{agent, userId, value, enabled}]` (§3.10). The country is checked against Ombi's list
//! before anything is written; notification values are never echoed back.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, ItemResult, Mutation, Outcome};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

/// Per-agent notification values (a Discord mention, a Telegram handle, a Pushover user
/// key, …), by agent label.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationValues {
    #[schemars(length(max = 500))]
    pub discord: Option<String>,
    #[schemars(length(max = 500))]
    pub pushbullet: Option<String>,
    #[schemars(length(max = 500))]
    pub pushover: Option<String>,
    #[schemars(length(max = 500))]
    pub telegram: Option<String>,
    #[schemars(length(max = 500))]
    pub slack: Option<String>,
    #[schemars(length(max = 500))]
    pub mattermost: Option<String>,
    #[schemars(length(max = 500))]
    pub gotify: Option<String>,
    #[schemars(length(max = 500))]
    pub whatsapp: Option<String>,
    #[schemars(length(max = 500))]
    pub ntfy: Option<String>,
}

impl NotificationValues {
    /// `(agent code, label, value)` of every value given.
    fn entries(&self) -> Vec<(i64, &'static str, &str)> {
        [
            (1, "discord", &self.discord),
            (2, "pushbullet", &self.pushbullet),
            (3, "pushover", &self.pushover),
            (4, "telegram", &self.telegram),
            (5, "slack", &self.slack),
            (6, "mattermost", &self.mattermost),
            (8, "gotify", &self.gotify),
            (10, "whatsapp", &self.whatsapp),
            (11, "ntfy", &self.ntfy),
        ]
        .into_iter()
        .filter_map(|(c, l, v)| v.as_deref().map(|v| (c, l, v)))
        .collect()
    }
}

tool_args! {
    /// Arguments of `write_user_preferences`.
    pub struct Args {
        /// ISO 639-1, for Ombi's interface and metadata.
        #[schemars(length(min = 2, max = 2))]
        pub language: Option<String>,
        /// From read_reference streaming_countries.
        #[schemars(length(min = 2, max = 2))]
        pub streaming_country: Option<String>,
        /// By agent; each replaces the current value.
        pub notification_values: Option<NotificationValues>,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Identity/streamingcountry"),
    Route::destructive(Method::Post, "/api/v1/Identity/language"),
    Route::destructive(Method::Post, "/api/v1/Identity/streamingcountry"),
    Route::destructive(Method::Post, "/api/v1/Identity/NotificationPreferences"),
];

pub struct WriteUserPreferences;

impl Tool for WriteUserPreferences {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_user_preferences",
        title: "Set user preferences",
        description: "Set a user's language, streaming country (from read_reference kind streaming_countries) and notification values per agent (a Discord mention, Telegram handle, Pushover key, …; stored, never shown back). `as_user` names the user, required unless OMBI_USER is set. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        if args.as_user.is_none() && ctx.settings.default_user.as_deref().is_none_or(|d| d.trim().is_empty()) {
            return Err(ToolError::invalid("as_user", "`as_user` is required: preferences belong to a user (set it, or configure OMBI_USER)"));
        }
        let values = args.notification_values.as_ref().map(NotificationValues::entries).unwrap_or_default();
        if args.language.is_none() && args.streaming_country.is_none() && values.is_empty() {
            return Err(ToolError::invalid("arguments", "give at least one of language, streaming_country and notification_values"));
        }
        if let Some(l) = &args.language
            && !(l.len() == 2 && l.bytes().all(|b| b.is_ascii_lowercase()))
        {
            return Err(ToolError::invalid("language", "`language` must be an ISO 639-1 code of two lowercase letters, e.g. \"de\""));
        }
        let acting = ctx.acting_user(args.as_user.as_deref())?.expect("a user was required above");
        let user = Some(acting.user_name.clone());
        let mut steps: Vec<(&str, ApiRequest)> = Vec::new();
        if let Some(lang) = &args.language {
            steps.push(("language", ApiRequest::write(Method::Post, "/api/v1/Identity/language", Some(&json!({ "lang": lang }))).as_user(user.clone())));
        }
        if let Some(code) = &args.streaming_country {
            let code = code.trim().to_ascii_uppercase();
            let known = ctx.list::<String>(&ApiRequest::get("/api/v1/Identity/streamingcountry"), "the streaming countries")?;
            if !known.items.iter().any(|c| c.trim().eq_ignore_ascii_case(&code)) {
                if known.cut {
                    return Err(crate::ctx::unchecked("streaming_country", "Ombi's list of streaming countries", known.items.len()));
                }
                return Err(ToolError::invalid("streaming_country", format!("`streaming_country` must be one of Ombi's countries: {}", known.items.join(", "))));
            }
            steps.push(("streaming_country", ApiRequest::write(Method::Post, "/api/v1/Identity/streamingcountry", Some(&json!({ "code": code }))).as_user(user.clone())));
        }
        if !values.is_empty() {
            let body: Vec<Value> = values.iter().map(|(agent, _, v)| json!({"agent": agent, "userId": acting.id, "value": v, "enabled": true})).collect();
            steps.push(("notification_values", ApiRequest::write(Method::Post, "/api/v1/Identity/NotificationPreferences", Some(&Value::Array(body))).as_user(user.clone())));
        }
        let mut what: Vec<String> = Vec::new();
        if let Some(l) = &args.language {
            what.push(format!("language to {l}"));
        }
        if let Some(c) = &args.streaming_country {
            what.push(format!("streaming country to {}", c.to_ascii_uppercase()));
        }
        if !values.is_empty() {
            let labels: Vec<&str> = values.iter().map(|(_, l, _)| *l).collect();
            what.push(format!("notification values for {}", labels.join(", ")));
        }
        let requests: Vec<ApiRequest> = steps.iter().map(|(_, r)| r.clone()).collect();
        ctx.confirm(crate::summary::Summary::new(format!("Set a user's {}", what.join("; "))).quote("User", &acting.user_name), &requests)?;
        let reconcile = "read_users view me";
        let mut results: Vec<ItemResult> = Vec::new();
        for (i, (label, req)) in steps.iter().enumerate() {
            let step_what = format!("the {} change", label.replace('_', " "));
            let outcome = ctx.mutate(req, &step_what, reconcile).and_then(|resp| {
                mutation::boolean(&resp, &step_what, reconcile, || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi refused {step_what}.")))
            });
            match outcome {
                Ok(_) => results.push(ItemResult { identifier: label.to_string(), outcome: Outcome::Completed, message: None }),
                Err(e) if i == 0 => return Err(e),
                Err(mut e) => {
                    // Earlier changes took effect: a partial failure, with what is known.
                    let failed = if e.code == ErrorCode::UnknownOutcome { Outcome::Unknown } else { Outcome::Rejected };
                    results.push(ItemResult { identifier: label.to_string(), outcome: failed, message: Some(e.message.clone()) });
                    let mut m = Mutation::new(Outcome::Partial);
                    m.user_id = Some(acting.id.clone());
                    m.item_results = results;
                    e.code = ErrorCode::PartialFailure;
                    e.message = format!("Some preferences were saved, then {step_what} failed: {}", e.message);
                    return Err(e.with_data(Data::Mutation(m)));
                }
            }
        }
        let mut m = Mutation::new(Outcome::Completed);
        m.user_id = Some(acting.id);
        m.item_results = results;
        Ok(Data::Mutation(m).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;

    fn settings() -> Settings {
        Settings { allow_writes: true, default_user: Some("sam".into()), ..Settings::default() }
    }

    #[test]
    fn an_unknown_country_writes_nothing() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"sam"}]"#)
            .reply("GET /api/v1/Identity/streamingcountry", 200, r#"["GB","US"]"#);
        let e = run_tool_with(&mut fake, &settings(), "write_user_preferences", json!({"language": "de", "streaming_country": "XX"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("streaming_country"));
        assert!(fake.sent.iter().all(|r| !r.mutation));
    }

    #[test]
    fn values_are_sent_but_never_echoed() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"sam"}]"#)
            .reply("POST /api/v1/Identity/NotificationPreferences", 200, "true");
        let (out, _) = run_tool_with(&mut fake, &settings(), "write_user_preferences", json!({"notification_values": {"discord": "<@998877>"}}));
        let out = out.unwrap();
        assert!(!format!("{:?}", out).contains("998877"));
        let body: Value = serde_json::from_slice(fake.sent[1].body.as_ref().unwrap()).unwrap();
        assert_eq!(body, json!([{"agent": 1, "userId": "u-1", "value": "<@998877>", "enabled": true}]));
    }
}
