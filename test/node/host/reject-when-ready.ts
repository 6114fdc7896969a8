// Preloaded into the browser-mode host's CLI: once the host says it is ready, a promise is rejected that
// nobody handles, then the host is asked to stop. Prints "alive" if the process outlived the rejection.
const log = console.log.bind(console)
console.log = (...args: unknown[]) => {
  log(...args)
  if (!String(args[0]).includes('is ready')) return
  void Promise.reject(new Error('a rejection nobody handled, after the host started'))
  setTimeout(() => {
    log('alive')
    process.kill(process.pid, 'SIGTERM')
  }, 300)
}
