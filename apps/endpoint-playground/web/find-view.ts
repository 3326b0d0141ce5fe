/** The page's elements the script reads or writes, looked up once by id. */
export interface View {
  readonly form: HTMLFormElement;
  readonly route: HTMLInputElement;
  readonly parameters: HTMLTextAreaElement;
  readonly defaults: HTMLTextAreaElement;
  readonly examples: HTMLUListElement;
  readonly warnings: HTMLUListElement;
  readonly noWarnings: HTMLElement;
  readonly method: HTMLElement;
  readonly url: HTMLElement;
  readonly headers: HTMLElement;
  readonly body: HTMLElement;
  readonly result: HTMLElement;
  readonly curl: HTMLElement;
  readonly fetch: HTMLElement;
  readonly copyCurl: HTMLButtonElement;
  readonly copyFetch: HTMLButtonElement;
  readonly shareUrl: HTMLInputElement;
  readonly copyShareUrl: HTMLButtonElement;
  readonly copyStatus: HTMLElement;
  readonly version: HTMLElement;
  readonly operation: HTMLInputElement;
  readonly search: HTMLInputElement;
  readonly catalogueStatus: HTMLElement;
  readonly results: HTMLUListElement;
  readonly operationForm: HTMLFieldSetElement;
  readonly operationTitle: HTMLElement;
  readonly operationDocs: HTMLAnchorElement;
  readonly operationMissing: HTMLElement;
  readonly operationFields: HTMLElement;
}

const IDS: Readonly<Record<keyof View, string>> = {
  form: 'form',
  route: 'route',
  parameters: 'parameters',
  defaults: 'defaults',
  examples: 'examples',
  warnings: 'warnings',
  noWarnings: 'no-warnings',
  method: 'request-method',
  url: 'request-url',
  headers: 'request-headers',
  body: 'request-body',
  result: 'result',
  curl: 'curl-snippet',
  fetch: 'fetch-snippet',
  copyCurl: 'copy-curl',
  copyFetch: 'copy-fetch',
  shareUrl: 'share-url',
  copyShareUrl: 'copy-share-url',
  copyStatus: 'copy-status',
  version: 'version',
  operation: 'operation',
  search: 'operation-search',
  catalogueStatus: 'catalogue-status',
  results: 'operation-results',
  operationForm: 'operation-form',
  operationTitle: 'operation-title',
  operationDocs: 'operation-docs',
  operationMissing: 'operation-missing',
  operationFields: 'operation-fields',
};

/** Fails loudly when index.html and the script disagree, instead of a silent dead page. */
export function findView(document: Document): View {
  const entries = Object.entries(IDS).map(([key, id]) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`index.html has no element #${id}`);
    return [key, element];
  });
  return Object.fromEntries(entries) as View;
}
