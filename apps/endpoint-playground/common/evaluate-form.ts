import type { RequestOptions } from '@repo/endpoint';
import { badRequestAnswer, type BadRequestAnswer } from './bad-request-answer';
import { buildRequestOptions } from './build-request-options';
import { findWarnings, type Warning } from './find-warnings';
import type { FormState } from './form-state';
import { InvalidJsonError } from './invalid-json-error';
import { parseJsonText } from './parse-json-text';
import { parsePlaygroundInput, type PlaygroundInput } from './parse-playground-input';
import { PlaygroundInputError } from './playground-input-error';
import { toCurl } from './to-curl';
import { toFetch } from './to-fetch';

/** Everything the page shows for one state of the form. */
export type Evaluation =
  | {
      readonly ok: true;
      /** Equal to POST /api/endpoint's 200 answer for the same input. */
      readonly answer: RequestOptions;
      readonly warnings: readonly Warning[];
      readonly curl: string;
      readonly fetch: string;
    }
  | {
      readonly ok: false;
      /** Equal to POST /api/endpoint's 400 answer, or the page's own error for invalid JSON. */
      readonly answer: BadRequestAnswer;
      readonly warnings: readonly Warning[];
    };

/** A PlaygroundInputError becomes the 400 answer; anything else is a bug and propagates. */
function failedWith(error: unknown, warnings: readonly Warning[]): Evaluation {
  if (!(error instanceof PlaygroundInputError)) throw error;
  return { ok: false, answer: badRequestAnswer(error.message), warnings };
}

/** Parses the JSON fields; an empty field means "not given", like a missing key in the API. */
function parseFields(form: Pick<FormState, 'route' | 'parameters' | 'defaults'>): {
  fields: Record<string, unknown>;
  jsonErrors: InvalidJsonError[];
} {
  const jsonErrors: InvalidJsonError[] = [];
  const parseField = (text: string, label: string): unknown => {
    if (text.trim() === '') return undefined;
    try {
      return parseJsonText(text, label);
    } catch (error) {
      if (!(error instanceof InvalidJsonError)) throw error;
      jsonErrors.push(error);
      return undefined;
    }
  };
  const parameters = parseField(form.parameters, 'Parameters');
  const defaults = parseField(form.defaults, 'Defaults');
  return { fields: { route: form.route, parameters, defaults }, jsonErrors };
}

/**
 * The page's whole computation, free of the DOM: form texts -> the API's input -> result,
 * warnings and snippets. Invalid JSON in a field is both a warning (with its position) and
 * the error shown as the result, since no request can be built from it.
 */
export function evaluateForm(form: Pick<FormState, 'route' | 'parameters' | 'defaults'>): Evaluation {
  const { fields, jsonErrors } = parseFields(form);
  if (jsonErrors.length > 0) {
    const warnings = jsonErrors.map((error) => ({
      code: 'invalid-json' as const,
      message: `${error.message}.`,
    }));
    return failedWith(jsonErrors[0], warnings);
  }
  let input: PlaygroundInput;
  try {
    input = parsePlaygroundInput(fields);
  } catch (error) {
    return failedWith(error, []);
  }
  const warnings = findWarnings(input);
  try {
    const answer = buildRequestOptions(input);
    return { ok: true, answer, warnings, curl: toCurl(answer), fetch: toFetch(answer) };
  } catch (error) {
    return failedWith(error, warnings);
  }
}
