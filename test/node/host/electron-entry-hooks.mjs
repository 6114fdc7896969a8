// Module hooks for the Electron entry test: electron/main/index.ts's `./shell/app.ts` (which needs
// Electron) resolves to a stub, so the entry runs under plain Node exactly as written otherwise.
export async function resolve(specifier, context, next) {
  if (specifier === './shell/app.ts' && context.parentURL?.endsWith('/electron/main/index.ts'))
    return { url: new URL('./electron-shell-stub.mjs', import.meta.url).href, shortCircuit: true }
  return next(specifier, context)
}
