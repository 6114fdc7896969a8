// Stands in for electron/main/shell/app.ts in the Electron entry test.
export function runElectronApp() {
  console.log('shell started')
}
