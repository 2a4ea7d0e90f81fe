//! JWT access tokens checked as an OAuth 2.1 resource server must (pure): the signature
//! against the issuer's published keys (RS256, ES256 or EdDSA; `none` and HMAC are refused),
//! then `iss`, `aud` (RFC 8707: a token for another audience is refused), `exp` and `nbf`
//! with a small leeway. The keys come from the caller (fetched from the issuer, never from
//! the token itself).

use super::b64;
use ring::signature::{self, RsaPublicKeyComponents, UnparsedPublicKey};
use serde::Deserialize;
use serde_json::Value;

/// Why a token was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the token is not a JWT")]
    Malformed,
    #[error("the token's algorithm {0:?} is not accepted (RS256, ES256 or EdDSA)")]
    Algorithm(String),
    #[error("the token was signed with a key the issuer does not publish")]
    UnknownKey,
    #[error("the token's signature does not verify")]
    Signature,
    #[error("the token was issued by another issuer")]
    Issuer,
    #[error("the token is for another audience")]
    Audience,
    #[error("the token has expired")]
    Expired,
    #[error("the token is not valid yet")]
    NotYet,
}

/// One published key (RFC 7517), as much as the accepted algorithms need.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Jwk {
    #[serde(default)]
    pub kid: Option<String>,
    pub kty: String,
    #[serde(default)]
    pub alg: Option<String>,
    #[serde(default, rename = "use")]
    pub usage: Option<String>,
    #[serde(default)]
    pub crv: Option<String>,
    #[serde(default)]
    pub n: Option<String>,
    #[serde(default)]
    pub e: Option<String>,
    #[serde(default)]
    pub x: Option<String>,
    #[serde(default)]
    pub y: Option<String>,
}

/// A key set (RFC 7517 §5).
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct Jwks {
    #[serde(default)]
    pub keys: Vec<Jwk>,
}

/// What a token must be to be accepted.
#[derive(Debug, Clone)]
pub struct Expect<'a> {
    pub issuer: &'a str,
    pub audience: &'a str,
    /// Seconds of clock difference tolerated on `exp` and `nbf`.
    pub leeway: u64,
    /// Unix seconds.
    pub now: u64,
}

#[derive(Debug, Deserialize)]
struct Header {
    alg: String,
    #[serde(default)]
    kid: Option<String>,
}

/// Base64url (RFC 7515 §2); `None` on any other character.
fn b64url(s: &str) -> Option<Vec<u8>> {
    b64::decode(s, b64::Alphabet::Url)
}

/// The `kid` a token names, if it names one (to decide whether the keys need refreshing).
pub fn kid(token: &str) -> Option<String> {
    let head = token.split('.').next()?;
    serde_json::from_slice::<Header>(&b64url(head)?).ok()?.kid
}

/// Whether `key` verifies `signature` over `message` with `alg`.
fn verifies(alg: &str, key: &Jwk, message: &[u8], sig: &[u8]) -> bool {
    let field = |f: &Option<String>| f.as_deref().and_then(b64url);
    match (alg, key.kty.as_str()) {
        ("RS256", "RSA") => match (field(&key.n), field(&key.e)) {
            (Some(n), Some(e)) => RsaPublicKeyComponents { n: &n, e: &e }
                .verify(&signature::RSA_PKCS1_2048_8192_SHA256, message, sig)
                .is_ok(),
            _ => false,
        },
        ("ES256", "EC") if key.crv.as_deref() == Some("P-256") => match (field(&key.x), field(&key.y)) {
            (Some(x), Some(y)) if x.len() == 32 && y.len() == 32 => {
                let point = [&[4u8][..], &x, &y].concat();
                UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, point).verify(message, sig).is_ok()
            }
            _ => false,
        },
        ("EdDSA", "OKP") if key.crv.as_deref() == Some("Ed25519") => match field(&key.x) {
            Some(x) => UnparsedPublicKey::new(&signature::ED25519, x).verify(message, sig).is_ok(),
            None => false,
        },
        _ => false,
    }
}

