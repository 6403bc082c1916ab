/** A second process of platform services on a test's database (a replica: the order service alone, or every platform service and adapters, as SERVICES says), started with bench/bench-process.ts's startBenchProcess and told its settings by environment. */
import { loadConfig } from '../../app/app.config.js';
import { startSystem } from '../../app/system.js';
import { serveBenchCommands } from '../../bench/bench-process.js';

const system = await startSystem(loadConfig(process.env));
serveBenchCommands({
  urls: () => system.urls,
  exit: async () => {
    await system.close();
    setTimeout(() => process.exit(0), 10);
  },
});
