//! Every fault, observable from the client side and in the received-request log.

use std::time::{Duration, Instant};

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::json;

use crate::support::{api, as_user, parse, raw};

fn key(sim: &Simulator) -> String {
    sim.api_key().to_string()
}

#[test]
fn status_faults_have_ombis_body_shapes() {
    let sim = Simulator::start().unwrap();
    let cases = [
        (FaultBody::ProblemDetails, "application/problem+json"),
        (FaultBody::ErrorJson("boom".into()), "application/json"),
        (FaultBody::Html, "text/html"),
        (FaultBody::Text("Service Unavailable".into()), "text/plain"),
    ];
    for (body, content_type) in cases {
        sim.clear_faults();
        sim.inject(FaultRule::on(
            "/api/v1/Status",
            Fault::Status { status: 503, body: body.clone(), retry_after: Some(30) },
        ));
        let r = api(&sim, "GET", "/api/v1/Status", None);
        assert_eq!(r.status, 503);
        assert!(r.header("content-type").unwrap().starts_with(content_type), "{body:?}");
        assert_eq!(r.header("retry-after"), Some("30"));
    }
    sim.clear_faults();
    sim.inject(FaultRule::on(
        "/api/v1/Status",
        Fault::Status { status: 500, body: FaultBody::ErrorJson("boom".into()), retry_after: None },
    ));
    assert_eq!(api(&sim, "GET", "/api/v1/Status", None).json(), json!({"error": "boom"}));
    sim.clear_faults();
    sim.inject(FaultRule::on(
        "/api/v1/Status",
        Fault::Status { status: 401, body: FaultBody::Empty, retry_after: None },
    ));
    assert!(api(&sim, "GET", "/api/v1/Status", None).body.is_empty());
}

#[test]
fn rules_match_method_and_path_and_run_out() {
    let sim = Simulator::start().unwrap();
    sim.inject(
        FaultRule::on("/api/v1/status", Fault::Status { status: 502, body: FaultBody::Empty, retry_after: None })
            .method("GET")
            .times(2),
    );
    assert_eq!(api(&sim, "GET", "/api/v1/Status", None).status, 502);
    assert_eq!(api(&sim, "GET", "/api/v1/Status/info", None).status, 502);
    assert_eq!(api(&sim, "GET", "/api/v1/Status", None).status, 200, "only twice");
}

#[test]
fn delay_then_answer() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v1/Status", Fault::Delay(Duration::from_millis(400))));
    let t = Instant::now();
    assert_eq!(api(&sim, "GET", "/api/v1/Status", None).status, 200);
    assert!(t.elapsed() >= Duration::from_millis(400));
}

#[test]
fn headers_that_never_come() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v1/Status", Fault::NoHeaders));
    let t = Instant::now();
    let bytes = raw(&sim, "GET", "/api/v1/Status", &[("ApiKey", &key(&sim))], None, Duration::from_millis(700));
    assert!(bytes.is_empty());
    assert!(t.elapsed() >= Duration::from_millis(650));
    let got = sim.received();
    assert_eq!(got.last().unwrap().status, None, "the log shows no answer was given");
}

#[test]
fn a_dripping_body_arrives_slowly_but_whole() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v1/Status/info", Fault::Drip { chunk: 2, every: Duration::from_millis(100) }));
    let t = Instant::now();
    let r = parse(&raw(&sim, "GET", "/api/v1/Status/info", &[("ApiKey", &key(&sim))], None, Duration::from_secs(5)));
    assert_eq!(r.json(), json!("4.59.3"));
    assert!(t.elapsed() >= Duration::from_millis(400), "{:?}", t.elapsed());
}

#[test]
fn a_body_that_stops_half_way() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v1/Settings/about", Fault::CutBody { after: 40 }));
    let r = parse(&raw(&sim, "GET", "/api/v1/Settings/about", &[], None, Duration::from_secs(5)));
    let declared: usize = r.header("content-length").unwrap().parse().unwrap();
    assert_eq!(r.body.len(), 40);
    assert!(declared > 40);
}