/// The key type an algorithm needs.
fn kty_of(alg: &str) -> &'static str {
    match alg {
        "RS256" => "RSA",
        "ES256" => "EC",
        _ => "OKP",
    }
}

/// The claims of `token`, if its signature verifies with one of `keys` and it is valid now
/// for `expect`.
pub fn verify(token: &str, keys: &Jwks, expect: &Expect<'_>) -> Result<Value, Refused> {
    let mut parts = token.split('.');
    let (Some(head), Some(body), Some(sig), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(Refused::Malformed);
    };
    let header: Header =
        serde_json::from_slice(&b64url(head).ok_or(Refused::Malformed)?).map_err(|_| Refused::Malformed)?;
    if !matches!(header.alg.as_str(), "RS256" | "ES256" | "EdDSA") {
        return Err(Refused::Algorithm(header.alg.chars().take(20).collect()));
    }
    let signature = b64url(sig).ok_or(Refused::Malformed)?;
    // Only keys of the algorithm's type, usable for signatures, named by the token's kid
    // when it names one.
    let candidates: Vec<&Jwk> = keys
        .keys
        .iter()
        .filter(|k| k.kty == kty_of(&header.alg))
        .filter(|k| k.usage.as_deref().is_none_or(|u| u == "sig"))
        .filter(|k| k.alg.as_deref().is_none_or(|a| a == header.alg))
        .filter(|k| header.kid.is_none() || k.kid == header.kid)
        .collect();
    if candidates.is_empty() {
        return Err(Refused::UnknownKey);
    }
    let message = &token.as_bytes()[..head.len() + 1 + body.len()];
    if !candidates.iter().any(|k| verifies(&header.alg, k, message, &signature)) {
        return Err(Refused::Signature);
    }
    let claims: Value =
        serde_json::from_slice(&b64url(body).ok_or(Refused::Malformed)?).map_err(|_| Refused::Malformed)?;
    if claims.get("iss").and_then(Value::as_str) != Some(expect.issuer) {
        return Err(Refused::Issuer);
    }
    let for_us = match claims.get("aud") {
        Some(Value::String(a)) => a == expect.audience,
        Some(Value::Array(list)) => list.iter().any(|a| a.as_str() == Some(expect.audience)),
        _ => false,
    };
    if !for_us {
        return Err(Refused::Audience);
    }
    let exp = claims.get("exp").and_then(Value::as_u64).ok_or(Refused::Expired)?;
    if expect.now > exp.saturating_add(expect.leeway) {
        return Err(Refused::Expired);
    }
    if let Some(nbf) = claims.get("nbf").and_then(Value::as_u64)
        && nbf > expect.now.saturating_add(expect.leeway)
    {
        return Err(Refused::NotYet);
    }
    Ok(claims)
}

