import type { RequestOptions } from '@repo/endpoint';
import { headerValueText } from '../common/header-value-text';
import type { Evaluation } from '../common/evaluate-form';
import type { Warning } from '../common/find-warnings';
import type { View } from './find-view';

const NO_REQUEST = '(no request: see the error in the result)';

function renderWarnings(view: View, warnings: readonly Warning[]): void {
  view.warnings.replaceChildren(
    ...warnings.map((warning) => {
      const item = document.createElement('li');
      item.dataset.code = warning.code;
      item.textContent = warning.message;
      return item;
    }),
  );
  view.noWarnings.hidden = warnings.length > 0;
}

function renderRequest(view: View, request: RequestOptions | undefined): void {
  view.method.textContent = request ? request.method.toUpperCase() : '—';
  view.url.textContent = request ? request.url : '—';
  const headers = Object.entries(request?.headers ?? {});
  view.headers.textContent = headers.map(([name, value]) => `${name}: ${headerValueText(value)}`).join('\n');
  const body = request?.body;
  view.body.textContent =
    body === undefined ? '(no body)' : typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/**
 * Shows one evaluation. The Result region gets the answer as JSON and nothing else (the page's
 * contract: its text parses to exactly what POST /api/endpoint answers).
 */
export function renderEvaluation(view: View, evaluation: Evaluation): void {
  renderWarnings(view, evaluation.warnings);
  view.result.textContent = JSON.stringify(evaluation.answer, null, 2);
  view.result.dataset.status = evaluation.ok ? 'ok' : 'error';
  renderRequest(view, evaluation.ok ? evaluation.answer : undefined);
  view.curl.textContent = evaluation.ok ? evaluation.curl : NO_REQUEST;
  view.fetch.textContent = evaluation.ok ? evaluation.fetch : NO_REQUEST;
  view.copyCurl.disabled = !evaluation.ok;
  view.copyFetch.disabled = !evaluation.ok;
}
