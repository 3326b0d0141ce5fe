import type { RequestOptions } from '@repo/endpoint';
import { bodyText } from './body-text';
import { headerValueText } from './header-value-text';

const literal = (text: string) => JSON.stringify(text);

/**
 * A string body as a string literal; any other body as `JSON.stringify(<the JSON>)`, which reads
 * better than an escaped string. JSON is a JavaScript expression, except that a `"__proto__"`
 * key in an object literal sets the prototype instead of a property: such bodies stay strings.
 */
function bodyExpression(body: unknown): string {
  const json = JSON.stringify(body, null, 2);
  if (typeof body === 'string' || json.includes('"__proto__"')) return literal(bodyText(body));
  return `JSON.stringify(${json.replace(/\n/g, '\n  ')})`;
}

/**
 * A `fetch()` call sending exactly the request options. The method is uppercased: the Fetch
 * standard uppercases only DELETE, GET, HEAD, OPTIONS, POST and PUT, so a lowercase `patch`
 * would be sent as is and rejected by most servers. String literals are JSON
 * strings, which are valid JavaScript.
 */
export function toFetch(options: RequestOptions): string {
  const lines = [
    `await fetch(${literal(options.url)}, {`,
    `  method: ${literal(options.method.toUpperCase())},`,
  ];
  lines.push('  headers: {');
  for (const [name, value] of Object.entries(options.headers)) {
    lines.push(`    ${literal(name)}: ${literal(headerValueText(value))},`);
  }
  lines.push('  },');
  if (options.body !== undefined) lines.push(`  body: ${bodyExpression(options.body)},`);
  lines.push('});');
  return lines.join('\n');
}
