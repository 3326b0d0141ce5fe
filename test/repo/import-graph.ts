// The import graph of the repository's TypeScript sources, and the cycles in it. Imports are read
// and resolved by the TypeScript compiler with the repository's tsconfig.json (relative paths and
// the `@repo/*` paths alike); type-only imports count, because a cycle of types is still two files
// that cannot be understood, moved or changed one without the other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** file -> the files it imports, every path relative to the repository root with `/` separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

function typeScriptFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') typeScriptFiles(path, found);
    } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath).options;
}

/** The repository files `file` imports: static, type-only, re-exports, `import()` and `require()`. */
function importsOf(file: string, options: ts.CompilerOptions): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets: string[] = [];
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts')) {
      targets.push(resolved.resolvedFileName);
    }
  }
  return targets;
}

/**
 * The graph of every .ts file under `folders` (tests included: a spec that a source imports back
 * would be a cycle too), followed into any other file of the repository they import.
 */
export function buildImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const options = compilerOptions(root);
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const graph = new Map<string, string[]>();
  const pending = folders.flatMap((folder) => typeScriptFiles(join(root, folder)));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(name(file))) continue;
    const targets = importsOf(file, options);
    graph.set(name(file), [...new Set(targets.map(name))]);
    pending.push(...targets.filter((target) => !graph.has(name(target))));
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, or one file importing itself. */
export function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components;
}

/** The shortest chain of imports from `from` to `to` staying inside `members`. */
function shortestPath(graph: ImportGraph, from: string, to: string, members: Set<string>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length && !previous.has(to); head++) {
    for (const target of graph.get(queue[head]) ?? []) {
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, queue[head]);
        queue.push(target);
      }
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}

/**
 * Cycles as file chains (`a -> b -> a`), enough of them that every import inside a cycle shows in
 * one: for each such import not yet shown, the shortest way back closes a new cycle. Listing every
 * elementary cycle instead could take exponential time on a tangle.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const shown = new Set<string>();
    for (const file of component) {
      for (const target of (graph.get(file) ?? []).filter((t) => members.has(t)).sort()) {
        if (shown.has(`${file} ${target}`)) continue;
        const cycle = [file, ...shortestPath(graph, target, file, members)];
        for (let i = 1; i < cycle.length; i++) shown.add(`${cycle[i - 1]} ${cycle[i]}`);
        cycles.push(cycle);
      }
    }
  }
  return cycles;
}
