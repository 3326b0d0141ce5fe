// Injection tokens of the app-wide objects that CoreModule provides (created before Nest starts,
// in main.ts or a test). They live apart from the module so that the layers which inject them
// (ratelimit/, transport/, health/) import nothing above themselves. CLOCK and RANDOM sit with
// their interfaces in clock.ts.

/** The pino logger of the service. */
export const LOGGER = Symbol('LOGGER');
/** The StatsService (stats/stats.service.ts). */
export const STATS = Symbol('STATS');
