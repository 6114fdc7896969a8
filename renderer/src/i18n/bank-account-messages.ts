// The words for a bank account or IBAN that fails its check (common/bank-account.ts, common/iban.ts), one
// set for every form (merged into the app's messages as `bankAccount`).
import type { BankAccountProblem } from '@common/bank-account'

const en = {
  ibanCountry: '“{country}” is not a country code the IBAN registry knows.',
  ibanLength: 'An IBAN from {country} has {expected} characters (this has {length}).',
  ibanCharacter: 'Character {position} of this IBAN must be {kind} (it is “{found}”).',
  ibanChecksum: 'The IBAN’s check digits are wrong (MOD97).',
  bankAccountLength: 'A Norwegian bank account has 11 digits (this has {length}).',
  bankAccountChecksum: 'The bank account’s check digit is wrong (MOD11).',
  kind: { n: 'a digit', a: 'a letter', c: 'a letter or a digit' },
}

const nb: typeof en = {
  ibanCountry: '«{country}» er ingen landkode IBAN-registeret kjenner.',
  ibanLength: 'En IBAN fra {country} har {expected} tegn (denne har {length}).',
  ibanCharacter: 'Tegn {position} i denne IBAN-en må være {kind} (det er «{found}»).',
  ibanChecksum: 'Kontrollsifrene i IBAN-en er feil (MOD97).',
  bankAccountLength: 'Et norsk kontonummer har 11 sifre (dette har {length}).',
  bankAccountChecksum: 'Kontrollsifferet i kontonummeret er feil (MOD11).',
  kind: { n: 'et siffer', a: 'en bokstav', c: 'en bokstav eller et siffer' },
}

export default { en, nb }

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The sentence for a bank-account problem, in the language shown. */
export function bankAccountProblemText(t: Translate, problem: BankAccountProblem): string {
  const { code, ...params } = problem
  if (problem.code === 'ibanCharacter')
    return t('bankAccount.ibanCharacter', { ...params, kind: t(`bankAccount.kind.${problem.expected}`) })
  return t(`bankAccount.${code}`, params)
}
