import { PlaygroundInputError } from './playground-input-error';

/** A JSON text that does not parse; the message names the input and the position. */
export class InvalidJsonError extends PlaygroundInputError {
  override readonly name: string = 'InvalidJsonError';
}
