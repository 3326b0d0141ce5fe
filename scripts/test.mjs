// The one test command: `npm test` (= `node scripts/test.mjs all`) runs every stage in CI order:
// lint -> typecheck -> build -> unit -> coverage -> int -> e2e -> e2e-bundle -> browser -> faults
// (coverage = the 100 % gate of libs/endpoint, scripts/coverage-endpoint.mjs; e2e-bundle = the
// e2e files again against the production bundle of the rate limit service, RATELIMIT_E2E_TARGET=bundle:
// apps/ratelimit/load/e2e-target.ts; faults runs against that bundle too, since its memory and
// timing figures are only meaningful for what users run).
// `node scripts/test.mjs <stage> [...]` runs chosen stages (the build runs first when tests need it).
// Test files are found by suffix in dist-dev/ (the build's tree with the tests; dist/ has none):
//   *.spec.js unit, *.int-spec.js integration (real servers), *.e2e-spec.js (real app),
//   *.browser-spec.js (headless Chromium), *.faults-spec.js (fault injection).
// Unit tests sit beside their code; every other kind sits in its package's test/ folder (a stage
// fails on one found elsewhere, so each package keeps them in one place).
// The type test of libs/endpoint's typed routes runs twice: `typecheck` compiles its fixture
// (libs/endpoint/test/typed-routes.type-test.ts, `@ts-expect-error` on each wrong line) against the
// sources, and `unit` (libs/endpoint/test/typed-declarations.spec.ts) against the built package's
// declarations in consumer projects (moduleResolution node16, nodenext, bundler).
// Options: --only <text> keeps test files whose path contains <text> (repeatable);
// DIST_DIR=<dir> builds into <dir> and <dir>-dev and tests there (for parallel work; scripts/build-dirs.mjs).
// It ends with one line `N passed, N failed, N skipped` summed over every test stage.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildDirs } from './build-dirs.mjs';

const root = new URL('..', import.meta.url).pathname;
const distDir = buildDirs(root).devTree;
const bin = (name) => join(root, 'node_modules/.bin', name);

const testStages = {
  unit: { suffix: '.spec.js', concurrency: 2 },
  int: { suffix: '.int-spec.js', concurrency: 1 },
  e2e: { suffix: '.e2e-spec.js', concurrency: 1 },
  'e2e-bundle': {
    suffix: '.e2e-spec.js',
    concurrency: 1,
    under: join('apps', 'ratelimit'),
    env: { RATELIMIT_E2E_TARGET: 'bundle' },
  },
  browser: { suffix: '.browser-spec.js', concurrency: 1 },
  faults: { suffix: '.faults-spec.js', concurrency: 1, env: { RATELIMIT_E2E_TARGET: 'bundle' } },
};
const commandStages = {
  lint: [
    [bin('eslint'), ['.']],
    [bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ],
  typecheck: [[bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
  build: [[process.execPath, [join(root, 'scripts/build.mjs')]]],
  coverage: [[process.execPath, [join(root, 'scripts/coverage-endpoint.mjs')]]],
};
const order = [
  'lint',
  'typecheck',
  'build',
  'unit',
  'coverage',
  'int',
  'e2e',
  'e2e-bundle',
  'browser',
  'faults',
];

function run(command, args, onLine, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      lines.forEach((line) => onLine?.(line));
    });
    child.on('close', (code) => {
      if (pending) onLine?.(pending);
      resolve(code ?? 1);
    });
  });
}

function findFiles(dir, suffix, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) findFiles(path, suffix, found);
    else if (
      name.endsWith(suffix) &&
      !(suffix === '.spec.js' && /\.(int|e2e|browser|faults)-spec\.js$/.test(name))
    )
      found.push(path);
  }
  return found;
}

/** True for <dist>/<package or test>/.../test/...: where integration, e2e, browser and fault tests live. */
function isInTestFolder(file) {
  return relative(distDir, file).split(sep).slice(0, -1).includes('test');
}

const totals = { passed: 0, failed: 0, skipped: 0 };

async function runTestStage(name) {
  const { suffix, concurrency, env, under = '' } = testStages[name];
  const files = findFiles(join(distDir, under), suffix)
    .filter((file) => onlyFilters.length === 0 || onlyFilters.some((text) => file.includes(text)))
    .sort();
  console.log(`\n=== ${name}: ${files.length} file(s)`);
  const misplaced = suffix === '.spec.js' ? [] : files.filter((file) => !isInTestFolder(file));
  if (misplaced.length > 0) {
    console.error(
      `outside a test/ folder (move them to their package's test/):\n  ${misplaced.join('\n  ')}`,
    );
    totals.failed += misplaced.length;
    return 1;
  }
  if (files.length === 0) return 0;
  const counts = {};
  const code = await run(
    process.execPath,
    [
      '--enable-source-maps',
      '--test',
      // TAP on stdout, whose `# pass N` lines give the summary (Node 24 would print its spec form).
      '--test-reporter=tap',
      `--test-concurrency=${concurrency}`,
      ...files.map((f) => relative(root, f)),
    ],
    (line) => {
      const match = /^# (pass|fail|skipped|todo|cancelled) (\d+)$/.exec(line);
      if (match) counts[match[1]] = Number(match[2]);
    },
    env,
  );
  totals.passed += counts.pass ?? 0;
  totals.failed += (counts.fail ?? 0) + (counts.cancelled ?? 0);
  totals.skipped += (counts.skipped ?? 0) + (counts.todo ?? 0);
  if (code !== 0 && !counts.fail && !counts.cancelled) totals.failed += 1; // crashed before reporting
  return code;
}

async function runStage(name) {
  if (testStages[name]) return runTestStage(name);
  console.log(`\n=== ${name}`);
  for (const [command, args] of commandStages[name]) {
    const code = await run(command, args);
    if (code !== 0) {
      totals.failed += 1;
      return code;
    }
  }
  return 0;
}

const onlyFilters = [];
const requested = [];
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === '--only') onlyFilters.push(process.argv[++i]);
  else requested.push(process.argv[i]);
}
const wanted = requested.length === 0 || requested.includes('all') ? order : requested;
const needsBuild =
  wanted.some((stage) => testStages[stage] || stage === 'coverage') && !wanted.includes('build');
const stages = order.filter((stage) => wanted.includes(stage) || (stage === 'build' && needsBuild));
const unknown = wanted.filter((stage) => !order.includes(stage));
if (unknown.length > 0) {
  console.error(`unknown stage(s): ${unknown.join(', ')}; known: all, ${order.join(', ')}`);
  process.exit(2);
}

let exitCode = 0;
for (const stage of stages) {
  const code = await runStage(stage);
  if (code !== 0) {
    exitCode = 1;
    if (stage === 'build') break; // nothing to test without a build
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
