// A tiny TypeScript project that uses the built package the way a consumer does: the package is
// linked as node_modules/@repo/endpoint and resolved through its package.json `exports`, and the
// compiler reports on the consumer's file and on the package's own declarations (as a consumer
// without skipLibCheck sees them).
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { scratchDir } from '@repo/test-support';

export interface ConsumerSetup {
  readonly name: string;
  readonly module: ts.ModuleKind;
  readonly moduleResolution: ts.ModuleResolutionKind;
  /** `.cts` makes the consumer CommonJS, `.mts` ESM, `.ts` follows package.json (ESM here). */
  readonly extension: '.cts' | '.mts' | '.ts';
}

export const CONSUMER_SETUPS: readonly ConsumerSetup[] = [
  {
    name: 'node16, CommonJS consumer',
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    extension: '.cts',
  },
  {
    name: 'nodenext, ESM consumer',
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    extension: '.mts',
  },
  {
    name: 'bundler',
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    extension: '.ts',
  },
];

export interface ConsumerProject {
  readonly fileName: string;
  readonly options: ts.CompilerOptions;
  /** Compiles the consumer's file with `text` (the file on disk when left out). */
  compile(text?: string): ConsumerCompilation;
}

export interface ConsumerCompilation {
  readonly program: ts.Program;
  /** Errors in the consumer's file, the package's declarations and the options. */
  readonly diagnostics: readonly ts.Diagnostic[];
}

/** Writes a consumer project of `setup` holding `source`, with the package at `packageDir`. */
export function createConsumerProject(
  packageDir: string,
  setup: ConsumerSetup,
  source: string,
): ConsumerProject {
  const dir = scratchDir('endpoint-consumer');
  mkdirSync(join(dir, 'node_modules', '@repo'), { recursive: true });
  symlinkSync(packageDir, join(dir, 'node_modules', '@repo', 'endpoint'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  const fileName = join(dir, `consumer${setup.extension}`);
  writeFileSync(fileName, source);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: [],
    module: setup.module,
    moduleResolution: setup.moduleResolution,
  };
  const packageRoot = realpathSync(packageDir);
  let previous: ts.Program | undefined;
  const compile = (text?: string): ConsumerCompilation => {
    const host = ts.createCompilerHost(options);
    if (text !== undefined) {
      const readFile = host.readFile.bind(host);
      host.readFile = (path) => (path === fileName ? text : readFile(path));
    }
    const program = ts.createProgram({ rootNames: [fileName], options, host, oldProgram: previous });
    previous = program;
    const checked = program
      .getSourceFiles()
      .filter((file) => file.fileName === fileName || file.fileName.startsWith(packageRoot));
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((file) => [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
      ]),
    ];
    return { program, diagnostics };
  };
  return { fileName, options, compile };
}

/** `file(line): message` lines, for assertion messages. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return diagnostics
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${diagnostic.file.fileName}(${line + 1}): ${message}`;
    })
    .join('\n');
}
