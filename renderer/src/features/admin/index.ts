// What other parts of the app may use of the admin feature: its view (the router opens it).
export { default as AdminView } from './AdminView.vue'
