// The catalogue of GitHub's REST operations on the page (a chunk of its own, loaded after the
// page is usable): the search box and its results, and the form generated for the chosen
// operation, kept in sync with the Parameters JSON both ways. The page script owns the result;
// this file only edits Route, Parameters and the hidden operation field, and lets the form's
// input event reach the page script.
import {
  CATALOGUE_FILE,
  type CatalogueOperation,
  type CatalogueParameter,
  type RouteCatalogue,
} from '../catalogue/catalogue';
import {
  missingRequired,
  objectFromText,
  textFromValue,
  valueFromText,
  withParameter,
} from '../catalogue/operation-values';
import { createOperationSearch, type OperationSearch } from '../catalogue/search-operations';
import type { View } from './find-view';
import { type OperationField, renderOperationFields } from './operation-form';
import { RESTORED_EVENT } from './restored-event';

const RESULT_LIMIT = 20;
/** Options of endpoint() that stay in Parameters when another operation is chosen. */
const KEPT_OPTIONS = ['baseUrl', 'headers', 'mediaType', 'request'];

class CataloguePanel {
  private readonly search: (query: string, limit: number) => OperationSearch;
  private readonly byId: Map<string, CatalogueOperation>;
  private selected?: { operation: CatalogueOperation; fields: OperationField[] };
  private readonly problems = new Map<string, string>();

  constructor(
    private readonly view: View,
    private readonly catalogue: RouteCatalogue,
  ) {
    this.search = createOperationSearch(catalogue.operations);
    this.byId = new Map(catalogue.operations.map((operation) => [operation.operationId, operation]));
  }

  start(): void {
    const { view } = this;
    view.search.addEventListener('input', () => this.showResults());
    view.operationForm.addEventListener('input', (event) => this.fieldChanged(event.target));
    view.form.addEventListener('input', (event) => {
      if (!view.operationForm.contains(event.target as Node)) this.formChanged();
    });
    view.form.addEventListener(RESTORED_EVENT, () => this.restore());
    view.search.disabled = false;
    view.search.placeholder = 'e.g. create issue, /repos/{owner}/{repo}/pulls, issues/create';
    this.showResults();
    this.restore();
  }

  /** Runs on every keystroke; the time it takes (search + list) is kept on the list for the tests. */
  private showResults(): void {
    const started = performance.now();
    const { count, operations } = this.search(this.view.search.value, RESULT_LIMIT);
    this.view.results.replaceChildren(...operations.map((operation) => this.resultItem(operation)));
    this.view.results.dataset.searchMs = (performance.now() - started).toFixed(3);
    const total = this.catalogue.operations.length;
    this.view.catalogueStatus.textContent =
      this.view.search.value.trim() === ''
        ? `${total} operations of GitHub's REST API (description ${this.catalogue.version}): search by path, summary or operation id.`
        : `${count} of ${total} operations match${count > RESULT_LIMIT ? `; the first ${RESULT_LIMIT} are shown` : ''}.`;
  }

  private resultItem(operation: CatalogueOperation): HTMLLIElement {
    const summary = document.createElement('span');
    summary.textContent = operation.summary;
    const route = document.createElement('code');
    route.textContent = operation.route;
    const button = document.createElement('button');
    button.type = 'button';
    button.append(summary, ' ', route);
    button.addEventListener('click', () => this.choose(operation));
    const item = document.createElement('li');
    item.append(button);
    return item;
  }

  /** Fills Route and the hidden operation field; Parameters keeps only endpoint() options. */
  private choose(operation: CatalogueOperation): void {
    const { view } = this;
    const current = objectFromText(view.parameters.value) ?? {};
    const kept = Object.fromEntries(Object.entries(current).filter(([key]) => KEPT_OPTIONS.includes(key)));
    view.route.value = operation.route;
    view.operation.value = operation.operationId;
    view.parameters.value = JSON.stringify(kept, null, 2);
    this.select(operation);
    view.form.dispatchEvent(new Event('input'));
    this.selected?.fields[0]?.control.focus();
  }

