import { isIP } from 'node:net';
import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files: DATA_DIR/uploads. */
  uploadsDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Unset: mails are recorded in the email log, never sent. */
  smtpUrl: string | undefined;
  /** Base of absolute links in mails. */
  appUrl: string;
  /** Sender address of the mails (MAIL_FROM, else no-reply at APP_URL's host). */
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Demo data on the first start of an empty database: on by default for the embedded database only. */
  demoData: boolean;
  /** Loads the communes at start while their table is empty (LOAD_COMMUNES, on unless "false"). */
  loadCommunes: boolean;
  logLevel: string;
  /**
   * What each user may have sent through the forms' file fields and the import assistant, in all
   * (UPLOAD_QUOTA_MB, 500 by default).
   */
  uploadQuotaBytes: number;
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY: addresses, CIDR ranges
   * or proxy-addr's "loopback", "linklocal", "uniquelocal", comma-separated). Empty: none, the
   * client's address is the connection's.
   */
  trustProxy: string[];
}

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}".`);
  }
  return port;
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  const number = Number(value ?? fallback);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}".`);
  return number;
}

const proxyKeywords = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY's entries, each an address, a CIDR range or a keyword: anything else stops the start. */
function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!proxyKeywords.has(entry) && (version === 0 || !validBits || extra !== undefined)) {
      throw new Error(`TRUST_PROXY must list proxy addresses or CIDR ranges, got "${entry}".`);
    }
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = parsePort(env.PORT);
  const databaseUrl = env.DATABASE_URL || undefined;
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './var'),
    uploadsDir: path.resolve(env.DATA_DIR || './var', 'uploads'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    appUrl,
    mailFrom: env.MAIL_FROM || `no-reply@${new URL(appUrl).hostname}`,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'true' : databaseUrl === undefined,
    loadCommunes: env.LOAD_COMMUNES !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadQuotaBytes: parsePositive('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 500) * 1024 * 1024,
  };
}
