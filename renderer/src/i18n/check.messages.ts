// The one sentence for each finding of the field checks (common/field-checks.ts, common/invoice-checks.ts),
// for every form: the review, the inbox panel, the cost lines (merged into the app's messages as `check`).
// Typed by the check codes, so a code without its sentence in both languages fails the type check.
import type { CheckCode, CheckFinding } from '@common/field-checks'
import type { IbanCharacterKind } from '@common/iban'

type CheckMessages = Record<CheckCode, string> & { characterKind: Record<IbanCharacterKind, string> }

const en: CheckMessages = {
  required: 'This field is required.',
  orgNumberLength: 'An organisation number has 9 digits (this has {length}).',
  orgNumberChecksum: 'The organisation number has a wrong check digit (MOD11).',
  bankAccountLength: 'A Norwegian bank account has 11 digits (this has {length}).',
  bankAccountChecksum: 'The bank account has a wrong check digit (MOD11).',
  kidCharacters: 'A KID has only digits; the last may be a dash.',
  kidLength: 'A KID has 2 to 25 characters (this has {length}).',
  kidChecksum: 'The KID has a wrong check digit (neither MOD10 nor MOD11).',
  ibanCountry: '“{country}” is not a country code the IBAN registry knows.',
  ibanLength: 'An IBAN from {country} has {expected} characters (this has {length}).',
  ibanCharacter: 'Character {position} of this IBAN must be {kind} (it is “{found}”).',
  ibanChecksum: 'The IBAN has wrong check digits (MOD97).',
  dateFormat: 'Write a date such as 31/01/2026.',
  dateNotReal: '{value} is not a date in the calendar.',
  dueBeforeInvoiceDate: 'The due date is before the invoice date.',
  amountFormat: 'Write an amount such as 1,234.56.',
  accountMissing: 'Enter an account number.',
  accountUnknown: 'The company has no such account.',
  vatCodeUnknown: 'The company has no such VAT code.',
  amountNotPositive: 'The total is {amount}: check the amount, or register a credit note.',
  costLinesMismatch: 'The cost lines with VAT come to {sum}, the total is {total} (difference {difference}).',
  costLineAmount: 'Line {line} has no amount.',
  costLineVatType: 'Line {line} has a VAT code this company does not have.',
  emailFormat: "Write an e-mail address such as post{'@'}example.no.",
  postalCodeFormat: 'A Norwegian postal code has 4 digits.',
  countryCodeFormat: 'Write the country as a two-letter code such as NO or SE.',
  creditDaysRange: 'Payment terms are a whole number of days from {min} to {max}.',
  webUrlFormat: 'Write a web address such as example.no.',
  characterKind: { n: 'a digit', a: 'a letter', c: 'a letter or a digit' },
}

const nb: CheckMessages = {
  required: 'Feltet må fylles ut.',
  orgNumberLength: 'Et organisasjonsnummer har 9 sifre (dette har {length}).',
  orgNumberChecksum: 'Organisasjonsnummeret har feil kontrollsiffer (MOD11).',
  bankAccountLength: 'Et norsk kontonummer har 11 sifre (dette har {length}).',
  bankAccountChecksum: 'Kontonummeret har feil kontrollsiffer (MOD11).',
  kidCharacters: 'En KID har bare sifre; det siste kan være en strek.',
  kidLength: 'En KID har 2 til 25 tegn (denne har {length}).',
  kidChecksum: 'KID-en har feil kontrollsiffer (verken MOD10 eller MOD11).',
  ibanCountry: '«{country}» er ingen landkode IBAN-registeret kjenner.',
  ibanLength: 'En IBAN fra {country} har {expected} tegn (denne har {length}).',
  ibanCharacter: 'Tegn {position} i denne IBAN-en må være {kind} (det er «{found}»).',
  ibanChecksum: 'IBAN-en har feil kontrollsifre (MOD97).',
  dateFormat: 'Skriv en dato som 31.01.2026.',
  dateNotReal: '{value} finnes ikke i kalenderen.',
  dueBeforeInvoiceDate: 'Forfallsdatoen er før fakturadatoen.',
  amountFormat: 'Skriv et beløp som 1 234,56.',
  accountMissing: 'Skriv et kontonummer.',
  accountUnknown: 'Selskapet har ikke denne kontoen.',
  vatCodeUnknown: 'Selskapet har ikke denne mva-koden.',
  amountNotPositive: 'Totalen er {amount}: sjekk beløpet, eller registrer en kreditnota.',
  costLinesMismatch: 'Konteringslinjene med mva. blir {sum}, totalen er {total} (differanse {difference}).',
  costLineAmount: 'Linje {line} mangler beløp.',
  costLineVatType: 'Linje {line} har en mva-kode selskapet ikke har.',
  emailFormat: "Skriv en e-postadresse som post{'@'}eksempel.no.",
  postalCodeFormat: 'Et norsk postnummer har 4 sifre.',
  countryCodeFormat: 'Skriv landet som en kode på to bokstaver, som NO eller SE.',
  creditDaysRange: 'Betalingsfristen er et helt antall dager fra {min} til {max}.',
  webUrlFormat: 'Skriv en nettadresse som eksempel.no.',
  characterKind: { n: 'et siffer', a: 'en bokstav', c: 'en bokstav eller et siffer' },
}

export default { en, nb }

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The sentence for a check's finding (or just its code), in the language shown. */
export function checkText(
  t: Translate,
  found: Pick<CheckFinding, 'code'> & { params?: CheckFinding['params'] },
): string {
  const params = found.params ?? {}
  if (found.code === 'ibanCharacter')
    return t('check.ibanCharacter', { ...params, kind: t(`check.characterKind.${params.expected}`) })
  return t(`check.${found.code}`, params)
}
