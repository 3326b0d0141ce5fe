// A connection flood from a process of its own, as an attacker's would be. Run in the test's own
// process, the flood's connects and writes delay the probe's: a probe that writes its request
// only after HTTP_MAX_CONNECTIONS newer connections have arrived is one no server can tell from
// the flood (docs/security.md), so the test would measure its own client, not the service.
//
// Arguments: port, the first bytes of each batch's connections (JSON array), the batch size.
// Opens batches (each connection trickling 'x' every 200 ms), reporting { opened } after the
// first, until the parent sends any message; then closes every connection and reports
// { opened, done: true }. The parent ends the process.
import { openConnections, type FloodReport, type RawConnectionGroup } from './raw-connections';

const TRICKLE = { text: 'x', everyMs: 200 };

async function flood(port: number, firsts: readonly string[], batch: number): Promise<void> {
  let stopped = false;
  process.once('message', () => (stopped = true));
  const groups: RawConnectionGroup[] = [];
  let opened = 0;
  while (!stopped) {
    const first = firsts[(opened / batch) % firsts.length] as string;
    groups.push(await openConnections(port, batch, first, TRICKLE));
    if (opened === 0) report({ opened: batch, done: false });
    opened += batch;
  }
  groups.forEach((group) => group.destroy());
  report({ opened, done: true });
}

const report = (message: FloodReport) => process.send?.(message);

const [port, firsts, batch] = process.argv.slice(2);
void flood(Number(port), JSON.parse(firsts as string) as string[], Number(batch));
