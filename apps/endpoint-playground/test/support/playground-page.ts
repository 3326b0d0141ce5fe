import { waitFor } from '@repo/test-support';
import type { Locator, Page } from 'playwright-core';

const WAIT = { timeoutMs: 10_000, intervalMs: 25 };

/** The page seen as a user sees it: fields by label, regions and lists by their names. */
export class PlaygroundPage {
  constructor(readonly page: Page) {}

  field(label: 'Route' | 'Parameters' | 'Defaults'): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  get resultRegion(): Locator {
    return this.page.getByRole('region', { name: 'Result', exact: true });
  }

  /** Replaces a field's text by typing it key by key (each key fires an input event). */
  async type(label: 'Route' | 'Parameters' | 'Defaults', text: string): Promise<void> {
    await this.field(label).fill('');
    await this.field(label).pressSequentially(text);
  }

  /** The Result region's text, parsed; waits until it satisfies `isWanted`. */
  async result(isWanted: (result: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return waitFor(
      async () => {
        const parsed = JSON.parse((await this.resultRegion.textContent()) ?? '');
        return isWanted(parsed) ? parsed : undefined;
      },
      { ...WAIT, description: 'the expected result in the Result region' },
    );
  }

  async warnings(): Promise<string[]> {
    return this.page
      .getByRole('list', { name: 'Warnings', exact: true })
      .getByRole('listitem')
      .allTextContents();
  }

  /** Clicks a copy button, waits for its confirmation and returns the clipboard's text. */
  async copy(buttonName: string, confirmation: string): Promise<string> {
    await this.page.getByRole('button', { name: buttonName, exact: true }).click();
    await this.waitForStatus(confirmation);
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  async waitForStatus(text: string): Promise<void> {
    await waitFor(async () => (await this.page.getByRole('status').textContent()) === text, {
      ...WAIT,
      description: `status "${text}"`,
    });
  }

  /** The id of the focused element, for keyboard-only tests. */
  focusedId(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.id ?? '');
  }
}
