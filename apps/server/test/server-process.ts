import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * How a test runs one of the server's scripts (`src/server.ts`, `src/db/seed/run.ts`) as a
 * process, from apps/server. With SERVER_UNDER_TEST=build (CI builds first) it runs the
 * compiled `dist/` file, as `npm start` does: tsx's transform of the whole server cost each
 * spawn several seconds. Otherwise the sources, so a change is tested without a build: Node
 * itself with tsx as a loader, not tsx's CLI, whose child of its own kept running after a
 * SIGKILL on timeout reached only the wrapper.
 */
export function scriptArgs(source: string): string[] {
  if (process.env.SERVER_UNDER_TEST === 'build')
    return [source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')]
  return ['--import', 'tsx', '--conditions=source', source]
}
const serverArgs = scriptArgs('src/server.ts')
// The build, run as `npm start` runs it: from the repository's root (scripts/start.mjs).
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const builtArgs = ['apps/server/dist/server.js']

/** Servers still running when the test worker exits are killed with it. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

function spawnServer(
  env: NodeJS.ProcessEnv,
  nodeFlags: readonly string[] = [],
  built = false,
): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(process.execPath, [...nodeFlags, ...(built ? builtArgs : serverArgs)], {
    cwd: built ? repoRoot : serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

export type Exit = { code: number | null; stdout: string; stderr: string }

/** Runs src/server.ts as a real process with the given environment until it exits. */
export function runServerUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawnServer({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env })
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

export type RunningServer = {
  url: string
  pid: number
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string
  stop(): Promise<void>
  /** Sends the signal and resolves with the exit code (null when a signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts src/server.ts as a real process on a free port and waits until it is ready;
 * `nodeFlags` go to Node before the script (the heap flags of `npm start`, for instance).
 * `built`: runs apps/server/dist/server.js from the root instead, exactly as `npm start` does
 * (tsx's loader alone adds about 80 MB of resident memory; `npm run build` first).
 */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeFlags: readonly string[] = [],
  { built = false }: { built?: boolean } = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawnServer(
      {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        ...env,
      },
      nodeFlags,
      built,
    )
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within ${timeoutMs} ms\n${output}`))
    }, timeoutMs)
    const onData = (d: Buffer) => {
      output += d.toString()
      const match = /ready at http:\/\/localhost:(\d+)/.exec(output)
      if (!match) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      child.stdout.on('data', (d: Buffer) => (output += d.toString()))
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid ?? 0,
        output: () => output,
        kill: (signal) =>
          new Promise<number | null>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode)
            child.once('exit', (code) => done(code))
            child.kill(signal)
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}\n${output}`))
    })
  })
}
