/**
 * A state machine as data: its states, where it may start, and the moves from each state. One
 * helper serves the order's and the payment's machines: the definition is checked when it is
 * made (at boot: every target a known state, every state reachable from a start), then answers
 * `allowed(from, to)` and `next(from)`.
 */
export interface StateMachineDefinition<S extends string> {
  /** How errors name it ("Payment state machine"). */
  name: string;
  states: readonly S[];
  initial: readonly S[];
  moves: Readonly<Record<S, { readonly to: readonly S[] }>>;
}

export interface StateMachine<S extends string> extends StateMachineDefinition<S> {
  isState(value: unknown): value is S;
  /** The states reachable in one move from `from` (none from an unknown state). */
  next(from: string): readonly S[];
  /** Whether `from → to` is a move of the machine (staying put is not a move). */
  allowed(from: string, to: string): boolean;
  /** States with no move out. */
  terminal: readonly S[];
  /** The fewest moves from `from` to `to` (the states after each move; empty when already there), or undefined when `to` cannot be reached. */
  path(from: string, to: string): S[] | undefined;
}

/** Throws when the definition is not a machine: a move to an unknown state, or a state no start reaches. */
export function checkStateMachine<S extends string>(definition: StateMachineDefinition<S>): void {
  const known = (value: unknown): value is S => typeof value === 'string' && (definition.states as readonly string[]).includes(value);
  for (const start of definition.initial) if (!known(start)) throw new Error(`${definition.name}: unknown initial state ${String(start)}`);
  const reached = new Set<S>(definition.initial);
  const queue: S[] = [...definition.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const to of definition.moves[from]?.to ?? []) {
      if (!known(to)) throw new Error(`${definition.name}: ${from} moves to unknown state ${String(to)}`);
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  const unreachable = definition.states.filter((state) => !reached.has(state));
  if (unreachable.length) throw new Error(`${definition.name}: unreachable states ${unreachable.join(', ')}`);
}

export function defineStateMachine<S extends string>(definition: StateMachineDefinition<S>): StateMachine<S> {
  checkStateMachine(definition);
  const isState = (value: unknown): value is S => typeof value === 'string' && (definition.states as readonly string[]).includes(value);
  const next = (from: string): readonly S[] => (isState(from) ? definition.moves[from].to : []);
  return {
    ...definition,
    isState,
    next,
    allowed: (from, to) => (next(from) as readonly string[]).includes(to),
    terminal: definition.states.filter((state) => definition.moves[state].to.length === 0),
    path: (from, to) => {
      if (from === to) return [];
      const previous = new Map<string, string>([[from, from]]);
      const queue: string[] = [from];
      while (queue.length) {
        const at = queue.shift()!;
        for (const step of next(at)) {
          if (previous.has(step)) continue;
          previous.set(step, at);
          if (step === to) {
            const moves: S[] = [];
            for (let back: string = step; back !== from; back = previous.get(back)!) moves.unshift(back as S);
            return moves;
          }
          queue.push(step);
        }
      }
      return undefined;
    },
  };
}
