import { readFileSync } from 'node:fs';

/** The four subgraphs the gateway federates, each with its SDL file (the schema's single source). */
export const SUBGRAPH_NAMES = ['order', 'payment', 'configuration', 'adapter'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

const sdlCache = new Map<SubgraphName, string>();

export function subgraphSdl(name: SubgraphName): string {
  let sdl = sdlCache.get(name);
  if (sdl === undefined) {
    sdl = readFileSync(new URL(`./${name}/${name}.graphql`, import.meta.url), 'utf8');
    sdlCache.set(name, sdl);
  }
  return sdl;
}
