import type { CatalogueParameter } from '../catalogue/catalogue';
import { fieldKind } from '../catalogue/operation-values';

/** One generated field: the parameter and the control that edits it. */
export interface OperationField {
  readonly parameter: CatalogueParameter;
  readonly control: HTMLInputElement | HTMLSelectElement;
  readonly note: HTMLElement;
}

const LOCATION_TEXT = { path: 'path', query: 'query', body: 'body' } as const;

function choiceControl(values: readonly string[]): HTMLSelectElement {
  const select = document.createElement('select');
  for (const value of ['', ...values]) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = value === '' ? '(not set)' : value;
    select.append(option);
  }
  return select;
}

function controlFor(parameter: CatalogueParameter): HTMLInputElement | HTMLSelectElement {
  const kind = fieldKind(parameter);
  if (kind === 'choice') return choiceControl((parameter.enum ?? []).map(String));
  if (kind === 'boolean') return choiceControl(['true', 'false']);
  const input = document.createElement('input');
  input.type = 'text';
  input.spellcheck = false;
  if (kind === 'list') input.placeholder = 'comma-separated';
  if (kind === 'json') input.placeholder = 'JSON';
  if (parameter.default !== undefined) input.placeholder = `default: ${String(parameter.default)}`;
  return input;
}

/** `string, path, required` / `integer, query, default 30` / `choices: open, closed, all`. */
function metaText(parameter: CatalogueParameter): string {
  const parts = [parameter.type, LOCATION_TEXT[parameter.in]];
  if (parameter.required) parts.push('required');
  if (parameter.default !== undefined) parts.push(`default ${JSON.stringify(parameter.default)}`);
  if (parameter.enum && fieldKind(parameter) !== 'choice')
    parts.push(`choices: ${parameter.enum.join(', ')}`);
  return parts.join(', ');
}

/**
 * One labelled control per parameter: label = the parameter's name (so it can be found by it),
 * then its type, place, required flag and default, its description, and a note that shows
 * problems (missing, not a number).
 */
export function renderOperationFields(
  container: HTMLElement,
  parameters: readonly CatalogueParameter[],
): OperationField[] {
  const fields = parameters.map((parameter, index) => {
    const id = `parameter-${index}-${parameter.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = parameter.name;
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = metaText(parameter);
    const control = controlFor(parameter);
    control.id = id;
    control.name = parameter.name;
    control.required = parameter.required;
    const note = document.createElement('span');
    note.className = 'note';
    note.id = `${id}-note`;
    const help = document.createElement('p');
    help.className = 'help';
    help.id = `${id}-help`;
    help.append(note, parameter.description);
    control.setAttribute('aria-describedby', `${help.id}`);
    const row = document.createElement('div');
    row.className = 'parameter';
    row.append(label, meta, control, help);
    return { row, field: { parameter, control, note } };
  });
  container.replaceChildren(...fields.map(({ row }) => row));
  return fields.map(({ field }) => field);
}
