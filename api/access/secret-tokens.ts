import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken() {
  return randomBytes(40).toString('base64url');
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
