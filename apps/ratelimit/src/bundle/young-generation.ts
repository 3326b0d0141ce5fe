// The production entry caps V8's young generation (docs/benchmarks.md#the-young-generation-capped).
// V8 sizes it from the machine's memory: semi-spaces of 64 MiB on a machine of 16 GiB or more.
// Each scavenge copies what outlived the last one, and the objects of a finished gRPC call outlive
// a scavenge (Node's stream handles keep them until a full collection), so the pause grows with the
// calls since the last one: at 1,000 hostile calls a second, pauses that set the p99 of everyone
// else's calls. With 16 MiB semi-spaces the pauses are short and the calls per CPU-second the same.
//
// Node takes the flag only on its command line, so when neither the command line nor NODE_OPTIONS
// sets the size, the entry runs Node again in its own place with it (process.execve: the same
// process and PID, before anything is open). An operator's own size wins.

export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

const SETS_SEMI_SPACE = /--max[-_]semi[-_]space[-_]size/;

export interface NodeProcess {
  readonly execPath: string;
  readonly execArgv: readonly string[];
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** process.execve where the platform has it (POSIX, Node 23.11 and later). */
  readonly execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
}

/** The command line to run again with, or undefined when this process goes on as it is. */
export function commandWithCappedYoungGeneration(node: NodeProcess): string[] | undefined {
  const setsSize = node.execArgv.some((arg) => SETS_SEMI_SPACE.test(arg));
  if (setsSize || SETS_SEMI_SPACE.test(node.env.NODE_OPTIONS ?? '')) return undefined;
  return [node.execPath, YOUNG_GENERATION_FLAG, ...node.execArgv, ...node.argv.slice(1)];
}

/**
 * Replaces this process with Node run again with the young generation capped, unless the size is
 * set already; where that cannot be done (no process.execve, or it fails), goes on uncapped.
 */
export function capYoungGeneration(node: NodeProcess = process): void {
  const command = commandWithCappedYoungGeneration(node);
  if (command === undefined || node.execve === undefined) return;
  try {
    node.execve(node.execPath, command, node.env);
  } catch {
    // Uncapped: the service works the same, with longer pauses under heavy load.
  }
}
