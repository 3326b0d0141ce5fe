// What the Prometheus app serves: the pull sink's registry, and the flush to run before each
// scrape so a scrape sees every count up to that moment rather than the last flush.
import type { Registry } from 'prom-client';

export const SCRAPE_SOURCE = Symbol('SCRAPE_SOURCE');

export interface ScrapeSource {
  readonly registry: Registry;
  readonly beforeScrape: () => void;
}
