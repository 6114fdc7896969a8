// Toasts whose words follow the language: a toast still on screen when the user changes the language is
// drawn again in the new one, as every other text of the window is.
import type { ToastMessageOptions } from 'primevue/toast'
import { useToast } from 'primevue/usetoast'

/** A toast's message with its texts as functions, asked each time the toast is drawn. */
export interface WordedToast extends Omit<ToastMessageOptions, 'summary' | 'detail'> {
  summary: () => string
  detail?: () => string
}

/**
 * The message PrimeVue's Toast shows, its summary and detail read through getters. The toast draws
 * `message.summary` and `message.detail` in its render, so the words are asked inside it: a change of what they
 * read (the i18n locale) draws the toast again with the new words.
 */
export function wordedMessage({ summary, detail, ...rest }: WordedToast): ToastMessageOptions {
  const message: ToastMessageOptions = { ...rest }
  Object.defineProperty(message, 'summary', { get: summary, enumerable: true, configurable: true })
  if (detail) Object.defineProperty(message, 'detail', { get: detail, enumerable: true, configurable: true })
  return message
}

/** PrimeVue's toast service for worded messages: `add` answers the message, which `remove` takes. */
export function useWordedToast() {
  const toast = useToast()
  return {
    add(message: WordedToast): ToastMessageOptions {
      const shown = wordedMessage(message)
      toast.add(shown)
      return shown
    },
    remove: (message: ToastMessageOptions) => toast.remove(message),
  }
}
