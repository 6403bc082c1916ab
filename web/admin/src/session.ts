import { claimsOf, type PageConfig, type Session } from './api';

/**
 * The signed-in admin, kept in this tab's sessionStorage (gone when the tab closes; never a
 * cookie, so nothing is sent anywhere the page does not send it itself).
 */
const KEY = 'checkout-admin.session';
const PENDING = 'checkout-admin.identity-provider';

export function loadSession(): Session | null {
  try {
    const session = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null;
    const exp = session ? Number(claimsOf(session.token).exp) : NaN;
    return session && (!Number.isFinite(exp) || exp * 1000 > Date.now()) ? session : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

/** A session from a token: merchant and channels from its claims unless given. */
export function sessionFrom(token: string, via: Session['via'], merchant?: string, channel?: string): Session {
  const claims = claimsOf(token);
  const channels = Array.isArray(claims.channels) ? claims.channels.filter((value): value is string => typeof value === 'string') : [];
  const first = channels.find((value) => value !== '*');
  return {
    token,
    via,
    merchant: merchant || (typeof claims.merchant === 'string' ? claims.merchant : ''),
    channel: channel || first || '',
    channels,
  };
}

// Sign-in at the identity provider: OpenID Connect authorization code with PKCE (a public client,
// no secret in the page). The provider's access token carries merchant, channels and role like
// the CLI's tokens (docs/auth.md), and the gateway verifies it by AUTH_JWKS_URL.

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const redirectUri = () => `${location.origin}/`;

async function discover(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`The identity provider's discovery document could not be read (${response.status}).`);
  return (await response.json()) as Discovery;
}

export async function startIdentityProviderSignIn(provider: NonNullable<PageConfig['identityProvider']>): Promise<void> {
  const discovery = await discover(provider.issuer);
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state, tokenEndpoint: discovery.token_endpoint }));
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri(),
    scope: 'openid',
    audience: provider.audience,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.toString());
}

/** On the way back from the identity provider (?code&state): the session, or null when this is no such return. */
export async function finishIdentityProviderSignIn(provider: PageConfig['identityProvider']): Promise<Session | null> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const error = params.get('error');
  if (!provider || (!code && !error)) return null;
  history.replaceState(null, '', `${location.pathname}${location.hash}`);
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as { verifier: string; state: string; tokenEndpoint: string } | null;
  sessionStorage.removeItem(PENDING);
  if (error) throw new Error(`The identity provider refused the sign-in: ${params.get('error_description') ?? error}`);
  if (!pending || pending.state !== params.get('state')) throw new Error('The sign-in came back with a state this page did not send; sign in again.');
  const response = await fetch(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri(), client_id: provider.clientId, code_verifier: pending.verifier }),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string };
  if (!response.ok || !body.access_token) throw new Error(`The identity provider did not issue a token (${body.error ?? response.status}).`);
  return sessionFrom(body.access_token, 'identity-provider');
}
