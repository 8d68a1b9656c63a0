import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '../../apps/server/src/db/database.ts';

/**
 * A server for the benchmark, in its own process so that the load generator does not share
 * its event loop: `bare <port>` is a hello-world Fastify, `app <port> <databaseUrl>` is Platter.
 */
const [mode, port, databaseUrl] = process.argv.slice(2);

if (mode === 'bare') {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else if (mode === 'app' && databaseUrl) {
  const { db } = createDb(databaseUrl, 10);
  const config = loadConfig({}, { nodeEnv: 'production', webDist: '/nonexistent', logLevel: 'silent' });
  const app = await buildApp({ config, db, secret: 'bench-secret-bench-secret-bench-secret!' });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else {
  throw new Error('usage: serve.ts bare <port> | app <port> <databaseUrl>');
}
process.stdout.write('LISTENING\n');
