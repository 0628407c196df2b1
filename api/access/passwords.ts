import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

export function hashPassword(password: string) {
  return hash(password, { algorithm: ARGON2ID });
}

export function verifyPassword(passwordHash: string, password: string) {
  return verify(passwordHash, password);
}
