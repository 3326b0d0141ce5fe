// "Try a request": builds a /json request body from the form and shows the answer as /json gives it.
import { byId } from './dom';

/** `key=value` lines; an empty line starts the next descriptor. */
export function parseDescriptors(text: string): { entries: { key: string; value: string }[] }[] {
  const descriptors: { entries: { key: string; value: string }[] }[] = [];
  let current: { key: string; value: string }[] = [];
  for (const line of [...text.split('\n'), '']) {
    const trimmed = line.trim();
    if (trimmed === '') {
      if (current.length > 0) descriptors.push({ entries: current });
      current = [];
      continue;
    }
    const at = trimmed.indexOf('=');
    current.push(
      at < 0 ? { key: trimmed, value: '' } : { key: trimmed.slice(0, at), value: trimmed.slice(at + 1) },
    );
  }
  return descriptors;
}

export function setUpTryForm(): void {
  const count = byId<HTMLInputElement>('try-count');
  const hits = byId<HTMLInputElement>('try-hits');
  count.addEventListener('change', () => (hits.disabled = !count.checked));
  byId<HTMLFormElement>('try-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void send(count.checked, Number(hits.value));
  });
}

async function send(isCounting: boolean, hits: number): Promise<void> {
  const answer = byId('try-answer');
  const body = {
    domain: byId<HTMLInputElement>('try-domain').value,
    descriptors: parseDescriptors(byId<HTMLTextAreaElement>('try-entries').value),
    ...(isCounting ? { hits_addend: hits } : {}),
  };
  answer.textContent = 'Sending…';
  const response = await fetch(`/console/api/try${isCounting ? '?count=true' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it came
  }
  answer.textContent = `HTTP ${response.status}\n${pretty}`;
}
