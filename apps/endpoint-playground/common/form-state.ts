/**
 * The page's fields, as typed (the JSON fields are text, valid or not), and the operation of
 * GitHub's REST API chosen from the catalogue (its operation id; empty when none is chosen).
 */
export interface FormState {
  readonly route: string;
  readonly parameters: string;
  readonly defaults: string;
  readonly operation: string;
}

const FIELDS = ['route', 'parameters', 'defaults', 'operation'] as const;

/**
 * The URL fragment that restores the form: `#route=…&parameters=…&defaults=…&operation=…`
 * (application/x-www-form-urlencoded, empty fields left out). A fragment, not a query
 * string, because it never reaches the server: the form may hold tokens in headers.
 * The texts are kept verbatim, so a restored form is exactly the shared one.
 */
export function formStateToHash(state: FormState): string {
  const search = new URLSearchParams();
  for (const field of FIELDS) if (state[field] !== '') search.set(field, state[field]);
  return `#${search.toString()}`;
}

/** The form saved in a fragment by formStateToHash, or undefined when it holds none. */
export function formStateFromHash(hash: string): FormState | undefined {
  const search = new URLSearchParams(hash.replace(/^#/, ''));
  if (!FIELDS.some((field) => search.has(field))) return undefined;
  return {
    route: search.get('route') ?? '',
    parameters: search.get('parameters') ?? '',
    defaults: search.get('defaults') ?? '',
    operation: search.get('operation') ?? '',
  };
}
