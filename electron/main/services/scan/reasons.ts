// Why a file could not become an invoice, in the user's language: the same words go into the
// `<name>.reason.txt` beside the file in failed/ and into the inbox row.
export type ScanReasonCode =
  | 'empty'
  | 'tooLarge'
  | 'unknownType'
  | 'truncatedPdf'
  | 'encryptedPdf'
  | 'refused'
  | 'unreadable'
  | 'localFile'
  | 'changed'
  | 'elsewhere'

export type ScanLocale = 'nb' | 'en'

const texts: Record<ScanLocale, Record<ScanReasonCode, string>> = {
  nb: {
    empty: 'Filen er tom (0 byte). Skann dokumentet på nytt.',
    tooLarge:
      'Filen er større enn grensen for opplasting. Del opp dokumentet eller skann med lavere oppløsning.',
    unknownType:
      'Innholdet er ikke PDF, PNG, JPEG eller TIFF (typen leses fra innholdet, ikke fra navnet). Lagre dokumentet som PDF.',
    truncatedPdf:
      'PDF-filen er avkuttet eller skadet (slutten mangler). Skann eller lagre dokumentet på nytt.',
    encryptedPdf:
      'PDF-filen er kryptert (passordbeskyttet). Lagre en kopi uten passord og legg den inn igjen.',
    refused: 'Plattformen avviste filen: {detail}',
    unreadable: 'Filen kunne ikke leses: {detail}',
    localFile:
      'Filen kunne ikke leses eller flyttes på denne maskinen: {detail}. Velg Prøv igjen eller Skann nå for å fortsette der den stoppet.',
    changed: 'Filen ble endret etter at den ble tatt inn; det nye innholdet tas inn som en egen fil.',
    elsewhere: 'Allerede registrert av en annen bruker på denne maskinen.',
  },
  en: {
    empty: 'The file is empty (0 bytes). Scan the document again.',
    tooLarge: 'The file is larger than the upload limit. Split the document or scan at a lower resolution.',
    unknownType:
      'The content is not a PDF, PNG, JPEG or TIFF document (the type is read from the content, not the name). Save the document as PDF.',
    truncatedPdf: 'The PDF is truncated or damaged (its end is missing). Scan or save the document again.',
    encryptedPdf:
      'The PDF is encrypted (password protected). Save a copy without a password and add it again.',
    refused: 'The platform refused the file: {detail}',
    unreadable: 'The file could not be read: {detail}',
    localFile:
      'The file could not be read or moved on this computer: {detail}. Choose Retry or Scan now to go on from where it stopped.',
    changed: 'The file changed after it was taken; its new content is taken in as a file of its own.',
    elsewhere: 'Already entered by another user on this computer.',
  },
}

export function reasonText(code: ScanReasonCode, locale: ScanLocale, detail = ''): string {
  return texts[locale][code].replace('{detail}', detail)
}
