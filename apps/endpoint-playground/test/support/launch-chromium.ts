import { ensureBinary, scratchDir } from '@repo/test-support';
import { chromium, type BrowserContext } from 'playwright-core';

// Debian's Chromium, headless, with nothing running in the background that could reach the
// network or change between runs.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A browser context in a fresh user-data dir (removed when the test process exits), with the
 * clipboard allowed for `origin`. Installs the `chromium` package with apt-get when missing.
 * The caller closes the context, which ends the browser.
 */
export async function launchChromium(origin: string): Promise<BrowserContext> {
  const executablePath = ensureBinary('chromium', 'chromium');
  const context = await chromium.launchPersistentContext(scratchDir('chromium-profile'), {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return context;
}
