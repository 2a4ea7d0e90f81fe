//! The configured base URL, split into the parts `wasi:http` wants.

/// Scheme, authority and path prefix of Ombi's base URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl {
    /// True for `https`.
    pub https: bool,
    /// `host[:port]`.
    pub authority: String,
    /// The reverse-proxy path prefix without a trailing slash (`""` or `/ombi`).
    pub prefix: String,
}

impl BaseUrl {
    /// Parses `http(s)://authority[/prefix][/]`; anything else is refused with a reason.
    pub fn parse(url: &str) -> Result<BaseUrl, String> {
        let url = url.trim();
        let (https, rest) = if let Some(r) = url.strip_prefix("https://") {
            (true, r)
        } else if let Some(r) = url.strip_prefix("http://") {
            (false, r)
        } else {
            return Err(format!("base URL `{url}` must start with http:// or https://"));
        };
        if rest.contains(['?', '#']) {
            return Err("base URL must not carry a query or fragment".into());
        }
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        if authority.is_empty() || authority.contains('@') {
            return Err("base URL needs a host and must not embed credentials".into());
        }
        let prefix = path.trim_end_matches('/').to_string();
        Ok(BaseUrl { https, authority: authority.to_string(), prefix })
    }

    /// The path and query to send for an API path below the base.
    pub fn full_path(&self, path: &str) -> String {
        format!("{}{}", self.prefix, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_a_reverse_proxy_prefix() {
        let b = BaseUrl::parse("https://media.example.org/ombi/").unwrap();
        assert!(b.https);
        assert_eq!(b.authority, "media.example.org");
        assert_eq!(b.full_path("/api/v1/Status"), "/ombi/api/v1/Status");
    }

    #[test]
    fn plain_host_and_port() {
        let b = BaseUrl::parse("http://127.0.0.1:5000").unwrap();
        assert!(!b.https);
        assert_eq!(b.authority, "127.0.0.1:5000");
        assert_eq!(b.full_path("/health"), "/health");
    }

    #[test]
    fn refuses_other_schemes_and_credentials() {
        assert!(BaseUrl::parse("ftp://x").is_err());
        assert!(BaseUrl::parse("http://user:pw@host").is_err());
        assert!(BaseUrl::parse("http://host/?a=1").is_err());
    }
}
