// nginx (Debian's package) serving one page on a free loopback port, precompressed as a static file
// server does at its best (gzip_static, and brotli_static when Debian's module is installed): the
// benchmark's yardstick for the edge's pre-rendered pages.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX } from '../../tests/support/front-nginx.mjs';
import { freePort } from '../../tests/support/free-port.mjs';

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * @param {{ identity: Buffer; gzip: Buffer; br: Buffer }} page the same bytes the edge sends
 */
export async function startNginx(page) {
  if (!existsSync(NGINX)) throw new Error('nginx is missing: apt-get install nginx');
  const brotli = existsSync(BROTLI_STATIC);
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'page.html'), page.identity);
  writeFileSync(join(dir, 'page.html.gz'), page.gzip);
  if (brotli) writeFileSync(join(dir, 'page.html.br'), page.br);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
${brotli ? `load_module ${BROTLI_STATIC};` : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
    ${brotli ? 'brotli_static on;' : ''}
    location / { default_type text/html; try_files /page.html =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        rmSync(dir, { recursive: true, force: true });
        resolve(undefined);
      });
      child.kill('SIGQUIT');
    });
  return { url, brotli, pid: child.pid, stop };
}
