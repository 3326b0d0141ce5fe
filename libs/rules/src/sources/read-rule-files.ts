// Which files make up the rules and under which key (goruntime semantics, docs/rules.md):
// - watchRoot=true: every file under RUNTIME_ROOT/RUNTIME_SUBDIRECTORY, keyed by its relative
//   path with `/` -> `.`, kept only when the key starts with `<RUNTIME_APPDIRECTORY>.`
//   (e.g. `config.basic.yaml`); an empty RUNTIME_SUBDIRECTORY loads nothing (goruntime's nil loader).
// - watchRoot=false: every file under RUNTIME_ROOT/RUNTIME_SUBDIRECTORY/RUNTIME_APPDIRECTORY,
//   keyed by its relative path (e.g. `basic.yaml`); an empty RUNTIME_APPDIRECTORY loads nothing.
// Every regular file counts, whatever its extension; names starting with `.` (files and
// directories, e.g. Kubernetes' `..2024_01_01`) are skipped only with ignoreDotFiles. File
// symlinks are followed, directory symlinks are not descended (Go filepath.Walk).
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RuleConfigError } from '../rule-config-error';

export interface RuleFileLayout {
  readonly runtimeRoot: string;
  readonly runtimeSubdirectory: string;
  readonly runtimeAppDirectory: string;
  readonly ignoreDotFiles: boolean;
  readonly watchRoot: boolean;
  /**
   * A file larger than this is refused (the load fails, the rules in force stay): parsing YAML
   * costs about a second and tens of bytes of memory per byte (default 16 MiB).
   */
  readonly maxFileBytes?: number;
}

export const DEFAULT_MAX_RULE_FILE_BYTES = 16 * 1024 * 1024;

export interface RuleFile {
  /** The reference's snapshot key, used as the source name in errors. */
  readonly key: string;
  readonly path: string;
  readonly text: string;
}

/** The directory that is walked, or undefined when the layout loads nothing. */
export function ruleFilesDirectory(layout: RuleFileLayout): string | undefined {
  if (layout.watchRoot) {
    return layout.runtimeSubdirectory === ''
      ? undefined
      : join(layout.runtimeRoot, layout.runtimeSubdirectory);
  }
  if (layout.runtimeAppDirectory === '') return undefined;
  return join(layout.runtimeRoot, layout.runtimeSubdirectory, layout.runtimeAppDirectory);
}

/** A rules directory that vanished after a load found it: the load fails, the last good rules stay. */
export function missingDirectoryError(directory: string): RuleConfigError {
  return new RuleConfigError(
    directory,
    'the rules directory is missing; the rules loaded before stay in force',
  );
}

/**
 * Reads every rule file, sorted by key. A missing directory means "no files", unless
 * `mustExist` (a load found it before): then it is a missingDirectoryError, also when it vanishes
 * while the files are read.
 */
export async function readRuleFilesOf(layout: RuleFileLayout, mustExist: boolean): Promise<RuleFile[]> {
  const files = await readRuleFiles(layout);
  const directory = ruleFilesDirectory(layout);
  if (mustExist && directory !== undefined && !(await isDirectory(directory)))
    throw missingDirectoryError(directory);
  return files;
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

/** Reads every rule file, sorted by key. A missing directory means "no files". */
export async function readRuleFiles(layout: RuleFileLayout): Promise<RuleFile[]> {
  const directory = ruleFilesDirectory(layout);
  if (directory === undefined) return [];
  const maxBytes = layout.maxFileBytes ?? DEFAULT_MAX_RULE_FILE_BYTES;
  const paths: { key: string; path: string }[] = [];
  await walk(directory, '', layout.ignoreDotFiles, paths);
  const prefix = `${layout.runtimeAppDirectory}.`;
  const selected = layout.watchRoot ? paths.filter(({ key }) => key.startsWith(prefix)) : paths;
  selected.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const files = await Promise.all(
    selected.map(async ({ key, path }) => ({ key, path, text: await readText(key, path, maxBytes) })),
  );
  return files.filter((file): file is RuleFile => file.text !== undefined);
}

/** The file's text; undefined when it vanished since the directory was listed (its removal triggers another reload). */
async function readText(key: string, path: string, maxBytes: number): Promise<string | undefined> {
  let file;
  try {
    file = await open(path, 'r');
    // The size of the file opened, not of the path: a file replaced meanwhile is read as it was.
    const { size } = await file.stat();
    if (size > maxBytes) throw new RuleConfigError(key, fileTooLargeText(size, maxBytes));
    return await file.readFile('utf8');
  } catch (error) {
    if (error instanceof RuleConfigError) throw error;
    if (isMissing(error)) return undefined;
    throw new RuleConfigError(key, `error reading file: ${(error as Error).message}`, undefined, {
      cause: error,
    });
  } finally {
    await file?.close();
  }
}

export function fileTooLargeText(size: number, maxBytes: number): string {
  return `error reading file: the file is ${size} bytes, more than the limit of ${maxBytes} bytes (RULES_MAX_FILE_BYTES)`;
}

async function walk(
  directory: string,
  keyPrefix: string,
  ignoreDotFiles: boolean,
  found: { key: string; path: string }[],
) {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    if (ignoreDotFiles && entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    const key = keyPrefix + entry.name;
    if (entry.isDirectory()) await walk(path, `${key}.`, ignoreDotFiles, found);
    else if (entry.isFile() || (entry.isSymbolicLink() && (await isRegularFile(path))))
      found.push({ key, path });
  }
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false; // dangling link
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
