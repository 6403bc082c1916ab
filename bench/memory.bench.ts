/** RSS and heap of the one-process stack (after a full GC), at idle and after the other figures' load. */
import type { BenchContext } from './bench-context.js';
import { report } from './bench-system.js';

export async function measureMemory(ctx: BenchContext, when: 'idle' | 'after_load'): Promise<void> {
  await ctx.stack.call('gc');
  const { memory } = await ctx.stack.call<{ memory: NodeJS.MemoryUsage }>('usage');
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  report(`memory_${when}_rss`, mb(memory.rss), 'MiB', { heapUsedMiB: mb(memory.heapUsed), heapTotalMiB: mb(memory.heapTotal), externalMiB: mb(memory.external) });
}
