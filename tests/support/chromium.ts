import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The system Chromium: Playwright's own browser download is not reachable here. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with "apt-get update && apt-get install -y chromium", ` +
        'or set CHROMIUM_PATH to its executable.',
    );
  }
  return candidate;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every spec file a test worker runs (a worker keeps its modules from one file to
 * the next): each file opens its own contexts in it and closes them, rather than starting a browser
 * of its own. It ends with the worker.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}
