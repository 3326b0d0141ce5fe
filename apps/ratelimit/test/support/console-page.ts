// The operator console seen as a user sees it: sections, tables and forms by their names.
import { waitFor } from '@repo/test-support';
import type { Locator, Page } from 'playwright-core';

const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

export class ConsolePage {
  constructor(readonly page: Page) {}

  /** The cells of the traffic row of a stats key, as text. */
  async trafficRow(statsKey: string): Promise<string[]> {
    const row = this.page
      .getByRole('table', { name: 'Traffic per stats key' })
      .getByRole('row', { name: statsKey, exact: true });
    return (await row.count()) === 0 ? [] : row.getByRole('cell').allTextContents();
  }

  /** Waits until the traffic row of `statsKey` satisfies `isWanted`; returns its cells. */
  async waitForTraffic(statsKey: string, isWanted: (cells: string[]) => boolean): Promise<string[]> {
    return waitFor(
      async () => {
        const cells = await this.trafficRow(statsKey);
        return cells.length > 0 && isWanted(cells) ? cells : undefined;
      },
      { ...WAIT, description: `the traffic row of ${statsKey}` },
    );
  }

  chart(statsKey: string): Locator {
    return this.page.getByRole('img', { name: `${statsKey}: hits per second, last 15 minutes` });
  }

  /** Rows [value, count, error] of the limited-values table of a rule, once it has `rows` rows. */
  async waitForLimited(ruleStatsKey: string, rows: number): Promise<string[][]> {
    const table = this.page.getByRole('table', { name: `Limited values of ${ruleStatsKey}` });
    return waitFor(
      async () => {
        if ((await table.count()) === 0) return undefined;
        const bodyRows = await table.locator('tbody tr').all();
        if (bodyRows.length !== rows) return undefined;
        return Promise.all(bodyRows.map((row) => row.getByRole('cell').allTextContents()));
      },
      { ...WAIT, description: `${rows} limited values of ${ruleStatsKey}` },
    );
  }

  async checkRules(yaml: string): Promise<void> {
    await this.page.getByLabel('Rules YAML', { exact: true }).fill(yaml);
    // the summary of an earlier check must not pass for this one's
    await this.page.locator('#check-summary').evaluate((element) => (element.textContent = ''));
    await this.page.getByRole('button', { name: 'Check', exact: true }).click();
  }

  /** The items of the check's Errors list, once there are any. */
  async checkErrors(): Promise<string[]> {
    const list = this.page.getByRole('list', { name: 'Errors', exact: true }).getByRole('listitem');
    return waitFor(async () => ((await list.count()) > 0 ? list.allTextContents() : undefined), {
      ...WAIT,
      description: 'the errors of the check',
    });
  }

  /** The check's summary line and how many changes it lists, once a summary is shown. */
  async checkSummary(): Promise<{ summary: string; listed: number }> {
    const summary = this.page.locator('#check-summary');
    const text = await waitFor(async () => (await summary.textContent()) || undefined, {
      ...WAIT,
      description: 'the summary of the check',
    });
    const listed = await this.page
      .getByRole('list', { name: 'Changes', exact: true })
      .getByRole('listitem')
      .count();
    return { summary: text, listed };
  }

  async tryRequest(domain: string, descriptors: string, hits?: number): Promise<string> {
    await this.page.getByLabel('Domain', { exact: true }).fill(domain);
    await this.page.getByLabel('Descriptors', { exact: true }).fill(descriptors);
    const count = this.page.getByLabel('Count the hits', { exact: true });
    await count.setChecked(hits !== undefined);
    if (hits !== undefined) await this.page.getByLabel('Hits', { exact: true }).fill(String(hits));
    const answer = this.page.getByRole('region', { name: 'Answer', exact: true });
    await answer.evaluate((element) => (element.textContent = ''));
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    return waitFor(
      async () => {
        const text = (await answer.textContent()) ?? '';
        return text.startsWith('HTTP ') ? text : undefined;
      },
      { ...WAIT, description: 'the answer of the try form' },
    );
  }
}
