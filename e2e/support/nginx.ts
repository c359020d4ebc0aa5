import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on now (the kernel's choice). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Balancer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** nginx's error log, for a failure's message. */
  errors(): string;
}

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/**
 * Debian's nginx in front of `upstreams`, as an operator configures it (docs/operations.md):
 * round robin, a connection per request to the instances, the client's address forwarded, and an idempotent
 * request that an instance could not answer (refused, reset, 502, 503) tried on the next one.
 * Started by the test as its own user with everything in a temporary folder. A request carrying
 * `X-Portal-Instance: <index>` goes to that instance only, so a journey can say which instance
 * serves each step; every answer names the instance in `X-Portal-Upstream`.
 */
export async function startNginx(upstreams: number[], listenOn?: number): Promise<Balancer> {
  if (!nginxBinary) throw new Error('nginx is not installed: apt-get install nginx-light');
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  // When the test runs as root, nginx's workers run as nobody and must write their buffers here.
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  for (const sub of ['', '/body', '/proxy', '/fastcgi', '/uwsgi', '/scgi'])
    chmodSync(`${dir}${sub}`, 0o777);
  const port = listenOn ?? (await freePort());
  // max_fails=0: a refused instance is skipped for that request only. With the default (ruled out
  // for 10 s after one failure) a roll faster than 10 s per instance rules out all of them.
  const servers = upstreams
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`)
    .join('\n');
  const pick = upstreams.map((upstream, index) => `    ${index} 127.0.0.1:${upstream};`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 8m;
  upstream portal_instances {
${servers}
  }
  map $http_x_portal_instance $portal_upstream {
    default portal_instances;
${pick}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      # A connection per request to the instances: one kept alive to an instance that stops can
      # be closed as nginx sends a POST on it, which nginx may not send again.
      proxy_pass http://$portal_upstream;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # An instance that stops (refused, reset, draining 503): idempotent requests go to the next.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      add_header X-Portal-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    nginxBinary,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => {
    const log = join(dir, 'error.log');
    return `${stderr}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`;
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errors()}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not listen:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errors,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
