/**
 * The one logger shape the libraries and the service's own parts log through: a message per level.
 * pino (the service's logger) and console both fit, and a test passes a recorder.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
