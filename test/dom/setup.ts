// DOM tests run against an in-memory IndexedDB, so Dexie works as it does in the app.
import 'fake-indexeddb/auto'
