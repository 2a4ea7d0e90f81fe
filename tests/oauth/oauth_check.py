"""Sign-in against a real OpenID provider: `oidc-provider` (OpenID-certified, started here on
loopback with tests/oauth/provider.mjs) in front of `ombi-mcp serve --http` as an OAuth 2.1
resource server. Tokens come from the provider over HTTP (client credentials, and
authorization code + PKCE through its login and consent pages); the checks: the protected
resource metadata, the 401 challenge, accepted tokens and who they make the caller in Ombi,
another audience, an expired token, a tampered one, one signed with an unknown key,
`alg: none`, a token of another issuer signed with the very same key (401 each), the read
scope on a write tool (403 insufficient_scope), key rotation at the provider picked up
without a restart, the Python SDK's OAuth client signing in and calling a tool as the
member, and no token in the server's log.

Usage: python oauth_check.py OMBI_MCP_BINARY OMBI_SIM_BINARY NODE_DEPS_DIR
"""

import asyncio
import base64
import hashlib
import html.parser
import http.cookiejar
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients"))
from http_server import free_port, start_http  # noqa: E402
from simulator import start_simulator  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def wait_port(port, proc, what):
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{what} exited with {proc.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/.well-known/openid-configuration", timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{what} did not come up")


class Provider:
    def __init__(self, node_deps, port, resource, key_file, log):
        self.node_deps, self.port, self.resource, self.key_file, self.log = node_deps, port, resource, key_file, log
        self.issuer = f"http://127.0.0.1:{port}"
        self.proc = None

    def start(self):
        script = os.path.join(self.node_deps, "provider.mjs")
        shutil.copy(os.path.join(HERE, "provider.mjs"), script)
        self.proc = subprocess.Popen(
            ["node", script, str(self.port), self.resource, self.key_file], stdout=self.log, stderr=self.log
        )
        wait_port(self.port, self.proc, "oidc-provider")

    def stop(self):
        if self.proc:
            self.proc.terminate()
            self.proc.wait()

    def token(self, client, secret, resource=None, scope="ombi:read ombi:write"):
        data = urllib.parse.urlencode(
            {"grant_type": "client_credentials", "client_id": client, "client_secret": secret, "scope": scope, "resource": resource or self.resource}
        ).encode()
        with urllib.request.urlopen(f"{self.issuer}/token", data=data, timeout=10) as r:
            return json.load(r)["access_token"]


