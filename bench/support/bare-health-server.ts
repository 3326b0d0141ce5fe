// The start-up benchmark's baseline: Node itself and nothing else, a node:http server that answers
// GET /healthcheck with 200 on PORT (HOST), as the service does once it is ready. Its time to
// ready is what any Node service pays on the machine before doing its own work, so the service's
// figure is printed beside it.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  response.statusCode = request.url === '/healthcheck' ? 200 : 404;
  response.end('OK');
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
