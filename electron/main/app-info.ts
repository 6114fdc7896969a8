import { readFile } from 'node:fs/promises'

export interface AppInfo {
  name: string
  version: string
}

/** Name (productName) and version from a package.json; the Electron layer asks `app` instead. */
export async function readAppInfo(packageJsonPath: string): Promise<AppInfo> {
  const pkg = JSON.parse(await readFile(packageJsonPath, 'utf8')) as {
    name: string
    productName?: string
    version: string
  }
  return { name: pkg.productName ?? pkg.name, version: pkg.version }
}
