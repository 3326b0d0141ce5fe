/**
 * The request body as sent: a string body is sent as is, anything else (an object, an array, a
 * number, null) as JSON, which is what the `application/json` content-type the library adds
 * promises.
 */
export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}
