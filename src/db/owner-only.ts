import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

/**
 * The embedded database's folder holds every message, address and session, and the generated
 * session secret: it is the owner's alone. PGlite unpacks its initial files as 0666 and writes a
 * few later as 0644 whatever the umask, so its folder is made 0700 and everything in it stripped of
 * group and other bits, when it is opened and when it is closed; the process umask (077) covers
 * what is created in between. Files another user owns are left as they are: chmod would fail, and
 * the 0700 folder already keeps others out.
 */
export async function keepToOwner(dir: string): Promise<void> {
  // Worker threads cannot set the umask (Node throws); the folder's own mode still protects it.
  if (isMainThread) process.umask(0o077)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await restrict(dir, process.getuid?.())
}

async function restrict(path: string, uid: number | undefined): Promise<void> {
  const stats = await lstat(path)
  if (stats.isSymbolicLink()) return
  if ((stats.mode & 0o077) !== 0 && (uid === undefined || stats.uid === uid)) await chmod(path, stats.mode & 0o700)
  if (stats.isDirectory()) {
    const entries = await readdir(path)
    await Promise.all(entries.map((entry) => restrict(join(path, entry), uid)))
  }
}
