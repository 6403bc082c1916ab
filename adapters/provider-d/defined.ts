/**
 * An object without its undefined fields (which JSON leaves out anyway), its type kept: request
 * bodies are written as plain literals of the provider's models — every field by name, so the type
 * check sees each one — and the ones the order lacks dropped here.
 */
export const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

