// How `npm start` decides what to run: Electron when its binary is installed or can be fetched now
// (the install script is denied at `npm ci`, so the first start fetches it), browser mode otherwise.
// Kept apart from start.mjs so the decision is tested without a download.

/**
 * @param {{ binaryPresent: () => boolean, install: () => boolean }} electron
 * @returns {{ mode: 'electron' | 'browser', message?: string }}
 */
export function chooseLaunchMode(electron) {
  if (electron.binaryPresent()) return { mode: 'electron' }
  if (electron.install()) return { mode: 'electron' }
  return {
    mode: 'browser',
    message:
      "Electron's binary is not installed and could not be downloaded here; starting browser mode instead.",
  }
}
