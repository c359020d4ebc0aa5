import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's certified oidc-provider) for the tests, on a free
 * port of this machine: its own signing keys, people and claims, its development login page
 * (any login, no password). Nothing of the protocol is imitated.
 */
export interface TestPerson {
  email: string;
  /** False: the provider says it did not verify the address; null: it says nothing of it. */
  emailVerified?: boolean | null;
  /** The `groups` claim. */
  groups?: string[];
  /** `given_name` and `family_name`. */
  name?: [string, string];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestIdentityProvider {
  issuer: string;
  /** The people it knows, by login: removing one removes them from the provider. */
  people: Map<string, TestPerson>;
  /** Registers the portal (or anyone) as a client; call before the first sign-in. */
  addClient(client: TestClient): void;
  /**
   * What a browser does at the provider: opens the authorization URL, signs in as `login` on
   * the login page and consents; answers where the provider sends the browser back.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** Stops answering (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const people = new Map<string, TestPerson>();
  const clients: ClientMetadata[] = [];
  let provider: Provider | undefined;
  let server: Server = createServer();
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const build = () => {
    provider = new Provider(issuer, {
      clients,
      findAccount: (_ctx, login) => {
        const person = people.get(login);
        if (!person) return undefined;
        return {
          accountId: login,
          claims: () => ({
            sub: login,
            email: person.email,
            ...(person.emailVerified === null
              ? {}
              : { email_verified: person.emailVerified ?? true }),
            groups: person.groups ?? [],
            ...(person.name ? { given_name: person.name[0], family_name: person.name[1] } : {}),
          }),
        };
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['groups', 'given_name', 'family_name'],
      },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      // A refresh token at every sign-in, as enterprise providers give for offline_access.
      issueRefreshToken: () => true,
      rotateRefreshToken: false,
    });
  };
  const attach = () =>
    server.on('request', (request, response) => {
      if (!provider) {
        response.statusCode = 503;
        response.end();
        return;
      }
      void provider.callback()(request, response);
    });
  attach();

  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keepCookies = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const step = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    keepCookies(response);
    return response;
  };
  const post = (url: string, form: Record<string, string>) =>
    step(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  return {
    issuer,
    people,
    addClient({ clientId, clientSecret, redirectUri }) {
      clients.push({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      });
      build();
    },
    async signIn(authorizationUrl, login) {
      jar.clear();
      let response = await step(authorizationUrl);
      for (let hop = 0; hop < 12; hop += 1) {
        const location = response.headers.get('location');
        if (location) {
          const next = new URL(location, issuer);
          if (next.origin !== issuer) return next;
          response = await step(next.toString());
          continue;
        }
        const page = await response.text();
        const uid = /\/interaction\/([^/"?]+)/.exec(page)?.[1];
        if (!uid) throw new Error(`the provider's page has no interaction: ${page.slice(0, 300)}`);
        const form: Record<string, string> = page.includes('name="login"')
          ? { prompt: 'login', login, password: 'any' }
          : { prompt: 'consent' };
        response = await post(`${issuer}/interaction/${uid}`, form);
      }
      throw new Error('the provider never sent the browser back');
    },
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
    async up() {
      server = createServer();
      attach();
      await listen(port);
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
