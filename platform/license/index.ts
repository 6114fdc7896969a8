// The license server: contract types and products, bulk permissions and their queue (spec 2.18, 4.10).
export { registerLicenseRoutes } from './routes.ts'
export { startLicenseWorker } from './worker.ts'
