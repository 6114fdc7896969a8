// The words for the reasons that send a scanned file to failed/, in both languages, in one place: main writes
// them into the note beside the file (`<name>.reason.txt`), the renderer's scan queue shows them on the file's
// row. `{name}` marks a parameter of the reason (common/bridge/scan.ts).
import type { Locale } from './bridge/contract.ts'
import type { ScanReason } from './bridge/scan.ts'

/** The reasons that send a file to failed/ with a note. */
export type FailedFileReason = Extract<
  ScanReason,
  {
    code:
      | 'empty'
      | 'tooLarge'
      | 'unknownType'
      | 'notAnInvoiceXml'
      | 'truncatedPdf'
      | 'encryptedPdf'
      | 'xmlTooLarge'
      | 'linkedFile'
      | 'refused'
      | 'unreadable'
  }
>
export type FailedFileCode = FailedFileReason['code']

export const failedFileWords: Record<Locale, Record<FailedFileCode, string>> = {
  nb: {
    empty: 'Filen er tom (0 byte). Skann dokumentet på nytt.',
    tooLarge:
      'Filen er større enn grensen for opplasting. Del opp dokumentet eller skann med lavere oppløsning.',
    unknownType:
      'Innholdet er ikke PDF, PNG, JPEG, TIFF eller en XML-faktura (typen leses fra innholdet, ikke fra navnet). Lagre dokumentet som PDF.',
    notAnInvoiceXml:
      'XML-filen er ikke en faktura: rotelementet er {root}, ikke en EHF-/PEPPOL-faktura eller -kreditnota (UBL Invoice, CreditNote) eller en CII-faktura (Factur-X, ZUGFeRD, XRechnung).',
    truncatedPdf:
      'PDF-filen er avkuttet eller skadet (slutten mangler). Skann eller lagre dokumentet på nytt.',
    encryptedPdf:
      'PDF-filen er kryptert (passordbeskyttet). Lagre en kopi uten passord og legg den inn igjen.',
    xmlTooLarge:
      'XML-filen er større enn 10 MB, mer enn en faktura er. Den ble ikke lest; PDF-en ved siden av den (om noen) leses alene.',
    linkedFile:
      'XML-filen er en lenke (symlink) til en fil et annet sted, og ble ikke lest. Legg selve filen i mappen.',
    refused: 'Plattformen avviste filen: {detail}',
    unreadable: 'Filen kunne ikke leses: {detail}',
  },
  en: {
    empty: 'The file is empty (0 bytes). Scan the document again.',
    tooLarge: 'The file is larger than the upload limit. Split the document or scan at a lower resolution.',
    unknownType:
      'The content is not a PDF, PNG, JPEG or TIFF document or an XML invoice (the type is read from the content, not the name). Save the document as PDF.',
    notAnInvoiceXml:
      'The XML file is not an invoice: its root element is {root}, not an EHF/PEPPOL invoice or credit note (UBL Invoice, CreditNote) or a CII invoice (Factur-X, ZUGFeRD, XRechnung).',
    truncatedPdf: 'The PDF is truncated or damaged (its end is missing). Scan or save the document again.',
    encryptedPdf:
      'The PDF is encrypted (password protected). Save a copy without a password and add it again.',
    xmlTooLarge:
      'The XML file is larger than 10 MB, more than an invoice is. It was not read; the PDF beside it (if any) is read alone.',
    linkedFile:
      'The XML file is a link (symlink) to a file elsewhere, and was not read. Put the file itself in the folder.',
    refused: 'The platform refused the file: {detail}',
    unreadable: 'The file could not be read: {detail}',
  },
}
