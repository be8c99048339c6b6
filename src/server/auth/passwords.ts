import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-level memory and time costs). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checked against when the email is unknown, so both answers take about the same time. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hash('decoy-password-never-matches');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