#[test]
fn a_body_far_over_any_budget() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v2/Search/multi", Fault::Oversized { bytes: 20 * 1024 * 1024 }));
    let r = api(&sim, "POST", "/api/v2/Search/multi/x", Some(&json!({"movies": true})));
    assert!(r.body.len() >= 20 * 1024 * 1024);
    assert!(r.json().as_array().unwrap().len() > 1000);
}

#[test]
fn a_dropped_connection() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v1/Status", Fault::Drop));
    assert!(raw(&sim, "GET", "/api/v1/Status", &[], None, Duration::from_secs(5)).is_empty());
}

#[test]
fn the_write_happens_then_no_answer() {
    let sim = Simulator::start().unwrap();
    let tmdb = sim.with_state(|s| {
        s.movies.iter().find(|m| !s.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id)).unwrap().tmdb_id
    });
    sim.inject(FaultRule::on("/api/v1/Request/movie", Fault::WriteThenHang).method("POST"));
    let k = key(&sim);
    let bytes = raw(
        &sim,
        "POST",
        "/api/v1/Request/movie",
        &[("ApiKey", &k), ("UserName", "alex")],
        Some(&json!({"theMovieDbId": tmdb})),
        Duration::from_millis(500),
    );
    assert!(bytes.is_empty());
    // The write took effect (allowing a slow machine a moment to run the handler).
    let deadline = Instant::now() + Duration::from_secs(5);
    while !sim.with_state(|s| s.movie_requests.iter().any(|r| r.tmdb_id == tmdb)) {
        assert!(Instant::now() < deadline, "the write did not take effect");
        std::thread::sleep(Duration::from_millis(20));
    }
    // What reached Ombi, and as whom.
    let got = sim.received();
    let post = got.iter().rev().find(|r| r.method == "POST").unwrap();
    assert_eq!(post.path, "/api/v1/Request/movie");
    assert_eq!(post.header("apikey"), Some(k.as_str()));
    assert_eq!(post.header("username"), Some("alex"));
    assert_eq!(post.status, None);
    // The same with a dropped connection.
    sim.clear_faults();
    sim.inject(FaultRule::on("/api/v1/Issues", Fault::WriteThenDrop).method("POST"));
    let before = sim.with_state(|s| s.issues.len());
    let body = json!({"title": "x", "requestType": 1, "providerId": "603", "subject": "s", "description": "d", "issueCategoryId": 1});
    assert!(raw(&sim, "POST", "/api/v1/Issues", &[("ApiKey", &k)], Some(&body), Duration::from_secs(5)).is_empty());
    assert_eq!(sim.with_state(|s| s.issues.len()), before + 1);
}

#[test]
fn the_log_records_requests_that_got_answers() {
    let sim = Simulator::start().unwrap();
    as_user(&sim, "sam", "GET", "/api/v1/Identity", None);
    let got = sim.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].status, Some(200));
    assert_eq!(got[0].header("username"), Some("sam"));
    sim.clear_received();
    assert!(sim.received().is_empty());
}

#[test]
fn connections_are_kept_alive_like_kestrel() {
    use std::io::{BufRead, BufReader, Read, Write};
    let sim = ombi_sim::Simulator::start().unwrap();
    let addr = sim.url().trim_start_matches("http://").to_string();
    let stream = std::net::TcpStream::connect(&addr).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    for _ in 0..3 {
        write!(writer, "GET /api/v1/Status HTTP/1.1\r\nHost: {addr}\r\nApiKey: {}\r\n\r\n", sim.api_key()).unwrap();
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        let mut length = 0;
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap();
            }
            assert!(!line.to_ascii_lowercase().starts_with("connection: close"));
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
    }
    assert_eq!(sim.received().len(), 3);
}
