import { describe, expect, it } from '@jest/globals';
import { checkStateMachine, defineStateMachine } from './state-machine.js';

const STATES = ['new', 'paid', 'shipped', 'void'] as const;
type S = (typeof STATES)[number];
const machine = defineStateMachine<S>({
  name: 'Parcel machine',
  states: STATES,
  initial: ['new'],
  moves: { new: { to: ['paid', 'void'] }, paid: { to: ['shipped', 'void'] }, shipped: { to: [] }, void: { to: [] } },
});

describe('the state-machine helper', () => {
  // Every (from, to) pair, the table it answers: exactly the moves of the data.
  const table: Array<[string, string, boolean]> = [
    ['new', 'paid', true], ['new', 'void', true], ['new', 'shipped', false], ['new', 'new', false],
    ['paid', 'shipped', true], ['paid', 'void', true], ['paid', 'new', false],
    ['shipped', 'void', false], ['shipped', 'new', false], ['void', 'paid', false],
    ['lost', 'paid', false], ['new', 'lost', false],
  ];
  it.each(table)('%s → %s allowed: %s', (from, to, expected) => {
    expect(machine.allowed(from, to)).toBe(expected);
  });

  it('answers next states, terminal states and what is a state', () => {
    expect(machine.next('paid')).toEqual(['shipped', 'void']);
    expect(machine.next('lost')).toEqual([]);
    expect(machine.terminal).toEqual(['shipped', 'void']);
    expect(machine.isState('void')).toBe(true);
    expect(machine.isState('lost')).toBe(false);
  });

  it('finds the fewest moves between two states, none when already there, undefined when unreachable', () => {
    expect(machine.path('new', 'shipped')).toEqual(['paid', 'shipped']);
    expect(machine.path('paid', 'paid')).toEqual([]);
    expect(machine.path('shipped', 'new')).toBeUndefined();
    expect(machine.path('lost', 'paid')).toBeUndefined();
  });

  it('refuses, when defined, a move to an unknown state, an unreachable state or an unknown start', () => {
    const base = { name: 'Parcel machine', states: STATES, initial: ['new'] as S[], moves: machine.moves };
    expect(() => checkStateMachine({ ...base, moves: { ...machine.moves, new: { to: ['lost' as S] } } })).toThrow('Parcel machine: new moves to unknown state lost');
    expect(() => defineStateMachine({ ...base, moves: { ...machine.moves, paid: { to: ['void'] } } })).toThrow('Parcel machine: unreachable states shipped');
    expect(() => defineStateMachine({ ...base, initial: ['draft' as S] })).toThrow('Parcel machine: unknown initial state draft');
  });
});
