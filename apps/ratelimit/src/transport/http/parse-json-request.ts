// POST /json body -> RateLimitRequest, reading proto3 JSON as Go's protojson does:
// lowerCamelCase or the proto's snake_case names, enum names or numbers, integers as numbers or
// decimal strings, null = unset, and unknown fields rejected. Every problem names its JSON path.
import { isUtf8 } from 'node:buffer';
import type { Descriptor, DescriptorEntry, LimitOverride } from '@repo/rules';
import { InvalidRequestError } from '../../errors';
import { MAX_HITS_ADDEND, type RateLimitRequest } from '../../rate-limit-types';
import { checkRequestSize } from '../../ratelimit/validate-request';
import { overrideUnitFromWire, isOverrideUnitName } from '../proto-units';

type JsonObject = Record<string, unknown>;

const MAX_UINT32 = 4294967295;
/**
 * The deepest nesting of objects and arrays a body may have. A valid request has 5 (request,
 * descriptors, descriptor, entries, entry); JSON.parse of 1 MiB nested half a million deep held the
 * serving loop 140-160 ms, a scan that refuses it first costs about a millisecond per MiB.
 */
export const MAX_JSON_DEPTH = 32;
const [QUOTE, BACKSLASH, OPEN_BRACE, OPEN_BRACKET, CLOSE_BRACE, CLOSE_BRACKET] = [34, 92, 123, 91, 125, 93];

/**
 * The text of a /json body's bytes; invalid UTF-8 is refused (InvalidRequestError, HTTP 400), as
 * Go's protojson does, rather than replaced with U+FFFD.
 */
export function jsonBodyText(body: Buffer | undefined): string | undefined {
  if (body === undefined) return undefined;
  if (!isUtf8(body)) throw invalid('the body is not valid UTF-8');
  return body.toString('utf8');
}

/** `body` is the raw request text; throws InvalidRequestError (HTTP 400) with a precise message. */
export function parseJsonRequest(body: string | undefined): RateLimitRequest {
  if (body === undefined || body.trim() === '') throw invalid('the request body is empty');
  if (nestsDeeperThan(body, MAX_JSON_DEPTH))
    throw invalid(`the body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw invalid(`the body is not valid JSON: ${(error as Error).message}`);
  }
  const root = fields(parsed, '', ['domain', 'descriptors', 'hitsAddend']);
  checkSizeBeforeReading(root.descriptors);
  return {
    domain: stringField(root.domain, 'domain'),
    descriptors: list(root.descriptors, 'descriptors').map((item, i) =>
      descriptor(item, `descriptors[${i}]`),
    ),
    hitsAddend: root.hitsAddend === undefined ? 0 : integer(root.hitsAddend, 'hitsAddend', MAX_HITS_ADDEND),
  };
}

/** A body over the request bounds is refused by its counts, before its descriptors are read. */
function checkSizeBeforeReading(descriptors: unknown): void {
  if (!Array.isArray(descriptors)) return;
  // over the descriptor bound: refused before a descriptor is looked at
  checkRequestSize(descriptors.length, 0);
  let entries = 0;
  for (const item of descriptors as unknown[]) {
    const list = (item as { entries?: unknown } | null)?.entries;
    if (Array.isArray(list)) entries += list.length;
  }
  checkRequestSize(descriptors.length, entries);
}

function descriptor(value: unknown, path: string): Descriptor {
  const object = fields(value, path, ['entries', 'limit', 'hitsAddend']);
  const entries = list(object.entries, `${path}.entries`).map((item, i) =>
    entry(item, `${path}.entries[${i}]`),
  );
  if (object.limit === undefined && object.hitsAddend === undefined) return { entries };
  return {
    entries,
    limit: object.limit === undefined ? undefined : override(object.limit, `${path}.limit`),
    // a UInt64Value on the wire; bounded like the request's uint32 (docs/decisions.md#hits)
    hitsAddend:
      object.hitsAddend === undefined
        ? undefined
        : integer(object.hitsAddend, `${path}.hitsAddend`, MAX_HITS_ADDEND),
  };
}

function entry(value: unknown, path: string): DescriptorEntry {
  const object = fields(value, path, ['key', 'value']);
  return { key: stringField(object.key, `${path}.key`), value: stringField(object.value, `${path}.value`) };
}

function override(value: unknown, path: string): LimitOverride {
  const object = fields(value, path, ['requestsPerUnit', 'unit']);
  const unit = object.unit;
  if (typeof unit === 'string' && !isOverrideUnitName(unit)) {
    throw invalid(
      `${path}.unit: unknown unit ${JSON.stringify(unit)}; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR`,
    );
  }
  if (unit !== undefined && typeof unit !== 'string') integer(unit, `${path}.unit`, 2147483647);
  return {
    requestsPerUnit:
      object.requestsPerUnit === undefined
        ? 0
        : integer(object.requestsPerUnit, `${path}.requestsPerUnit`, MAX_UINT32),
    unit: overrideUnitFromWire(unit ?? 0),
  };
}

/**
 * A JSON object's known fields under their camelCase names; nulls dropped (proto3: unset).
 * `names` are the camelCase names; their snake_case spellings are accepted too.
 */
function fields(value: unknown, path: string, names: readonly string[]): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${path || 'the body'}: expected a JSON object, got ${describe(value)}`);
  }
  const result: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    const name = names.find((candidate) => candidate === key || snakeCase(candidate) === key);
    if (name === undefined) throw invalid(`${join(path, key)}: unknown field ${JSON.stringify(key)}`);
    if (Object.hasOwn(result, name)) {
      throw invalid(`${join(path, key)}: the field is given twice (as ${name} and ${snakeCase(name)})`);
    }
    result[name] = field === null ? undefined : field;
  }
  return result;
}

function list(value: unknown, path: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(`${path}: expected a JSON array, got ${describe(value)}`);
  return value;
}

function stringField(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw invalid(`${path}: expected a string, got ${describe(value)}`);
  return value;
}

/** An integer JSON number or decimal string in [0, max]. */
function integer(value: unknown, path: string, max: number): number {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
  const number = text !== undefined && /^\d+(\.0*)?(e\+?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(number) || number > max) {
    throw invalid(`${path}: expected an integer from 0 to ${max}, got ${describe(value)}`);
  }
  return number;
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '...' : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether `text` opens more than `max` objects and arrays at once (brackets inside strings do not count). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}

function invalid(message: string): InvalidRequestError {
  return new InvalidRequestError(`invalid request body: ${message}`);
}
