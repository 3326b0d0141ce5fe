// Browser entry of the playground page, bundled by scripts/build-playground.mjs into
// public/playground.js. All computing is in ../common (pure, tested in Node); this file only
// wires the DOM: form input -> evaluateForm -> render, examples, copy buttons, shareable URL.
// The catalogue of GitHub's operations (search + generated form) is a separate chunk, loaded
// with its data once the page is usable, so the first load stays small.
import { VERSION } from '@repo/endpoint';
import { evaluateForm } from '../common/evaluate-form';
import { EXAMPLES, exampleToFormState } from '../common/examples';
import { type FormState, formStateFromHash, formStateToHash } from '../common/form-state';
import { PLAYGROUND_USER_AGENT } from '../common/playground-endpoint';
import { copyText } from './copy-text';
import { findView, type View } from './find-view';
import { RESTORED_EVENT } from './restored-event';
import { renderEvaluation } from './render-evaluation';

function readForm(view: View): FormState {
  return {
    route: view.route.value,
    parameters: view.parameters.value,
    defaults: view.defaults.value,
    operation: view.operation.value,
  };
}

/** Fills the form and tells the catalogue, which shows or hides the operation's fields. */
function writeForm(view: View, state: FormState): void {
  view.route.value = state.route;
  view.parameters.value = state.parameters;
  view.defaults.value = state.defaults;
  view.operation.value = state.operation;
  view.form.dispatchEvent(new Event(RESTORED_EVENT));
}

/** Recomputes everything and keeps the address bar equal to the shareable URL. */
function update(view: View): void {
  const state = readForm(view);
  renderEvaluation(view, evaluateForm(state));
  const hash = formStateToHash(state);
  history.replaceState(null, '', hash);
  view.shareUrl.value = `${location.origin}${location.pathname}${hash}`;
}

function renderExamples(view: View): void {
  const items = EXAMPLES.map((example) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = example.title;
    button.addEventListener('click', () => {
      writeForm(view, exampleToFormState(example));
      update(view);
    });
    const item = document.createElement('li');
    item.append(button);
    return item;
  });
  view.examples.replaceChildren(...items);
}

function wireCopyButton(view: View, button: HTMLButtonElement, source: HTMLElement, what: string): void {
  button.addEventListener('click', async () => {
    const text = source instanceof HTMLInputElement ? source.value : (source.textContent ?? '');
    const copied = await copyText(text, source);
    view.copyStatus.textContent = copied
      ? `Copied the ${what} to the clipboard.`
      : `Could not use the clipboard: the ${what} is selected, press Ctrl+C to copy it.`;
  });
}

/** After the load event: the catalogue's code and data are not part of the first load. */
function loadCatalogueLater(view: View): void {
  const load = () => {
    import('./catalogue-panel.js')
      .then(({ startCataloguePanel }) => startCataloguePanel(view))
      .catch((error: unknown) => {
        view.catalogueStatus.textContent = `The operations could not be loaded: ${String(error)}`;
      });
  };
  if (document.readyState === 'complete') setTimeout(load, 0);
  else window.addEventListener('load', () => setTimeout(load, 0), { once: true });
}

function start(): void {
  const view = findView(document);
  view.version.textContent = `@repo/endpoint ${VERSION} (user-agent "${PLAYGROUND_USER_AGENT}")`;
  renderExamples(view);
  writeForm(view, formStateFromHash(location.hash) ?? exampleToFormState(EXAMPLES[0]));
  view.form.addEventListener('input', () => update(view));
  view.form.addEventListener('submit', (event) => event.preventDefault());
  // A shared link opened in a tab that already shows the page changes only the fragment.
  window.addEventListener('hashchange', () => {
    const state = formStateFromHash(location.hash);
    if (state) writeForm(view, state);
    update(view);
  });
  wireCopyButton(view, view.copyCurl, view.curl, 'curl command');
  wireCopyButton(view, view.copyFetch, view.fetch, 'fetch call');
  wireCopyButton(view, view.copyShareUrl, view.shareUrl, 'link');
  update(view);
  loadCatalogueLater(view);
}

start();
