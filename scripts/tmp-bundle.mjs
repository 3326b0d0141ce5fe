import { build } from 'esbuild';
import { createRequire } from 'node:module';
const optionalPeersExternal = {
  name: 'optional-peers-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      try { createRequire(args.resolveDir + '/x.js').resolve(args.path); return undefined; }
      catch { return { path: args.path, external: true }; }
    });
  },
};
const result = await build({
  entryPoints: ['/work/main/dist/apps/ratelimit/src/main.js'],
  bundle: true, platform: 'node', format: 'cjs', target: 'node20',
  outfile: '/work/main/.tmp/bundle/apps/ratelimit/main.js',
  logLevel: 'warning', metafile: true, plugins: [optionalPeersExternal],
  external: ['unix-dgram'], minifyWhitespace: true, minifySyntax: true, keepNames: true,
});
console.log(Object.keys(result.metafile.inputs).length, 'inputs');
