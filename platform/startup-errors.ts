/** The one line a person needs when start-up fails, rather than a stack trace. */
export function describeStartupError(error: unknown): string {
  if (error === undefined || error === null) return 'an unknown error (run with LOG_LEVEL=debug for details).';
  const failure = error as NodeJS.ErrnoException & { address?: string; port?: number };
  switch (failure.code) {
    case 'EADDRINUSE':
      return `${failure.address ?? 'an address'}:${failure.port ?? '?'} is already in use. Stop what uses it, or choose another port (*_PORT, see .env.example).`;
    case 'EACCES':
      return `${failure.message}. Choose a port above 1023 (*_PORT) or check file permissions (DATA_DIR).`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `the database cannot be reached (${failure.code}${failure.address ? ` ${failure.address}:${failure.port}` : ''}). Check DATABASE_URL, or leave it unset for the embedded PostgreSQL.`;
    case '28P01':
    case '28000':
      return `the database refused the credentials in DATABASE_URL (${failure.message}).`;
    case '3D000':
      return `${failure.message}: create it, or point DATABASE_URL at one that exists.`;
    default: {
      const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
      if (!(error instanceof Error)) return String(error);
      return verbose ? (error.stack ?? error.message) : `${error.message} (LOG_LEVEL=debug shows where)`;
    }
  }
}
