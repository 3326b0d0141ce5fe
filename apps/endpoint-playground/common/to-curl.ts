import type { RequestOptions } from '@repo/endpoint';
import { bodyText } from './body-text';
import { headerValueText } from './header-value-text';

/**
 * POSIX shell quoting: words made of safe characters stay bare (`PATCH`); anything else goes in
 * single quotes, inside which nothing is special except the quote itself.
 */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command line sending exactly the request options: uppercase method (HTTP methods are
 * case-sensitive and the library's result is lowercase), url, every header, the body with
 * --data-raw (no `@file` interpretation). HEAD uses --head, since `--request HEAD` makes curl
 * wait for a body that never comes.
 */
export function toCurl(options: RequestOptions): string {
  const method = options.method.toUpperCase();
  const lines = [method === 'HEAD' ? 'curl --head' : `curl --request ${shellQuote(method)}`];
  lines.push(`--url ${shellQuote(options.url)}`);
  for (const [name, value] of Object.entries(options.headers)) {
    lines.push(`--header ${shellQuote(`${name}: ${headerValueText(value)}`)}`);
  }
  if (options.body !== undefined) lines.push(`--data-raw ${shellQuote(bodyText(options.body))}`);
  return lines.join(' \\\n  ');
}
