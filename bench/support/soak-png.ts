// SVG -> PNG through Debian's headless Chromium (playwright-core is already a dev dependency for
// the browser tests), so the plot needs no image library. Without Chromium the SVG stays the plot.
import { findExecutable } from '@repo/test-support';
import { chromium } from 'playwright-core';

/** Writes `pngPath`; returns false (nothing written) when no chromium is installed. */
export async function svgToPng(
  svg: string,
  width: number,
  height: number,
  pngPath: string,
): Promise<boolean> {
  const executablePath = findExecutable('chromium');
  if (executablePath === undefined) return false;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    await page.screenshot({ path: pngPath, clip: { x: 0, y: 0, width, height } });
    return true;
  } finally {
    await browser.close();
  }
}
