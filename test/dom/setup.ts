// DOM tests run against an in-memory IndexedDB, so Dexie works as it does in the app.
import 'fake-indexeddb/auto'
// Every feature's messages registered, as the app's entry registers them, for tests that mount a part alone.
import '@renderer/messages'
