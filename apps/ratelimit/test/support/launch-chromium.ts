// Debian's headless Chromium for the console's browser tests, with nothing running in the
// background that could reach the network or change between runs (the same flags as the
// playground's browser tests; apps do not import each other, so the few lines are repeated).
import { ensureBinary, scratchDir } from '@repo/test-support';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A browser context in a fresh user-data dir; the caller closes it, which ends the browser. */
export async function launchChromium(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(scratchDir('chromium-profile'), {
    executablePath: ensureBinary('chromium', 'chromium'),
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
  });
}
