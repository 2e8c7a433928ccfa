import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { installWhenMissing } from './debian-packages.ts';

/** Debian's nginx binary, or NGINX_BIN. */
export const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** nginx, installed with apt-get when it is missing and this runs as root (debian-packages.ts). */
export function ensureNginx(log: (message: string) => void): void {
  installWhenMissing(nginxBin, 'nginx', log, ' (or set NGINX_BIN)');
}

export interface Balancer {
  port: number;
  /** nginx's error log: the upstreams it marked failed and the requests it passed on to the next one. */
  errorLog: string;
  stop(): Promise<void>;
}

/**
 * The load balancer of the scale test, as an operator would configure it in front of the store:
 * - passive health checks (open-source nginx has no active ones): `max_fails=1 fail_timeout=3s` takes an instance
 *   out for 3 s after a failed attempt (refused connection, timeout, or the 502/503 a draining or dead one gives);
 * - retries on the next instance (`proxy_next_upstream`) for connection errors, timeouts, 502 and 503, at most 2
 *   tries. nginx never retries a non-idempotent request (POST, PATCH, LOCK) once it was sent to an upstream unless
 *   `non_idempotent` is added, which we do not: a POST place order that reached a dying instance is not sent twice
 *   (the shopper sees an error, and the order, if it committed, is in the database: the test counts those);
 * - X-Forwarded-For appended (the store trusts 127.0.0.1, TRUST_PROXY), keep-alive to the upstreams.
 */
export function nginxConfig(port: number, upstreams: readonly number[], folder: string): string {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n');
  return `daemon off;
worker_processes 1;
user root;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream store {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

/** Starts nginx with nginxConfig in `folder`; resolves once it answers on `port`. */
export async function startNginx(port: number, upstreams: readonly number[], folder: string): Promise<Balancer> {
  fs.mkdirSync(folder, { recursive: true });
  const conf = path.join(folder, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(port, upstreams, folder));
  execFileSync(nginxBin, ['-t', '-q', '-c', conf, '-p', folder], { stdio: 'inherit' });
  const child: ChildProcess = spawn(nginxBin, ['-c', conf, '-p', folder], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    errorLog: path.join(folder, 'error.log'),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
