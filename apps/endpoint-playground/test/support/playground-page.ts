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

  /** The search box of the catalogue, once the catalogue has loaded (it is disabled until then). */
  async searchBox(): Promise<Locator> {
    const box = this.page.getByLabel("Search GitHub's REST API", { exact: true });
    await waitFor(async () => box.isEnabled(), { ...WAIT, description: 'the catalogue to load' });
    return box;
  }

  /** Searches and clicks the result whose summary is `summary`. */
  async chooseOperation(query: string, summary: string): Promise<void> {
    await (await this.searchBox()).fill(query);
    await this.operationResult(summary).click();
  }

  /** A search result by its summary (its accessible name is the summary, then the route). */
  operationResult(summary: string): Locator {
    return this.page
      .getByRole('list', { name: 'Matching operations' })
      .getByRole('button', { name: new RegExp(`^${summary} [A-Z]+ `) });
  }

  /** A field of the generated operation form, by parameter name. */
  parameter(name: string): Locator {
    return this.page.locator('#operation-form').getByLabel(name, { exact: true });
  }

  /** The id of the focused element, for keyboard-only tests. */
  focusedId(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.id ?? '');
  }
}