  private select(operation: CatalogueOperation): void {
    const { view } = this;
    const parameters = operation.parameters.map((index) => this.catalogue.parameters[index]);
    this.problems.clear();
    this.selected = { operation, fields: renderOperationFields(view.operationFields, parameters) };
    view.operationTitle.textContent = operation.summary;
    view.operationDocs.href = operation.docs;
    view.operationDocs.textContent = `GitHub's documentation: ${operation.summary} (${operation.operationId})`;
    view.operationForm.hidden = false;
    this.fillFields();
  }

  private deselect(): void {
    this.selected = undefined;
    this.view.operationForm.hidden = true;
    this.view.operationFields.replaceChildren();
    this.view.operation.value = '';
  }

  /**
   * The form was filled by the page (start, example, shared link): show the operation it names.
   * An operation that is unknown or does not match the route is dropped, from the URL too.
   */
  private restore(): void {
    const named = this.view.operation.value;
    const operation = this.byId.get(named);
    if (operation && operation.route === this.view.route.value) return this.select(operation);
    if (this.selected || named) this.deselect();
    if (named) this.view.form.dispatchEvent(new Event('input'));
  }

  /** Route, Parameters or Defaults typed by hand. */
  private formChanged(): void {
    if (!this.selected) return;
    if (this.view.route.value !== this.selected.operation.route) {
      this.deselect();
      this.view.form.dispatchEvent(new Event('input')); // the shareable URL drops the operation
      return;
    }
    this.fillFields();
  }

  /** Parameters JSON -> fields (the focused one keeps what is being typed). */
  private fillFields(): void {
    const given = objectFromText(this.view.parameters.value);
    for (const { parameter, control } of this.selected?.fields ?? []) {
      if (given && control !== document.activeElement)
        control.value = textFromValue(parameter, given[parameter.name]);
    }
    this.flagFields(given);
  }

  /** A field -> Parameters JSON, before the page script sees the input event. */
  private fieldChanged(target: EventTarget | null): void {
    const field = this.selected?.fields.find(({ control }) => control === target);
    if (!field) return;
    const { parameter, control } = field;
    const given = objectFromText(this.view.parameters.value);
    if (!given) {
      this.problems.set(parameter.name, 'Parameters is not a JSON object: fix it to use the form.');
    } else {
      const value = valueFromText(parameter, control.value);
      this.view.parameters.value = JSON.stringify(withParameter(given, parameter.name, value), null, 2);
      if (value?.problem) this.problems.set(parameter.name, `Sent as typed: ${value.problem}.`);
      else this.problems.delete(parameter.name);
    }
    this.flagFields(objectFromText(this.view.parameters.value));
  }

  /** Required parameters that Parameters and Defaults leave out are flagged at once. */
  private flagFields(given: Record<string, unknown> | undefined): void {
    const fields = this.selected?.fields ?? [];
    const parameters: CatalogueParameter[] = fields.map((field) => field.parameter);
    const defaults = objectFromText(this.view.defaults.value) ?? {};
    const missing = given ? missingRequired(parameters, given, defaults) : [];
    for (const { parameter, control, note } of fields) {
      const isMissing = missing.includes(parameter.name);
      control.setAttribute('aria-invalid', String(isMissing || this.problems.has(parameter.name)));
      note.textContent = isMissing ? 'Required, not given. ' : (this.problems.get(parameter.name) ?? '');
    }
    this.view.operationMissing.textContent = !given
      ? 'Parameters is not a JSON object: the fields show the last valid one.'
      : missing.length > 0
        ? `Missing required parameters: ${missing.join(', ')}.`
        : '';
  }
}

/** Loads routes.json and starts the panel; the search box is disabled until then. */
export async function startCataloguePanel(view: View): Promise<void> {
  view.catalogueStatus.textContent = "Loading GitHub's operations…";
  const response = await fetch(CATALOGUE_FILE);
  if (!response.ok) throw new Error(`${CATALOGUE_FILE} answered HTTP ${response.status}`);
  new CataloguePanel(view, (await response.json()) as RouteCatalogue).start();
}
