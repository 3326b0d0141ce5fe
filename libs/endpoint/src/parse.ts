import { addQueryParameters } from './add-query-parameters';
import { applyMediaType } from './apply-media-type';
import { asString } from './as-string';
import { pickBody } from './pick-body';
import type { MergedOptions, RequestHeaders, RequestOptions } from './types';
import { expandTemplate } from './url-template/expand-template';
import { getCompiledTemplate } from './url-template/template-cache';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Merged options -> request options: expand the url template, prefix the baseUrl
 * unless the url starts with `http`, rewrite accept, then query (GET/HEAD) or body. Stateless;
 * the input is never written to. The method comes back lowercase.
 */
export function parse(options: MergedOptions): RequestOptions {
  const method = upperCaseMethod(options.method);
  const template = getCompiledTemplate(urlTemplateOf(options.url));
  const headers: RequestHeaders = Object.assign({}, options.headers);
  let url = expandTemplate(template, options);
  if (!url.startsWith('http')) url = (options.baseUrl as string) + url;
  applyMediaType(headers, options.mediaType, url);
  let body: unknown;
  if (method === 'GET' || method === 'HEAD') url = addQueryParameters(url, options, template.usedNames);
  else body = pickBody(options, template.usedNames);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = JSON_CONTENT_TYPE;
  if (body === undefined && (method === 'PATCH' || method === 'PUT')) body = '';
  const result: RequestOptions = { method: method.toLowerCase() as Lowercase<string>, url, headers };
  if (body !== undefined) result.body = body;
  if (options.request) result.request = options.request;
  return result;
}

function upperCaseMethod(method: unknown): string {
  const text = asString(method);
  if (text === undefined) {
    throw new TypeError(`method must be a string such as "GET", got ${describe(method)}`);
  }
  return text.toUpperCase();
}

/** A missing or empty url means `/`. */
function urlTemplateOf(url: unknown): string {
  if (!url) return '/';
  const text = asString(url);
  if (text === undefined) throw new TypeError(`url must be a string, got ${describe(url)}`);
  return text;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
