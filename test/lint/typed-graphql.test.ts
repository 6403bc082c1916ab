import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Keeps GraphQL results typed in the tests: the harness's GraphQL calls answer a typed body
 * (`graphql` with a document from test/graphql/) or `unknown` (`graphqlRaw`), never `any`. Every
 * test file was converted; the untyped call they used before (`graphqlUntyped`) is gone, and no
 * file may bring it back.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HARNESS = join(ROOT, 'test/harness/http.ts');

async function testSources(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join(ROOT, 'test/generated')}`) && !file.includes('/fixtures/'));
}

/** The type of `body` in what each exported GraphQL call of the harness resolves to. */
function graphqlBodyTypes(): Record<string, ts.Type> {
  const program = ts.createProgram([HARNESS], { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(HARNESS)!)!;
  const bodies: Record<string, ts.Type> = {};
  for (const exported of checker.getExportsOfModule(module)) {
    if (!/^graphql/i.test(exported.name)) continue;
    const type = checker.getTypeOfSymbol(exported);
    for (const signature of type.getCallSignatures()) {
      const answer = checker.getAwaitedType(signature.getReturnType());
      const body = answer && checker.getPropertyOfType(answer, 'body');
      if (body) bodies[exported.name] = checker.getTypeOfSymbol(body);
    }
  }
  return bodies;
}

describe('typed GraphQL results in the tests', () => {
  it("the harness's GraphQL calls answer a typed or unknown body, never any", () => {
    const bodies = graphqlBodyTypes();
    expect(Object.keys(bodies).sort()).toEqual(expect.arrayContaining(['graphql', 'graphqlRaw']));
    const anyTyped = Object.entries(bodies).filter(([, type]) => (type.flags & ts.TypeFlags.Any) !== 0).map(([name]) => name);
    expect(anyTyped).toEqual([]);
    expect(bodies.graphqlRaw!.flags & ts.TypeFlags.Unknown).not.toBe(0);
  });

  it('no test file uses the untyped call of before', async () => {
    const users: string[] = [];
    for (const file of await testSources(join(ROOT, 'test'))) {
      if (file === HARNESS || file === fileURLToPath(import.meta.url)) continue;
      if (/\bgraphqlUntyped\b/.test(await readFile(file, 'utf8'))) users.push(relative(ROOT, file));
    }
    expect(users).toEqual([]);
  });
});
