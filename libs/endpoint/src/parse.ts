import { addQueryParameters } from './add-query-parameters';
import { applyMediaType } from './apply-media-type';
import { check } from './check';
import type { MergedOptions, RequestHeaders, RequestOptions } from './types';
import { expandTemplate } from './url-template/expand-template';
import { getCompiledTemplate } from './url-template/template-cache';

/**
 * Merged options -> request options. Stateless; the input is never written to.
 * 1. The url template (a missing or empty url means `/`) is expanded with the options (reserved
 *    keys such as `url` never count) and loses one trailing `/` unless it is exactly `/`; the
 *    baseUrl goes in front unless it starts with `http`. Then mediaType rewrites accept.
 * 2. The remaining parameters (not reserved, not in the template) become the query for GET and
 *    HEAD; otherwise `data` (when it remains) is the body as given, else the remaining
 *    parameters form a null-prototype object, else there is none. A body gets the JSON
 *    content-type unless one is set; PATCH and PUT without one get `""`.
 * 3. The method comes back lowercase.
 * A method that is no string throws `method must be a string`; a url that is no string throws
 * the reference's TypeError.
 */
export function parse(options: MergedOptions): RequestOptions {
  const method = check(options.method, 'method').toLowerCase() as Lowercase<string>;
  const template = getCompiledTemplate(options.url || '/');
  const headers: RequestHeaders = Object.assign({}, options.headers);
  let url = expandTemplate(template, options);
  if (!url.startsWith('http')) url = options.baseUrl + url;
  applyMediaType(headers, options.mediaType, url);
  const names = Object.keys(options).filter((name) => !template.omitted.has(name));
  let body: unknown;
  if (method == 'get' || method == 'head') url = addQueryParameters(url, options, names);
  else if (names.includes('data')) body = options.data;
  else if (names.length) {
    body = Object.create(null);
    for (const name of names) (body as Record<string, unknown>)[name] = options[name];
  }
  if (body !== undefined) headers['content-type'] ||= 'application/json; charset=utf-8';
  else if (method == 'patch' || method == 'put') body = '';
  return Object.assign(
    { method, url, headers },
    body !== undefined && { body },
    options.request && { request: options.request },
  );
}
