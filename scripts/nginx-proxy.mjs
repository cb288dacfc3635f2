// nginx in front of the shop's processes on the loopback, configured by deploy/nginx.conf as it
// is shipped: the cluster test (e2e/cluster/setup.ts) and the bench's two-process run
// (BENCH_PROCESSES=2) both prove the file we ship, not a copy of it.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const siteConfig = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url))
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/** deploy/nginx.conf with this run's upstream ports and listen address. */
function siteConfigFor(ports, listenPort) {
  const original = readFileSync(siteConfig, 'utf8')
  const upstreams = [...original.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1])
  if (upstreams.length !== ports.length)
    throw new Error(
      `deploy/nginx.conf lists ${upstreams.length} processes, expected ${ports.length}`,
    )
  let config = original
  upstreams.forEach((port, i) => {
    config = config.replace(`server 127.0.0.1:${port}`, `server 127.0.0.1:${ports[i]}`)
  })
  if (!/listen 80;/.test(config)) throw new Error('deploy/nginx.conf no longer listens on 80')
  return config.replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
}

function mainConfig(prefix, site, accessLog) {
  // Temporary files go to folders any worker user can write (nginx drops root for workers).
  const temp = (name) => path.join(prefix, 'temp', name)
  return `
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstream '$request_method $request_uri $status $upstream_addr';
  access_log ${accessLog ? `${accessLog} upstream` : 'off'};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${site};
}
`
}

/**
 * Starts nginx on 127.0.0.1:listenPort in front of the processes on `ports`, in a temporary
 * prefix. With `accessLog`, one line per request names the process that served it.
 */
export function startNginx({ ports, listenPort, accessLog = false }) {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX} (apt-get install nginx)`)
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'toolworks-nginx-'))
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, 'temp', dir), { recursive: true, mode: 0o777 })
  const accessLogPath = accessLog ? path.join(prefix, 'access.log') : undefined
  const site = path.join(prefix, 'toolworks.conf')
  writeFileSync(site, siteConfigFor(ports, listenPort))
  const conf = path.join(prefix, 'nginx.conf')
  writeFileSync(conf, mainConfig(prefix, site, accessLogPath))
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return {
    child,
    accessLog: accessLogPath,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}
