// Level names between logrus (what LOG_LEVEL accepts and what Envoy's service prints) and pino.
import type { Level } from 'pino';
import type { LogrusLevel } from '../settings/settings';

/** pino has no `panic`: it maps to fatal, the most severe level pino knows. */
export function toPinoLevel(level: LogrusLevel): Level {
  if (level === 'warning') return 'warn';
  if (level === 'panic') return 'fatal';
  return level;
}

/** pino label -> the name logrus prints (`warning`, not `warn`). */
export function toLogrusLabel(pinoLabel: string): string {
  return pinoLabel === 'warn' ? 'warning' : pinoLabel;
}
