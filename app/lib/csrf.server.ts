import { createCookie } from '@remix-run/node';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';
import { Honeypot, SpamError, type HoneypotInputProps } from 'remix-utils/honeypot/server';
import { env } from './env.server';

const secure = env.NODE_ENV === 'production';

export const csrf = new CSRF({
  cookie: createCookie(secure ? '__Host-bo_csrf' : 'bo_csrf', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [env.SESSION_SECRET],
  }),
  secret: env.SESSION_SECRET,
});

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
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response('Invalid CSRF token', { status: 403 });
    throw error;
  }
}

export async function requireHuman(formData: FormData) {
  try {
    await honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 });
    throw error;
  }
}
