import { readdir } from 'node:fs/promises';
import type { SandboxManifest } from './shared/sandbox-manifest.js';

/**
 * The sandboxes that declare themselves: each `sandboxes/<folder>/*-sandbox.manifest.ts` exporting
 * a SandboxManifest. The standalone runner (sandbox.main.ts) reads them so that it names no
 * provider; the platform's runner reads the same manifests through the service catalogue.
 */
export async function discoverSandboxManifests(root: URL = new URL('./', import.meta.url)): Promise<SandboxManifest[]> {
  const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const found: SandboxManifest[] = [];
  for (const folder of folders) {
    for (const file of (await readdir(new URL(`${folder}/`, root))).filter((name) => /-sandbox\.manifest\.[jt]s$/.test(name)).sort()) {
      const module = (await import(new URL(`${folder}/${file}`, root).href)) as Record<string, unknown>;
      found.push(...Object.values(module).filter(isSandboxManifest));
    }
  }
  return found;
}

const isSandboxManifest = (value: unknown): value is SandboxManifest =>
  typeof value === 'object' && value !== null && typeof (value as SandboxManifest).name === 'string' && typeof (value as SandboxManifest).port === 'number' && typeof (value as SandboxManifest).create === 'function';
