import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))

export type Exit = { code: number | null; stdout: string; stderr: string }

/** Runs src/server.ts as a real process with the given environment until it exits. */
export function runServerUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['--conditions=source', 'src/server.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not exit within ${timeoutMs} ms\n${stdout}\n${stderr}`))
    }, timeoutMs)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
