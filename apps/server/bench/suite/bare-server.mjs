// The reference of the API load benchmark: Fastify answering `{}`, nothing else (no logger, no
// database, no hooks). Same Node, same machine, same load as the portal's routes.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({}));
// eslint-disable-next-line no-restricted-properties -- its port, from the benchmark that starts it
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
