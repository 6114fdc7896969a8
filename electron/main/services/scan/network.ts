// Whether a folder lives on a network share, where file-system events do not arrive and chokidar must
// poll: UNC paths (\\server\share), and on Linux mounts whose type is NFS, SMB/CIFS and their kin.
import { readFileSync } from 'node:fs'
import { resolve, sep } from 'node:path'

const NETWORK_TYPES = new Set([
  'nfs',
  'nfs4',
  'cifs',
  'smb',
  'smb2',
  'smb3',
  'smbfs',
  'sshfs',
  'fuse.sshfs',
  'davfs',
  'fuse.davfs2',
  'afs',
  '9p',
  'ceph',
  'glusterfs',
  'fuse.glusterfs',
])

/** The file-system type of the mount that holds `path`, from a /proc/mounts text. */
export function mountTypeOf(path: string, mounts: string): string | null {
  let best: { point: string; type: string } | null = null
  const target = resolve(path)
  for (const line of mounts.split('\n')) {
    const [, point, type] = line.split(' ')
    if (!point || !type) continue
    const p = point.replace(/\\040/g, ' ')
    const inside = target === p || target.startsWith(p.endsWith(sep) ? p : p + sep)
    if (inside && (!best || p.length > best.point.length)) best = { point: p, type }
  }
  return best?.type ?? null
}

export function isNetworkPath(path: string, mounts?: string): boolean {
  if (/^(\\\\|\/\/)[^\\/]+[\\/]/.test(path)) return true
  if (process.platform !== 'linux' && mounts === undefined) return false
  let text = mounts
  if (text === undefined) {
    try {
      text = readFileSync('/proc/mounts', 'utf8')
    } catch {
      return false
    }
  }
  const type = mountTypeOf(path, text)
  return type !== null && NETWORK_TYPES.has(type)
}
