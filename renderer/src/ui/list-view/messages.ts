// Strings every list view shares (ui/list-view/ListView.vue; registered as `list`).
import { registerMessages } from '@renderer/i18n'

const en = {
  pending: 'Not synced yet',
  conflict: 'In conflict',
  emptySearch: 'Nothing here matches “{query}”.',
}
export type ListMessages = typeof en

const nb: ListMessages = {
  pending: 'Ikke synkronisert ennå',
  conflict: 'I konflikt',
  emptySearch: 'Ingenting her passer med «{query}».',
}

const messages = registerMessages('list', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    list: typeof messages.en
  }
}
