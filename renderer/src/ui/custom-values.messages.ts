// Words of the custom values every form shows (ui/CustomValuesFields.vue), registered as `customValues`.
// Typed by the problem codes of common/custom-values.ts, so a code without its sentence fails the type check.
import { registerMessages } from '@renderer/i18n'
import type { CustomFieldKind, CustomValueProblem } from '@common/custom-values'

export interface CustomValuesWords {
  legend: string
  problems: Record<CustomValueProblem, string>
  kinds: Record<CustomFieldKind, string>
  untyped: string
  optional: string
  refused: string
}

const en: CustomValuesWords = {
  legend: 'Custom fields',
  problems: {
    required: 'This field must have a value.',
    tooLong: 'A short text holds at most 255 characters.',
    notWholeNumber: 'Write a whole number, such as 1200.',
    notAmount: 'Write an amount, such as 1,234.50.',
    notText: 'Write text.',
  },
  kinds: { smalltext: 'Short text', text: 'Text', number: 'Whole number', money: 'Amount' },
  untyped:
    'Defined on another computer: the platform does not tell this field’s type, so it is checked when it is saved.',
  optional: 'optional',
  refused: 'The platform refused this value: {message}',
}

const nb: CustomValuesWords = {
  legend: 'Egendefinerte felt',
  problems: {
    required: 'Feltet må ha en verdi.',
    tooLong: 'En kort tekst kan ha høyst 255 tegn.',
    notWholeNumber: 'Skriv et heltall, for eksempel 1200.',
    notAmount: 'Skriv et beløp, for eksempel 1 234,50.',
    notText: 'Skriv tekst.',
  },
  kinds: { smalltext: 'Kort tekst', text: 'Tekst', number: 'Heltall', money: 'Beløp' },
  untyped:
    'Opprettet på en annen datamaskin: plattformen forteller ikke hvilken type feltet har, så verdien kontrolleres når den lagres.',
  optional: 'valgfritt',
  refused: 'Plattformen avviste verdien: {message}',
}

const messages = registerMessages('customValues', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    customValues: typeof messages.en
  }
}
