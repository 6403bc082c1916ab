/**
 * `npm run codegen:check`: fails when the committed generated files (resolver types, typed
 * documents) differ from what `npm run codegen` would generate from the SDL and operation files today.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Paths of generated files that are missing or out of date; empty when all agree. */
export async function codegenDrift(): Promise<string[]> {
  const { config } = await loadCodegenConfig({ configFilePath: `${ROOT}codegen.yml` });
  const outputs = await generate({ ...config, cwd: ROOT, silent: true, errorsOnly: true }, false);
  const drifted: string[] = [];
  for (const output of outputs as Array<{ filename: string; content: string }>) {
    const path = output.filename.startsWith('/') ? output.filename : `${ROOT}${output.filename}`;
    const committed = await readFile(path, 'utf8').catch(() => undefined);
    if (committed !== output.content) drifted.push(output.filename);
  }
  return drifted;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const drifted = await codegenDrift();
  if (drifted.length > 0) {
    process.stderr.write(`Generated files are out of date (run npm run codegen):\n  ${drifted.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write('generated files are up to date\n');
}
