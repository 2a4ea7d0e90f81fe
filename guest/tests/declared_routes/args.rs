//! Arguments for any tool, drawn from its input schema with values the simulator knows (its
//! ids, names, titles, files), so calls reach past validation and lookups into every branch;
//! now and then a value it does not know.

use std::collections::BTreeMap;

use ombi_sim::Simulator;
use serde_json::{Map, Value, json};

/// xorshift64*: small and seedable.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// Values by argument name.
pub struct Pools {
    numbers: BTreeMap<&'static str, Vec<u64>>,
    texts: BTreeMap<&'static str, Vec<String>>,
}

/// The simulator's ids and names, by the argument names that take them.
pub fn pools(sim: &Simulator) -> Pools {
    sim.with_state(|st| {
        let take = |v: Vec<u64>| v.into_iter().take(12).collect::<Vec<_>>();
        let movies = take(st.movies.iter().map(|m| m.tmdb_id).collect());
        let shows = take(st.shows.iter().map(|s| s.tmdb_id).collect());
        let mut requests: Vec<u64> = take(st.movie_requests.iter().map(|r| r.id).collect());
        requests.extend(take(st.tv_children.iter().map(|c| c.id).collect()));
        requests.extend(take(st.tv_parents.iter().map(|p| p.id).collect()));
        requests.extend(st.album_requests.iter().map(|a| a.id));
        let mut numbers: BTreeMap<&'static str, Vec<u64>> = BTreeMap::new();
        numbers.insert("request_id", requests);
        numbers.insert("issue_id", st.issues.iter().map(|i| i.id).collect());
        numbers.insert("comment_id", st.comments.iter().map(|c| c.id).collect());
        numbers.insert("category_id", st.categories.iter().map(|c| c.0).collect());
        numbers.insert("queue_id", st.retry_queue.iter().map(|r| r.id).collect());
        let mut tmdb = movies.clone();
        tmdb.extend(&shows);
        tmdb.extend(st.collections.iter().map(|c| c.0));
        numbers.insert("tmdb_id", tmdb);
        numbers.insert("similar_to", movies.clone());
        let mut art = movies.clone();
        art.extend(&shows);
        art.extend(st.shows.iter().take(6).map(|s| s.tvdb_id));
        numbers.insert("id", art);
        numbers.insert("season", vec![0, 1, 2, 3]);
        numbers.insert("season_number", vec![1, 2]);
        numbers.insert("offset", vec![0, 0, 1, 5]);
        numbers.insert("limit", vec![1, 5, 20]);

        let mut texts: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        let mut ids: Vec<String> = movies.iter().chain(&shows).map(u64::to_string).collect();
        ids.extend(st.movies.iter().take(4).map(|m| m.imdb_id.clone()));
        ids.extend(st.shows.iter().take(4).map(|s| s.tvdb_id.to_string()));
        ids.extend(st.people.iter().take(4).map(|p| p.tmdb_id.to_string()));
        ids.extend(st.collections.iter().map(|c| c.0.to_string()));
        ids.extend(st.artists.iter().take(4).map(|a| a.mbid.clone()));
        ids.extend(st.albums.iter().take(4).map(|a| a.mbid.clone()));
        ids.extend(st.movie_requests.iter().take(3).map(|r| r.id.to_string()));
        ids.extend(st.tv_parents.iter().take(3).map(|p| p.id.to_string()));
        texts.insert("id", ids);
        let word = |t: &str| t.split_whitespace().next().unwrap_or("x").to_string();
        let mut query: Vec<String> = st.movies.iter().take(5).map(|m| word(&m.title)).collect();
        query.extend(st.shows.iter().take(3).map(|s| word(&s.title)));
        query.extend(st.albums.iter().take(2).map(|a| word(&a.title)));
        query.extend(["a/b".to_string(), "zzzz".into(), "sam".into()]);
        texts.insert("query", query);
        let names: Vec<String> =
            st.users.iter().skip(1).map(|u| u.user_name.clone()).chain(["nobody".into()]).collect();
        texts.insert("as_user", names.clone());
        texts.insert("on_behalf_of", names);
        texts.insert("user_id", st.users.iter().map(|u| u.id.clone()).chain(["nope".into()]).collect());
        texts.insert("person_name", st.people.iter().take(3).map(|p| p.name.clone()).collect());
        texts.insert("file_id", st.logs.iter().map(|l| l.name.clone()).chain(["missing.txt".into()]).collect());
        let plex = st.section("plex").cloned().unwrap_or_default();
        let machines = plex["servers"].as_array().into_iter().flatten().filter_map(|s| s["machineIdentifier"].as_str());
        texts.insert("machine_id", machines.map(str::to_string).chain(["nope".into()]).collect());
        let mut providers: Vec<String> = st.issues.iter().filter_map(|i| i.provider_id.clone()).take(6).collect();
        providers.push("1".into());
        texts.insert("provider_id", providers);
        texts.insert("musicbrainz_id", st.albums.iter().take(4).map(|a| a.mbid.clone()).collect());
        texts.insert("language", vec!["en".into(), "de".into()]);
        texts.insert("streaming_country", vec!["US".into(), "GB".into(), "ZZ".into()]);
        for date in ["from", "to"] {
            texts.insert(date, vec!["2025-01-01".into(), "2026-06-30".into(), "2026-12-31".into()]);
        }
        Pools { numbers, texts }
    })
}

/// Arguments drawn from `schema`: every required property, and each optional one at a rate
/// drawn per call (few, some or half of them: tools refuse many combinations).
pub fn draw(rng: &mut Rng, pools: &Pools, schema: &Value) -> Value {
    let density = *rng.pick(&[10, 25, 50]);
    object(rng, pools, schema, 0, density)
}

fn object(rng: &mut Rng, pools: &Pools, schema: &Value, depth: u32, density: u64) -> Value {
    let required: Vec<&str> = schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let mut out = Map::new();
    for (name, p) in schema["properties"].as_object().into_iter().flatten() {
        if required.contains(&name.as_str()) || rng.chance(density) {
            out.insert(name.clone(), value(rng, pools, name, p, depth + 1, density));
        }
    }
    Value::Object(out)
}

fn value(rng: &mut Rng, pools: &Pools, name: &str, s: &Value, depth: u32, density: u64) -> Value {
    if let Some(options) = s["enum"].as_array() {
        return rng.pick(options).clone();
    }
    match s["type"].as_str() {
        Some("integer") => match pools.numbers.get(name).filter(|p| !p.is_empty() && rng.chance(90)) {
            Some(p) => json!(rng.pick(p)),
            None => {
                let min = s["minimum"].as_u64().unwrap_or(0);
                let max = s["maximum"].as_u64().unwrap_or(min + 5).min(min + 5);
                json!(min + rng.next() % (max - min + 1))
            }
        },
        Some("boolean") => json!(rng.chance(50)),
        Some("string") => match pools.texts.get(name).filter(|p| !p.is_empty()) {
            Some(p) => json!(rng.pick(p)),
            None => json!(rng.pick(&["Dune", "No sound", "x"])),
        },
        Some("array") => {
            let items = &s["items"];
            let n = 1 + rng.next() % 3;
            let mut out: Vec<Value> = Vec::new();
            for _ in 0..n {
                let v = value(rng, pools, name, items, depth + 1, density);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
            Value::Array(out)
        }
        Some("object") if depth < 4 => object(rng, pools, s, depth, density),
        _ => json!("x"),
    }
}