class Forms(html.parser.HTMLParser):
    """The first form of a page: its action and fields."""

    def __init__(self):
        super().__init__()
        self.action, self.fields = None, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.action is None:
            self.action = a.get("action")
        if tag == "input" and a.get("name"):
            self.fields[a["name"]] = a.get("value", "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def browse(auth_url, user, redirect_uri):
    """Plays the person at the provider's dev login and consent pages; returns the query of
    the final redirect to `redirect_uri` (code, state, iss)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect)
    url, data = auth_url, None
    for _ in range(20):
        if url.startswith(redirect_uri):
            return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
        try:
            resp = opener.open(urllib.request.Request(url, data=data), timeout=10)
            page = resp.read().decode()
        except urllib.error.HTTPError as e:
            if e.code in (302, 303):
                url, data = urllib.parse.urljoin(url, e.headers["Location"]), None
                continue
            raise SystemExit(f"the provider answered {e.code} at {url}: {e.read()[:500]}")
        form = Forms()
        form.feed(page)
        if not form.action:
            raise SystemExit(f"no form at {url}: {page[:500]}")
        fields = dict(form.fields)
        if "login" in page and fields.get("prompt") == "login":
            fields.update({"login": user, "password": "any"})
        url, data = urllib.parse.urljoin(url, form.action), urllib.parse.urlencode(fields).encode()
    raise SystemExit("the sign-in did not finish")


def code_flow(provider, user, client="household-web", redirect_uri="http://127.0.0.1/callback"):
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    state = secrets.token_urlsafe(16)
    q = urllib.parse.urlencode(
        {
            "client_id": client,
            "response_type": "code",
            "redirect_uri": redirect_uri,
            "scope": "openid ombi:read ombi:write",
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            "state": state,
            "resource": provider.resource,
        }
    )
    got = browse(f"{provider.issuer}/auth?{q}", user, redirect_uri)
    assert got.get("state") == state, got
    data = urllib.parse.urlencode(
        {"grant_type": "authorization_code", "code": got["code"], "redirect_uri": redirect_uri, "code_verifier": verifier, "client_id": client, "resource": provider.resource}
    ).encode()
    with urllib.request.urlopen(f"{provider.issuer}/token", data=data, timeout=10) as r:
        return json.load(r)["access_token"]


def post(url, body, token=None, method_header=None, name=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method_header or body["method"]}
    if name:
        headers["Mcp-Name"] = name
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, json.load(r)
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, {k.lower(): v for k, v in e.headers.items()}, json.loads(raw) if raw else None


META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}


def call(url, token, tool, args):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": args, "_meta": META}}
    return post(url, body, token, name=tool)


def forged(kind, provider, key_pem=None):
    import jwt

    now = int(time.time())
    claims = {"iss": provider.issuer, "aud": provider.resource, "sub": "mallory", "preferred_username": "morgan", "scope": "ombi:read ombi:write", "iat": now, "exp": now + 600}
    if kind == "unknown-key":
        return jwt.encode(claims, key_pem, algorithm="RS256", headers={"kid": "forged-key"})
    if kind == "none":
        head = base64.urlsafe_b64encode(json.dumps({"alg": "none", "typ": "JWT"}).encode()).rstrip(b"=").decode()
        body = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
        return f"{head}.{body}."
    if kind == "hs256":
        return jwt.encode(claims, "a-guessable-shared-secret-of-32-bytes!", algorithm="HS256")
    raise ValueError(kind)


def tamper(token):
    head, body, sig = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    claims["preferred_username"] = "morgan"
    body = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    return f"{head}.{body}.{sig}"


async def sdk_sign_in(url, provider):
    """The Python SDK's own OAuth client: discovery from the 401, dynamic registration, the
    authorization code flow with PKCE (the 'browser' plays the person), then a call."""
    from mcp import Client
    from mcp.client.auth import OAuthClientProvider
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
    from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata

    class Memory:
        tokens = client = None

        async def get_tokens(self):
            return self.tokens

        async def set_tokens(self, t):
            self.tokens = t

        async def get_client_info(self):
            return self.client

        async def set_client_info(self, c):
            self.client = c

    redirect_uri = "http://127.0.0.1:1/callback"
    got = {}

    async def redirect_handler(auth_url):
        got.update(await asyncio.to_thread(browse, auth_url, "riley", redirect_uri))

    async def callback_handler():
        return AuthorizationCodeResult(code=got["code"], state=got.get("state"), iss=got.get("iss"))

    oauth = OAuthClientProvider(
        server_url=url,
        client_metadata=OAuthClientMetadata(client_name="ombi-oauth-check", redirect_uris=[redirect_uri], scope="openid ombi:read ombi:write"),
        storage=Memory(),
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
    )
    transport = streamable_http_client(url, http_client=create_mcp_http_client(auth=oauth))
    async with Client(transport) as client:
        me = await client.call_tool("read_users", {"view": "me"})
        assert me.structured_content["data"]["items"][0]["user_name"] == "riley", me.structured_content
        print(f"Python SDK OAuth client: signed in at the provider, protocol {client.protocol_version}, Ombi sees riley")


def main(mcp_bin, sim_bin, node_deps):
    work = tempfile.mkdtemp(prefix="ombi-mcp-oauth-")
    sim, env = start_simulator(sim_bin)
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    log = open(os.path.join(work, "provider.log"), "w")
    key_file = os.path.join(work, "provider-key.json")
    provider = Provider(node_deps, free_port(), url, key_file, log)
    other = Provider(node_deps, free_port(), url, key_file, log)  # another issuer, the same key
    provider.start()
    other.start()
    server_log = open(os.path.join(work, "server.log"), "w+")
    extra = {
        "OMBI_MCP_OAUTH_ISSUER": provider.issuer,
        "OMBI_MCP_PUBLIC_URL": url,
        "OMBI_MCP_OAUTH_LEEWAY_SECONDS": "0",
        "OMBI_ALLOW_WRITES": "true",
        "OMBI_CONFIRM_WRITES": "never",
        "OMBI_MCP_CACHE_DIR": os.path.join(work, "cache"),
        "OMBI_MCP_LOG": "info,ombi_mcp=debug",
    }
    server, url = start_http(mcp_bin, env, extra, port=port, log=server_log)
    tokens_seen = []
    try:
        # The protected resource metadata, and the challenge that points at it.
        meta_url = f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp"
        with urllib.request.urlopen(meta_url, timeout=10) as r:
            meta = json.load(r)
        assert meta["authorization_servers"] == [provider.issuer] and meta["resource"] == url, meta
        assert set(meta["scopes_supported"]) == {"ombi:read", "ombi:write"}, meta
        status, headers, _ = post(url, {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": META}})
        challenge = headers.get("www-authenticate", "")
        assert status == 401 and f'resource_metadata="{meta_url}"' in challenge, (status, challenge)
        print("metadata and challenge: the issuer, the scopes and where the metadata is")

        # Client credentials: accepted; the member is the user the token names.
        good = provider.token("household-cc", "cc-secret")
        tokens_seen.append(good)
        status, _, me = call(url, good, "read_users", {"view": "me"})
        assert status == 200 and me["result"]["structuredContent"]["data"]["items"][0]["user_name"] == "alex", me
        status, _, r = call(url, good, "write_request_subscription", {"media": "movie", "request_id": 1, "subscribed": True})
        assert status == 200 and r["result"]["structuredContent"]["operation"] == "write_request_subscription", r
        print("client credentials: accepted, the member is alex in Ombi, and may write")

        # Refused with 401: another audience, expired, tampered, unknown key, alg none, HMAC,
        # another issuer signing with the same key.
        short = provider.token("household-short", "short-secret")
        time.sleep(2.2)
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        pem = rsa.generate_private_key(public_exponent=65537, key_size=2048).private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        bad = {
            "another audience": provider.token("household-cc", "cc-secret", resource="http://other.example/mcp"),
            "expired": short,
            "tampered": tamper(good),
            "signed with an unknown key": forged("unknown-key", provider, pem),
            "alg none": forged("none", provider),
            "HMAC": forged("hs256", provider),
            "another issuer": other.token("household-cc", "cc-secret"),
        }
        tokens_seen.extend(bad.values())
        for label, token in bad.items():
            status, headers, body = call(url, token, "read_server", {})
            assert status == 401, f"{label}: {status} {body}"
            assert 'error="invalid_token"' in headers.get("www-authenticate", ""), (label, headers)
        print(f"refused with 401: {', '.join(bad)}")

        # The read scope: reads go, a write tool is 403 insufficient_scope.
        reader = provider.token("household-reader", "reader-secret", scope="ombi:read")
        tokens_seen.append(reader)
        status, _, _ = call(url, reader, "read_server", {})
        assert status == 200
        status, headers, body = call(url, reader, "write_vote", {"direction": "up", "media": "movie", "request_id": 1})
        challenge = headers.get("www-authenticate", "")
        assert status == 403 and 'error="insufficient_scope"' in challenge and "ombi:write" in challenge, (status, challenge, body)
        print("read scope: reads answered, a write tool 403 insufficient_scope naming ombi:write")

        # Authorization code + PKCE, through the provider's login and consent pages.
        web = code_flow(provider, "morgan")
        tokens_seen.append(web)
        status, _, me = call(url, web, "read_users", {"view": "me"})
        assert status == 200 and me["result"]["structuredContent"]["data"]["items"][0]["user_name"] == "morgan", me
        print("authorization code + PKCE: signed in as morgan, Ombi sees morgan")

        # Key rotation at the provider, picked up without restarting the server.
        time.sleep(11)
        provider.stop()
        os.remove(key_file)
        provider.start()
        rotated = provider.token("household-cc", "cc-secret")
        tokens_seen.append(rotated)
        status, _, body = call(url, rotated, "read_server", {})
        assert status == 200, f"a token signed with the new key: {status} {body}"
        print("key rotation: a token signed with the provider's new key accepted without a restart")

        asyncio.run(sdk_sign_in(url, provider))
    finally:
        server.terminate()
        server.wait()
        provider.stop()
        other.stop()
        sim.terminate()
    server_log.seek(0)
    text = server_log.read()
    for t in tokens_seen:
        pieces = [t] + [p[:20] for p in t.split(".")[1:] if len(p) >= 20]
        assert not any(p in text for p in pieces), "a token reached the server's log"
    print("no token in the server's log")
    print("oauth check: OK")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
