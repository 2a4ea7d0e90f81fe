// A real OpenID provider for the sign-in checks: oidc-provider (OpenID-certified) on loopback,
// issuing JWT access tokens for this server's resource indicator.
//
// Usage: node provider.mjs PORT RESOURCE KEYFILE
//   PORT      the port to listen on (the issuer is http://127.0.0.1:PORT)
//   RESOURCE  the MCP server's canonical URL, the audience of its tokens
//   KEYFILE   the provider's private signing key (a JWK), made when missing: replace it and
//             restart to rotate keys
// Clients: household-cc (client credentials, ombi:read ombi:write, signs in as alex),
// household-reader (client credentials, ombi:read only), household-short (client credentials,
// tokens valid 1 s), household-web (public, authorization code + PKCE); and open dynamic
// registration, for SDK clients. The dev login accepts any user name.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateKeyPair, exportJWK } from "jose";
import Provider from "oidc-provider";

const [port, resource, keyFile] = process.argv.slice(2);
if (!port || !resource || !keyFile) {
  console.error("usage: node provider.mjs PORT RESOURCE KEYFILE");
  process.exit(2);
}
if (!existsSync(keyFile)) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = `k-${Date.now().toString(36)}`;
  jwk.alg = "RS256";
  jwk.use = "sig";
  writeFileSync(keyFile, JSON.stringify(jwk));
}
const key = JSON.parse(readFileSync(keyFile, "utf8"));
const clientUser = { "household-cc": "alex", "household-reader": "alex", "household-short": "alex" };
const cc = (id, secret, scope) => ({
  client_id: id,
  client_secret: secret,
  grant_types: ["client_credentials"],
  redirect_uris: [],
  response_types: [],
  scope,
});
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    cc("household-cc", "cc-secret", "ombi:read ombi:write"),
    cc("household-reader", "reader-secret", "ombi:read"),
    cc("household-short", "short-secret", "ombi:read ombi:write"),
    {
      client_id: "household-web",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: ["http://127.0.0.1/callback"],
      scope: "openid ombi:read ombi:write",
    },
  ],
  jwks: { keys: [key] },
  scopes: ["openid", "offline_access", "ombi:read", "ombi:write"],
  claims: { openid: ["sub"], profile: ["preferred_username"] },
  pkce: { required: () => true },
  features: {
    clientCredentials: { enabled: true },
    registration: { enabled: true },
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, indicator, client) => ({
        scope: "ombi:read ombi:write",
        audience: indicator,
        accessTokenTTL: client?.clientId === "household-short" ? 1 : 600,
        accessTokenFormat: "jwt",
        jwt: { sign: { alg: "RS256" } },
      }),
    },
  },
  findAccount: (ctx, sub) => ({ accountId: sub, claims: () => ({ sub, preferred_username: sub }) }),
  extraTokenClaims: (ctx, token) => {
    if (token.kind === "ClientCredentials") return { preferred_username: clientUser[token.clientId] };
    if (token.accountId) return { preferred_username: token.accountId };
    return undefined;
  },
  // Consent granted by the dev interaction covers what the client asked for.
  loadExistingGrant: async (ctx) => {
    if (!ctx.oidc.session?.accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope("openid offline_access");
    grant.addResourceScope(resource, "ombi:read ombi:write");
    await grant.save();
    return grant;
  },
});
provider.proxy = false;
provider.listen(Number(port), "127.0.0.1", () => console.log(`provider listening on http://127.0.0.1:${port} kid=${key.kid}`));
