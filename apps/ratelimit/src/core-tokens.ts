// Injection tokens of app-wide objects provided by modules above the layers that inject them:
// the logger and statistics, which CoreModule provides (created before Nest starts, in main.ts or
// a test). They live apart from their modules so
// that the layers which inject them (ratelimit/, transport/, health/) import nothing above
// themselves. CLOCK and RANDOM sit with their interfaces in clock.ts.

/** The pino logger of the service. */
export const LOGGER = Symbol('LOGGER');
/** The StatsService (stats/stats.service.ts). */
export const STATS = Symbol('STATS');
