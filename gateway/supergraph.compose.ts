import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { SUBGRAPH_NAMES, subgraphSdl, type SubgraphName } from '../subgraphs/subgraph.catalog.js';

export class CompositionError extends Error {
  constructor(readonly errors: string[]) {
    super(`Supergraph composition failed:\n  ${errors.join('\n  ')}`);
    this.name = 'CompositionError';
  }
}

/** Composes the supergraph in code from the subgraph SDL files; throws with every composition error. */
export function composeSupergraph(urls: Record<SubgraphName, string>, sdlOf: (name: SubgraphName) => string = subgraphSdl): string {
  const result = composeServices(
    SUBGRAPH_NAMES.map((name) => ({ name, url: `${urls[name].replace(/\/$/, '')}/graphql`, typeDefs: parse(sdlOf(name)) })),
  );
  if (result.errors && result.errors.length > 0) throw new CompositionError(result.errors.map((error) => error.message));
  if (!result.supergraphSdl) throw new CompositionError(['composition produced no supergraph']);
  return result.supergraphSdl;
}
