import { redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator, AuthorizationError } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { env } from './env.server';
import { oncePerRequest } from './request-memo.server';
import { getSession, sessionStorage, toStoredTokens, type StoredTokens } from './session.server';
import { UpstreamError, upstream, type Account } from './upstream.server';

const REFRESH_MARGIN_MS = 30_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const authenticator = new Authenticator<StoredTokens>(sessionStorage, { sessionKey: 'tokens' });

authenticator.use(
  new FormStrategy(async ({ form, context }) => {
    const tokens = await upstream.passwordGrant(
      { username: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      String(context?.clientIp ?? ''),
    );
    return toStoredTokens(tokens);
  }),
  'password',
);

/** Signs in through the upstream's password grant; an upstream refusal comes back as its UpstreamError. */
export async function signIn(request: Request, formData: FormData, context: AppLoadContext) {
  try {
    // remix-auth copies the request; the body was already read into formData, so hand it a bodiless copy.
    const copy = new Request(request.url, { method: 'POST', headers: request.headers });
    return await authenticator.authenticate('password', copy, {
      throwOnError: true,
      context: { ...context, formData },
    });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof UpstreamError) throw error.cause;
    throw error;
  }
}

/** A fresh session (new id) on every sign-in, so a session id known before sign-in is worthless after it. */
export async function createUserSession(request: Request, tokens: StoredTokens, redirectTo: string) {
  const previous = await getSession(request);
  const headers = new Headers();
  if (previous.id) headers.append('Set-Cookie', await sessionStorage.destroySession(previous));
  const session = await sessionStorage.getSession();
  const now = Date.now();
  session.set('tokens', tokens);
  session.set('createdAt', now);
  session.set('lastSeenAt', now);
  headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  return redirect(redirectTo, { headers });
}

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  ) {
    return fallback;
  }
  return target;
}

function loginUrl(request: Request) {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  return here === '/' ? '/auth/login' : `/auth/login?redirectTo=${encodeURIComponent(here)}`;
}

async function signOutTo(request: Request, target: string): Promise<never> {
  const session = await getSession(request);
  throw redirect(target, { headers: { 'Set-Cookie': await sessionStorage.destroySession(session) } });
}

const refreshes = new Map<string, Promise<StoredTokens>>();

/** Refreshes once per session even when parallel loaders all find the token expiring. */
function refreshOnce(sessionId: string, tokens: StoredTokens) {
  let pending = refreshes.get(sessionId);
  if (!pending) {
    pending = upstream
      .refreshGrant(tokens.refreshToken)
      .then((fresh) => toStoredTokens(fresh))
      .finally(() => setTimeout(() => refreshes.delete(sessionId), 5_000).unref());
    refreshes.set(sessionId, pending);
  }
  return pending;
}

/**
 * The session's upstream access token, refreshed when close to expiry; no session sends the user to sign in.
 * Given the load context, the loaders of one page read the session once.
 */
export function requireToken(request: Request, context?: AppLoadContext): Promise<string> {
  return oncePerRequest(request, context, 'token', () => readToken(request));
}

async function readToken(request: Request): Promise<string> {
  const session = await getSession(request);
  const tokens = session.get('tokens');
  if (!tokens) throw redirect(loginUrl(request));
  const now = Date.now();
  const idle = now - (session.get('lastSeenAt') ?? 0) > env.SESSION_IDLE_MINUTES * 60_000;
  const expired = now - (session.get('createdAt') ?? 0) > env.SESSION_MAX_HOURS * 3_600_000;
  if (idle || expired) return signOutTo(request, loginUrl(request));

  let current = tokens;
  let changed = now - (session.get('lastSeenAt') ?? 0) > LAST_SEEN_RESOLUTION_MS;
  if (tokens.expiresAt - REFRESH_MARGIN_MS <= now) {
    try {
      current = await refreshOnce(session.id, tokens);
    } catch (error) {
      if (error instanceof UpstreamError && error.status < 500) return signOutTo(request, loginUrl(request));
      throw error;
    }
    session.set('tokens', current);
    changed = true;
  }
  // Parallel loaders share one session file: write it only when something changed, not on every request.
  if (changed) {
    session.set('lastSeenAt', now);
    await sessionStorage.commitSession(session);
  }
  return current.accessToken;
}

/** Turns upstream refusals into what the browser should see: sign-in again, 403, 404. */
export async function guard<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 401) return signOutTo(request, loginUrl(request));
    if (error.status === 403) throw new Response(error.message, { status: 403 });
    if (error.status === 404) throw new Response(error.message, { status: 404 });
    // A page's own query that the upstream refuses (an address edited by hand) is a bad request, not a
    // failure; an action's 422 stays an error for its form to show.
    if (error.status === 422 && request.method === 'GET') throw new Response(error.message, { status: 400 });
    throw error;
  }
}

/** The signed-in account; given the load context, the layout and the page fetch it once between them. */
export async function requireUser(
  request: Request,
  context?: AppLoadContext,
): Promise<{ user: Account; token: string }> {
  const token = await requireToken(request, context);
  const user = await guard(
    request,
    oncePerRequest(request, context, `account:${token}`, () => upstream.account(token)),
  );
  return { user, token };
}

export async function redirectIfSignedIn(request: Request) {
  const session = await getSession(request);
  if (session.get('tokens')) throw redirect('/dashboard');
}

/** Revokes the upstream tokens first, so a copy of the cookie is dead even if the browser keeps it. */
export async function signOut(request: Request) {
  const session = await getSession(request);
  const tokens = session.get('tokens');
  if (tokens) await upstream.logout(tokens.accessToken).catch(() => undefined);
  return redirect('/auth/login', { headers: { 'Set-Cookie': await sessionStorage.destroySession(session) } });
}
