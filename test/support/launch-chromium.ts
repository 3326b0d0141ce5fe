import type { BrowserContext } from 'playwright-core';
import { ensureBinary } from './ensure-binary';
import { scratchDir } from './scratch-dir';

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

export interface LaunchChromiumOptions {
  /** Pages of this origin may read and write the clipboard. */
  readonly clipboardOrigin?: string;
}

/**
 * A browser context in a fresh user-data dir (removed when the test process exits). Installs the
 * `chromium` package with apt-get when missing. The caller closes the context, which ends the browser.
 */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<BrowserContext> {
  const executablePath = ensureBinary('chromium', 'chromium');
  // Loaded here rather than at the top: playwright-core takes about a second to load, and every
  // test file that imports this package's index would pay for it.
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(scratchDir('chromium-profile'), {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  if (options.clipboardOrigin !== undefined) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: options.clipboardOrigin,
    });
  }
  return context;
}
