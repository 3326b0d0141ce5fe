// The `isolation` part's hostile sender, a process of its own (started with an IPC channel and one
// JSON argument: the input's name, the service's addresses, the window in seconds), so that
// building and sending the input does not run on the event loop that times the ordinary calls. It
// prepares the input, says `ready`, then applies it for one window each time it is told `go` (the
// part alternates windows without and during the input) and sends back that window's one-line
// summary. It exits when its parent goes away.
// It runs at the lowest CPU priority (its parent starts it under SCHED_IDLE where `chrt` may; it
// sets nice 19 itself): in a deployment the attacker's traffic is made on other machines, while
// here it shares the 2 cores with the service and the process timing the ordinary calls; the
// `cpu-burn` row shows what a sender's CPU alone would cost them (docs/benchmarks.md#isolation).
import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  HOSTILE_INPUTS,
  type HostileInputName,
  type HostileTarget,
  type InputReport,
} from './hostile-actions';

export interface SenderArguments {
  readonly input: HostileInputName;
  readonly target: HostileTarget;
  readonly seconds: number;
}

export interface SenderMessage {
  readonly ready?: true;
  readonly report?: InputReport;
  /** The input could not be applied (the row is not judged). */
  readonly failed?: true;
}

function main(): void {
  lowestPriority();
  const { input, target, seconds } = JSON.parse(process.argv[2]) as SenderArguments;
  const apply = HOSTILE_INPUTS[input](target);
  const send = (message: SenderMessage) => process.send?.(message);
  process.once('disconnect', () => process.exit(0));
  // The parent waits for each window's report before its next `go`: one window at a time.
  process.on('message', () => {
    const untilMs = performance.now() + seconds * 1000;
    apply(untilMs).then(
      (report) => send({ report }),
      (error: unknown) => send({ report: { summary: `the sender failed: ${String(error)}` }, failed: true }),
    );
  });
  send({ ready: true });
}

/** The sender's own CPU must not count against the service (see the top of this file). */
function lowestPriority(): void {
  try {
    setPriority(19);
  } catch {
    // not allowed here: the row's figures then include the sender's CPU
  }
}

main();
