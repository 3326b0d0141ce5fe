// `npm run lines [-- --ref <commit>]`: the size of the rate limit service as a newcomer reads it,
// in files and non-blank lines, tests left out (`*.spec.ts` and the other test suffixes, `test/`
// folders): the service (its app's src/, libs/rules/src, libs/storage/src; the proto loading code
// lives inside them and gets a row of its own), its settings (src/settings/ and the file that
// hands settings to the libraries' options), and each top folder. `--ref` counts a commit instead of
// the working tree (untracked files included, ignored ones not), for a before/after.
import './supported-node.mjs';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const APP = 'apps/ratelimit/src';
const SERVICE_FOLDERS = [APP, 'libs/rules/src', 'libs/storage/src'];
const SETTINGS_PATHS = [`${APP}/settings/`, `${APP}/library-options.ts`];
const TEST_FILE = /(\.|-)(spec|int-spec|e2e-spec|browser-spec|faults-spec|type-test)\.ts$|(^|\/)test\//;
/** Code that loads .proto files: the packages that read them, imported outside tests. */
const PROTO_LOADING = /from ['"](@grpc\/proto-loader|protobufjs)(\/[^'"]*)?['"]/;

const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

/** Source files of the service at `ref` (or in the working tree) with their text. */
function serviceSources(ref) {
  const listed = ref
    ? git(['ls-tree', '-r', '--name-only', ref, '--', ...SERVICE_FOLDERS])
    : git(['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SERVICE_FOLDERS]);
  const files = listed.split('\n').filter((file) => file.endsWith('.ts') && !TEST_FILE.test(file));
  const read = (file) => (ref ? git(['show', `${ref}:${file}`]) : readFileSync(join(root, file), 'utf8'));
  return [...new Set(files)].sort().map((file) => ({ file, text: read(file) }));
}

const nonBlank = (text) => text.split('\n').filter((line) => line.trim() !== '').length;

/** A row per group: the service, its proto loading, its settings, then each top folder. */
function countLines(ref) {
  const sources = serviceSources(ref).map(({ file, text }) => ({ file, text, lines: nonBlank(text) }));
  const rows = new Map();
  const add = (group, source) => {
    const row = rows.get(group) ?? { group, files: 0, lines: 0 };
    rows.set(group, { group, files: row.files + 1, lines: row.lines + source.lines });
  };
  for (const source of sources) {
    add('rate limit service', source);
    if (PROTO_LOADING.test(source.text)) add('  proto loading', source);
    if (SETTINGS_PATHS.some((path) => source.file.startsWith(path))) add('  settings', source);
  }
  for (const source of sources) add(topFolder(source.file), source);
  return [...rows.values()];
}

/** `apps/ratelimit/src/stats/sinks/x.ts` -> `apps/ratelimit/src/stats/`; a file of src/ itself -> src/ */
function topFolder(file) {
  const base = SERVICE_FOLDERS.find((folder) => file.startsWith(`${folder}/`));
  const [first, ...rest] = file.slice(base.length + 1).split('/');
  return `  ${base}/${rest.length === 0 ? '' : `${first}/`}`;
}

const refAt = process.argv.indexOf('--ref');
const ref = refAt === -1 ? undefined : process.argv[refAt + 1];
let rows;
try {
  rows = countLines(ref);
} catch (error) {
  // git has printed its reason (an unknown commit, say) on stderr.
  console.error(`npm run lines: ${error.message.split('\n')[0]}`);
  process.exit(1);
}
const width = Math.max(...rows.map((row) => row.group.length));
console.log(`${'non-blank lines, tests excluded'.padEnd(width)}  files   lines  (${ref ?? 'working tree'})`);
for (const { group, files, lines } of rows) {
  console.log(
    `${group.padEnd(width)}  ${String(files).padStart(5)}  ${lines.toLocaleString('en-US').padStart(6)}`,
  );
}
