// What /json answers for a failed decision: 400 for a malformed body or an invalid request, 503
// when the store fails or no rules are loaded, 500 otherwise, with a JSON body
// `{statusCode, error, message}` (shared with the console's try form).
import { StoreUnavailableError } from '@repo/storage';
import { InvalidRequestError, NoConfigLoadedError } from '../../errors';

const ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function jsonErrorAnswer(error: unknown): { readonly statusCode: number; readonly body: string } {
  const statusCode = httpStatusOf(error);
  const body = JSON.stringify({
    statusCode,
    error: ERROR_NAMES[statusCode],
    message: (error as Error).message,
  });
  return { statusCode, body };
}

function httpStatusOf(error: unknown): number {
  if (error instanceof InvalidRequestError) return 400;
  if (error instanceof NoConfigLoadedError || error instanceof StoreUnavailableError) return 503;
  return 500;
}
