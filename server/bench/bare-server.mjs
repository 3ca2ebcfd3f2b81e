/**
 * The ceiling of the HTTP benchmark: node:http answering a small JSON body, nothing else, in a
 * process of its own started by plain Node (no TypeScript loader, nothing else loaded), so the
 * ceiling does not depend on what the benchmark process holds. It sends its address once
 * listening and answers the message `cpu` with the CPU time it has used.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({
  state: 'Done',
  session_id: null,
  available_credentials: ['password'],
  is_user: true,
  is_stakeholder: false,
  allow_totp_remember: true,
});

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ url: `http://127.0.0.1:${server.address().port}` });
});

process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
