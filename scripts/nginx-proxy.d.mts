import type { ChildProcess } from 'node:child_process'

/** The nginx binary the runs start (NGINX_PATH, or Debian's). */
export declare const NGINX: string

/** nginx in front of the shop's processes, configured by deploy/nginx.conf (nginx-proxy.mjs). */
export declare function startNginx(options: {
  ports: number[]
  listenPort: number
  accessLog?: boolean
}): { child: ChildProcess; accessLog: string | undefined; stop(): Promise<void> }
