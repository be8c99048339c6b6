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
