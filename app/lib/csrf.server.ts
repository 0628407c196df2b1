import { createHmac, randomBytes } from 'node:crypto';
import { createCookie, type Cookie } from '@remix-run/node';
import { Honeypot, SpamError, type HoneypotInputProps } from 'remix-utils/honeypot/server';
import { env } from './env.server';

const secure = env.NODE_ENV === 'production';
const FORM_FIELD = 'csrf';

/**
 * The double-submit token of every form (the cookie and the form's `csrf` field must carry the same signed
 * token), as remix-utils' CSRF makes it: 32 random bytes and their HMAC-SHA256 under SESSION_SECRET, both
 * base64url, in a signed cookie; remix-utils' AuthenticityTokenInput writes the field. Made with node:crypto
 * rather than crypto-js, a JavaScript HMAC that cost every page without the cookie, and every form post, about
 * four times as much; the strings are the same, so tokens already issued stay valid.
 */
class CsrfToken {
  constructor(
    private readonly cookie: Cookie,
    private readonly secret: string,
  ) {}

  private sign(value: string) {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  private isSigned(token: string) {
    const [value, signature] = token.split('.');
    return signature === this.sign(value);
  }

  /** The request's token, or a new one with the Set-Cookie header that stores it (null when it was there). */
  async commitToken(request: Request): Promise<[string, string | null]> {
    const existing: unknown = await this.cookie.parse(request.headers.get('Cookie'));
    if (typeof existing === 'string' && existing) return [existing, null];
    const value = randomBytes(32).toString('base64url');
    const token = `${value}.${this.sign(value)}`;
    return [token, await this.cookie.serialize(token)];
  }

  /** Whether the form carries the token of the request's cookie, and that token is one this server signed. */
  async isValid(formData: FormData, request: Request) {
    const token: unknown = await this.cookie.parse(request.headers.get('Cookie'));
    if (typeof token !== 'string' || !this.isSigned(token)) return false;
    return formData.get(FORM_FIELD) === token;
  }
}

export const csrf = new CsrfToken(
  createCookie(secure ? '__Host-bo_csrf' : 'bo_csrf', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [env.SESSION_SECRET],
  }),
  env.SESSION_SECRET,
);

export const honeypot = new Honeypot({ encryptionSeed: env.SESSION_SECRET });

const HONEYPOT_REUSE_MS = 10_000;
let honeypotProps: { props: HoneypotInputProps; until: number } | null = null;

/**
 * The honeypot fields carry only an encrypted "valid from" time, the same for every visitor and only ever
 * checked for not lying in the future: encrypting it every few seconds keeps crypto-js off every page.
 */
export function honeypotInputProps(now = Date.now()) {
  if (!honeypotProps || honeypotProps.until <= now) {
    honeypotProps = {
      props: honeypot.getInputProps({ validFromTimestamp: now }),
      until: now + HONEYPOT_REUSE_MS,
    };
  }
  return honeypotProps.props;
}

/** Every action calls this first; a missing or forged token is a 403, never a processed form. */
export async function requireCsrf(formData: FormData, request: Request) {
  if (!(await csrf.isValid(formData, request))) throw new Response('Invalid CSRF token', { status: 403 });
}

export async function requireHuman(formData: FormData) {
  try {
    await honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 });
    throw error;
  }
}
