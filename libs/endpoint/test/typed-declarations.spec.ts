// The built package's type declarations, as a TypeScript consumer sees them: they load under
// moduleResolution node16, nodenext and bundler; the fixture typed-routes.type-test.ts compiles
// (each line marked `@ts-expect-error` fails for the reason its note gives); known routes
// complete in an editor. Type checking only: no library code runs here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '@repo/test-support';
import { CONSUMER_SETUPS, createConsumerProject, formatDiagnostics } from './consumer-project';

const packageDir = join(__dirname, '..');
const fixture = readFileSync(join(repoRoot(), 'libs/endpoint/test/typed-routes.type-test.ts'), 'utf8');
const DIRECTIVE = /\/\/ @ts-expect-error (.+)$/;

interface ExpectedError {
  /** 1-based line of the statement that must fail. */
  readonly line: number;
  readonly note: string;
}

function expectedErrors(source: string): ExpectedError[] {
  return source.split('\n').flatMap((text, index) => {
    const match = DIRECTIVE.exec(text);
    return match ? [{ line: index + 2, note: match[1] }] : [];
  });
}

/** Error messages by 1-based line of the consumer's file. */
function errorsByLine(diagnostics: readonly ts.Diagnostic[], fileName: string): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  for (const diagnostic of diagnostics) {
    assert.ok(diagnostic.file?.fileName === fileName, formatDiagnostics([diagnostic]));
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    byLine.set(line + 1, [...(byLine.get(line + 1) ?? []), text]);
  }
  return byLine;
}

describe('type declarations of the built package', () => {
  it('marks at least one wrong line of each kind in the fixture', () => {
    const notes = expectedErrors(fixture).map((error) => error.note);
    for (const kind of ['does not exist', 'is not assignable', 'is missing', 'Expected 2 arguments']) {
      assert.ok(
        notes.some((note) => note.includes(kind)),
        kind,
      );
    }
  });

  for (const setup of CONSUMER_SETUPS) {
    it(`compile a consumer without error (${setup.name})`, () => {
      const project = createConsumerProject(packageDir, setup, fixture);
      const { program, diagnostics } = project.compile();
      assert.equal(formatDiagnostics(diagnostics), '');
      const declarations = program.getSourceFiles().map((file) => file.fileName);
      assert.ok(
        declarations.some((name) => name.endsWith('/types/index.d.ts') && !name.includes('node_modules')),
        'resolved @repo/endpoint to the built declarations',
      );
      assert.ok(declarations.some((name) => name.includes('@octokit/types/')));
    });
  }

  it('rejects each marked line for the reason its note gives, and only those lines', () => {
    const project = createConsumerProject(packageDir, CONSUMER_SETUPS[1], fixture);
    const expected = expectedErrors(fixture);
    assert.ok(expected.length >= 12, `${expected.length} marked lines`);
    const withoutDirectives = fixture.replace(/\/\/ @ts-expect-error /g, '// expected error: ');
    const { diagnostics } = project.compile(withoutDirectives);
    const byLine = errorsByLine(diagnostics, project.fileName);
    assert.deepEqual(
      [...byLine.keys()].sort((a, b) => a - b),
      expected.map((error) => error.line),
    );
    for (const { line, note } of expected) {
      const messages = byLine.get(line) ?? [];
      assert.ok(
        messages.some((message) => message.includes(note)),
        `line ${line}: expected "${note}" in:\n${messages.join('\n')}`,
      );
    }
  });

  it('offers every known route as a completion of the route argument', () => {
    const source = "import { endpoint } from '@repo/endpoint';\nendpoint('');\nendpoint.merge('');\n";
    const project = createConsumerProject(packageDir, CONSUMER_SETUPS[2], source);
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => project.options,
      getScriptFileNames: () => [project.fileName],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const text = ts.sys.readFile(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => join(project.fileName, '..'),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      realpath: ts.sys.realpath,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    const service = ts.createLanguageService(host);
    for (const call of ["endpoint('", "endpoint.merge('"]) {
      const position = source.indexOf(`\n${call}`) + call.length + 1;
      const completions = service.getCompletionsAtPosition(project.fileName, position, undefined);
      const names = new Set(completions?.entries.map((entry) => entry.name));
      assert.ok(names.has('POST /repos/{owner}/{repo}/issues'), call);
      assert.ok(names.has('GET /repos/{owner}/{repo}'), call);
      assert.ok(names.size > 1000, `${call}: ${names.size} completions`);
    }
    service.dispose();
  });
});