/// The scopes a token grants: its `scope` (space-separated) or `scp` (a list).
pub fn scopes(claims: &Value) -> Vec<String> {
    match (claims.get("scope"), claims.get("scp")) {
        (Some(Value::String(s)), _) => s.split_whitespace().map(str::to_string).collect(),
        (_, Some(Value::Array(a))) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        (_, Some(Value::String(s))) => s.split_whitespace().map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::rand::SystemRandom;
    use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, Ed25519KeyPair, KeyPair};
    use serde_json::json;

    fn b64(bytes: &[u8]) -> String {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().fold(0u32, |a, b| (a << 8) | u32::from(*b)) << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                out.push(A[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    fn token(header: Value, claims: Value, sign: impl Fn(&[u8]) -> Vec<u8>) -> String {
        let signing = format!("{}.{}", b64(header.to_string().as_bytes()), b64(claims.to_string().as_bytes()));
        format!("{signing}.{}", b64(&sign(signing.as_bytes())))
    }

    const ISS: &str = "https://id.example.org";
    const AUD: &str = "https://mcp.example.org/mcp";

    fn expect(now: u64) -> Expect<'static> {
        Expect { issuer: ISS, audience: AUD, leeway: 30, now }
    }

    fn claims(extra: Value) -> Value {
        let mut c =
            json!({"iss": ISS, "aud": AUD, "exp": 2_000, "nbf": 1_000, "sub": "u1", "scope": "ombi:read ombi:write"});
        c.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        c
    }

    fn ec_key() -> (EcdsaKeyPair, Jwks) {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng).unwrap();
        let public = pair.public_key().as_ref();
        let jwk =
            json!({"kty": "EC", "crv": "P-256", "kid": "ec1", "x": b64(&public[1..33]), "y": b64(&public[33..65])});
        (pair, serde_json::from_value(json!({"keys": [jwk]})).unwrap())
    }

    #[test]
    fn good_tokens_pass_and_every_defect_is_named() {
        let (pair, keys) = ec_key();
        let rng = SystemRandom::new();
        let sign = |m: &[u8]| pair.sign(&rng, m).unwrap().as_ref().to_vec();
        let head = json!({"alg": "ES256", "kid": "ec1"});
        let good = token(head.clone(), claims(json!({})), sign);
        let c = verify(&good, &keys, &expect(1_500)).unwrap();
        assert_eq!(scopes(&c), ["ombi:read", "ombi:write"]);
        assert_eq!(kid(&good).as_deref(), Some("ec1"));
        let list_aud = token(head.clone(), claims(json!({"aud": ["other", AUD]})), sign);
        assert!(verify(&list_aud, &keys, &expect(1_500)).is_ok());
        let cases = [
            (token(head.clone(), claims(json!({"aud": "https://other.example/mcp"})), sign), Refused::Audience),
            (token(head.clone(), claims(json!({"iss": "https://evil.example"})), sign), Refused::Issuer),
            (token(json!({"alg": "ES256", "kid": "nope"}), claims(json!({})), sign), Refused::UnknownKey),
            (token(json!({"alg": "none"}), claims(json!({})), |_| Vec::new()), Refused::Algorithm("none".into())),
            (
                token(json!({"alg": "HS256", "kid": "ec1"}), claims(json!({})), |_| vec![1; 32]),
                Refused::Algorithm("HS256".into()),
            ),
        ];
        for (t, why) in cases {
            assert_eq!(verify(&t, &keys, &expect(1_500)), Err(why));
        }
        assert_eq!(verify(&good, &keys, &expect(2_031)), Err(Refused::Expired));
        assert!(verify(&good, &keys, &expect(2_030)).is_ok(), "within the leeway");
        assert_eq!(verify(&good, &keys, &expect(969)), Err(Refused::NotYet));
        // Tampered: the claims changed after signing.
        let mut parts: Vec<String> = good.split('.').map(str::to_string).collect();
        parts[1] = b64(claims(json!({"sub": "admin"})).to_string().as_bytes());
        assert_eq!(verify(&parts.join("."), &keys, &expect(1_500)), Err(Refused::Signature));
        assert_eq!(verify("a.b", &keys, &expect(1_500)), Err(Refused::Malformed));
    }

    #[test]
    fn ed25519_keys_verify_and_keys_of_another_type_do_not() {
        let pkcs8 = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).unwrap();
        let pair = Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap();
        let keys: Jwks = serde_json::from_value(
            json!({"keys": [{"kty": "OKP", "crv": "Ed25519", "kid": "ed", "x": b64(pair.public_key().as_ref())}]}),
        )
        .unwrap();
        let t = token(json!({"alg": "EdDSA", "kid": "ed"}), claims(json!({})), |m| pair.sign(m).as_ref().to_vec());
        assert!(verify(&t, &keys, &expect(1_500)).is_ok());
        let as_es = token(json!({"alg": "ES256", "kid": "ed"}), claims(json!({})), |m| pair.sign(m).as_ref().to_vec());
        assert_eq!(verify(&as_es, &keys, &expect(1_500)), Err(Refused::UnknownKey));
    }
}
