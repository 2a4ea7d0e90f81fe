//! API catalogue §1.3, §1.4: the key, impersonation, and role checks.

use ombi_sim::Simulator;

use crate::support::{api, as_user, call, get};

#[test]
fn a_wrong_key_is_401_invalid_api_key_even_on_anonymous_routes() {
    let sim = Simulator::start().unwrap();
    for path in ["/api/v1/Status", "/api/v1/Request/count", "/api/v2/Search/Languages"] {
        let r = call(&sim, "GET", path, &[("ApiKey", "wrong")], None);
        assert_eq!(r.status, 401, "{path}");
        assert_eq!(r.text(), "Invalid API Key");
        assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    }
}

#[test]
fn the_key_works_as_header_any_case_or_query() {
    let sim = Simulator::start().unwrap();
    let upper = sim.api_key().to_uppercase();
    assert_eq!(call(&sim, "GET", "/api/v1/Identity", &[("APIKEY", &upper)], None).status, 200);
    let path = format!("/api/v1/Identity?apikey={}", sim.api_key());
    assert_eq!(call(&sim, "GET", &path, &[], None).status, 200);
}

#[test]
fn no_credentials_on_an_authorized_route_is_an_empty_bearer_challenge() {
    let sim = Simulator::start().unwrap();
    let r = call(&sim, "GET", "/api/v1/Identity", &[], None);
    assert_eq!(r.status, 401);
    assert!(r.body.is_empty());
    assert_eq!(r.header("www-authenticate"), Some("Bearer"));
    // Anonymous routes answer without credentials.
    assert_eq!(call(&sim, "GET", "/api/v1/Request/count", &[], None).status, 200);
    assert_eq!(call(&sim, "GET", "/api/v1/Settings/about", &[], None).status, 200);
    assert_eq!(call(&sim, "GET", "/health", &[], None).status, 200);
}

#[test]
fn the_bare_key_is_the_api_system_user() {
    let sim = Simulator::start().unwrap();
    let me = get(&sim, "/api/v1/Identity");
    assert_eq!(me["userName"], "Api");
    // And it may do admin things.
    assert_eq!(api(&sim, "GET", "/api/v1/Settings/ombi", None).status, 200);
}

#[test]
fn username_impersonates_with_that_users_roles() {
    let sim = Simulator::start().unwrap();
    let r = as_user(&sim, "ALEX", "GET", "/api/v1/Identity", None);
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["userName"], "alex");
    // alex is not a power user: 403 with an empty body.
    let r = as_user(&sim, "alex", "GET", "/api/v1/Identity/Users", None);
    assert_eq!(r.status, 403);
    assert!(r.body.is_empty());
    // riley is.
    assert_eq!(as_user(&sim, "riley", "GET", "/api/v1/Identity/Users", None).status, 200);
    // Admin-only routes stay admin-only for power users.
    assert_eq!(as_user(&sim, "riley", "GET", "/api/v1/Settings/ombi", None).status, 403);
    assert_eq!(as_user(&sim, "riley", "GET", "/api/v1/Settings/sonarr", None).status, 200);
}

#[test]
fn an_empty_or_unknown_username_is_401_invalid_user() {
    let sim = Simulator::start().unwrap();
    for user in ["", "   ", "nobody"] {
        let r = as_user(&sim, user, "GET", "/api/v1/Identity", None);
        assert_eq!(r.status, 401, "{user:?}");
        assert_eq!(r.text(), "Invalid User");
    }
}
