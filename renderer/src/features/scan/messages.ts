// Strings of the scan station (the inbox's scan queue, the drop overlay, Settings → Scan folders), in English and
// Norwegian (bokmål).
import { registerMessages } from '@renderer/i18n'
import type { ScanReasonCode } from '@common/bridge/scan'
import { failedFileWords } from '@common/scan-reason-words'

const en = {
  queue: {
    title: 'Scanned documents',
    inProgress: 'No documents in progress | 1 document in progress | {n} documents in progress',
    paused: 'Waiting for the platform: {reason}. The queue continues by itself.',
    cancel: 'Cancel batch',
    cancelled:
      'No documents were queued | 1 document was taken out of the queue. | {n} documents were taken out of the queue.',
    empty: 'Nothing scanned yet. Put PDFs in a scan folder, or drop files anywhere on the window.',
    file: 'File',
    status: 'Status',
    supplier: 'Supplier',
    invoiceNumber: 'Invoice no.',
    amount: 'Amount',
    actions: 'Actions',
    retry: 'Retry',
    retryFile: 'Retry: {name}',
    show: 'Show in folder',
    showFile: 'Show in folder: {name}',
    shownAt: 'The file is in {path}',
    openInvoice: 'Invoice {id}',
    openInvoiceNumber: 'Invoice {number}',
    duplicateOf: 'Duplicate of invoice {id}',
    duplicateOfNumber: 'Duplicate of invoice {number}',
    duplicateOfFrom: 'Duplicate of invoice {number} from {supplier}',
    newSupplier: 'new supplier',
    showAll: 'Show all {n}',
    showFewer: 'Show fewer',
    partOf: 'Part {part} of {of} of {name}',
  },
  state: {
    queued: 'Queued',
    uploading: 'Uploading {progress} %',
    uploadingPlain: 'Uploading',
    sending: 'Sending to Ledgerdesk {progress}\u00a0%',
    reading: 'Reading',
    creating: 'Creating draft',
    ready: 'Ready for review',
    failed: 'Failed',
    cancelled: 'Cancelled',
    duplicate: 'Duplicate',
    split: 'Split into {n} documents',
  },
  split: {
    open: 'Split…',
    openFile: 'Split {name}',
    title: 'Split {name}',
    note: 'Choose “Split here” between two pages; each part becomes a document and an invoice of its own. Only a file not yet sent to the platform can be split here (waiting in the queue, cancelled or stopped before its upload): the platform offers no documented way to delete the draft invoice a file has already become, so splitting it would leave that draft beside its parts. To split a file the queue has already sent, delete its draft in the platform and scan the parts again.',
    loading: 'Reading the pages…',
    onePage: 'The document has one page: there is nothing to split.',
    pages: 'The document’s {n} pages',
    page: 'Page {page}',
    cutBefore: 'Split here, before page {page}',
    here: 'Split here',
    more: 'The first {shown} of {n} pages are shown.',
    noCut: 'No split chosen: the document stays one invoice.',
    parts: '{n} documents: pages {ranges}',
    cancel: 'Cancel',
    confirm: 'Split into {n} documents',
    done: 'Split into {n} documents; each goes on through the queue.',
    tooLate: 'The file has been sent to the platform meanwhile and can no longer be split here.',
  },
  /** Every reason code main sends (common/bridge/scan.ts), with its parameters. */
  reasons: {
    ...failedFileWords.en,
    localFile:
      'The file could not be read or moved on this computer: {detail}. Choose Retry or Scan now to go on from where it stopped.',
    changed: 'The file changed after it was taken; its new content is taken in as a file of its own.',
    waiting: 'Waiting for the platform: {detail}',
    duplicate: 'Duplicate of a document already scanned',
    duplicateElsewhere: 'Already entered by another user on this computer',
  } satisfies Record<ScanReasonCode, string>,
  drop: {
    overlay: 'Drop files to scan them into {company}',
    noCompany: 'Open a company first to scan files into it.',
    added:
      'No files were added | 1 file added to the scan queue for {company}. | {n} files added to the scan queue for {company}.',
    failed: 'The files could not be added: {reason}',
    sending:
      'Sending 1 file to {company}: {progress}\u00a0% | Sending {n} files to {company}: {progress}\u00a0%',
    tooLarge:
      '{name} was not added: it is {size} MB, and a dropped file can be at most {max} MB. Split the document or scan at a lower resolution.',
    notAdded: '{name} was not added: {reason}',
  },
  folders: {
    heading: 'Scan folders',
    hint: 'Folders the app watches for scanned documents. Each file becomes a draft supplier invoice; the original moves to processed/ (or failed/ with a note).',
    configFile: 'Also set in {file}',
    configError: 'The scan folder file could not be read, so the last good settings are in use: {error}',
    none: 'No scan folders yet.',
    path: 'Folder',
    pathLabel: 'Folder path',
    company: 'Company',
    companyLabel: 'Company for the folder',
    rootOption: 'One subfolder per company',
    polling: 'Watching',
    pollingLabel: 'How to watch {path}',
    mode: { auto: 'Automatic', native: 'File events', polling: 'Polling (network share)' },
    state: 'State',
    lastFile: 'Last file taken',
    add: 'Add folder',
    choose: 'Choose folder…',
    remove: 'Remove',
    removeFolder: 'Remove {path}',
    scanNow: 'Scan now',
    scanFolderNow: 'Scan now: {path}',
    states: {
      starting: 'Starting',
      watching: 'Watching',
      polling: 'Polling',
      unavailable: 'Unavailable',
      stopped: 'Stopped',
      unmatched: 'No company matched',
    },
    check: {
      ok: 'Exists, readable and writable',
      missing: 'The folder does not exist',
      unreadable: 'The folder cannot be read',
      unwritable: 'The app cannot write processed/ and failed/ here',
      network: 'A network share: polled',
    },
    unmatched: {
      none: 'Subfolders without a company: {names}',
      ambiguous:
        'Subfolder “{name}” fits more than one company ({companies}): its files stay in it and are not sent. Rename it with the organisation number of the right company.',
      ambiguousCompany:
        '“{name}” fits more than one company ({companies}): no file is taken from this folder. Remove it and add it again for the right company, or give the organisation number in scan-folders.json.',
    },
    children: '{n} company folders',
    never: 'None yet',
    splitOnSeparators: 'Split on separator pages',
    splitLabel: 'Split scanned PDFs in {path} into invoices at blank pages and separator sheets',
    printSheet: 'Print separator sheet',
    printSheetHint:
      'A sheet to put between invoices in the scanner: in a folder that splits on separator pages, each invoice of a batch becomes an invoice of its own. A blank page does the same.',
  },
}

const nb: typeof en = {
  queue: {
    title: 'Skannede dokumenter',
    inProgress:
      'Ingen dokumenter under behandling | 1 dokument under behandling | {n} dokumenter under behandling',
    paused: 'Venter på plattformen: {reason}. Køen fortsetter av seg selv.',
    cancel: 'Avbryt bunken',
    cancelled:
      'Ingen dokumenter sto i kø | 1 dokument ble tatt ut av køen. | {n} dokumenter ble tatt ut av køen.',
    empty:
      'Ingenting skannet ennå. Legg PDF-er i en skannemappe, eller slipp filer hvor som helst i vinduet.',
    file: 'Fil',
    status: 'Status',
    supplier: 'Leverandør',
    invoiceNumber: 'Fakturanr.',
    amount: 'Beløp',
    actions: 'Handlinger',
    retry: 'Prøv igjen',
    retryFile: 'Prøv igjen: {name}',
    show: 'Vis i mappe',
    showFile: 'Vis i mappe: {name}',
    shownAt: 'Filen ligger i {path}',
    openInvoice: 'Faktura {id}',
    openInvoiceNumber: 'Faktura {number}',
    duplicateOf: 'Duplikat av faktura {id}',
    duplicateOfNumber: 'Duplikat av faktura {number}',
    duplicateOfFrom: 'Duplikat av faktura {number} fra {supplier}',
    newSupplier: 'ny leverandør',
    showAll: 'Vis alle {n}',
    showFewer: 'Vis færre',
    partOf: 'Del {part} av {of} fra {name}',
  },
  state: {
    queued: 'I kø',
    uploading: 'Laster opp {progress} %',
    uploadingPlain: 'Laster opp',
    sending: 'Sender til Ledgerdesk {progress}\u00a0%',
    reading: 'Leser',
    creating: 'Lager utkast',
    ready: 'Klar for kontroll',
    failed: 'Feilet',
    cancelled: 'Avbrutt',
    duplicate: 'Duplikat',
    split: 'Delt i {n} dokumenter',
  },
  split: {
    open: 'Del opp…',
    openFile: 'Del opp {name}',
    title: 'Del opp {name}',
    note: 'Velg «Del her» mellom to sider; hver del blir et eget dokument og en egen faktura. Bare en fil som ennå ikke er sendt til plattformen kan deles her (i kø, avbrutt eller stoppet før opplasting): plattformen har ingen dokumentert måte å slette fakturautkastet en fil allerede er blitt til, så en oppdeling ville latt utkastet bli stående ved siden av delene. For å dele en fil køen allerede har sendt: slett utkastet i plattformen og skann delene på nytt.',
    loading: 'Leser sidene…',
    onePage: 'Dokumentet har én side: det er ingenting å dele.',
    pages: 'Dokumentets {n} sider',
    page: 'Side {page}',
    cutBefore: 'Del her, foran side {page}',
    here: 'Del her',
    more: 'De første {shown} av {n} sider vises.',
    noCut: 'Ingen deling valgt: dokumentet forblir én faktura.',
    parts: '{n} dokumenter: sidene {ranges}',
    cancel: 'Avbryt',
    confirm: 'Del i {n} dokumenter',
    done: 'Delt i {n} dokumenter; hvert går videre gjennom køen.',
    tooLate: 'Filen er sendt til plattformen i mellomtiden og kan ikke lenger deles her.',
  },
  reasons: {
    ...failedFileWords.nb,
    localFile:
      'Filen kunne ikke leses eller flyttes på denne maskinen: {detail}. Velg Prøv igjen eller Skann nå for å fortsette der den stoppet.',
    changed: 'Filen ble endret etter at den ble tatt inn; det nye innholdet tas inn som en egen fil.',
    waiting: 'Venter på plattformen: {detail}',
    duplicate: 'Duplikat av et dokument som allerede er skannet',
    duplicateElsewhere: 'Allerede registrert av en annen bruker på denne maskinen',
  },
  drop: {
    overlay: 'Slipp filene for å skanne dem inn i {company}',
    noCompany: 'Åpne et selskap først for å skanne filer inn i det.',
    added:
      'Ingen filer ble lagt til | 1 fil lagt i skannekøen for {company}. | {n} filer lagt i skannekøen for {company}.',
    failed: 'Filene kunne ikke legges til: {reason}',
    sending:
      'Sender 1 fil til {company}: {progress}\u00a0% | Sender {n} filer til {company}: {progress}\u00a0%',
    tooLarge:
      '{name} ble ikke lagt til: den er {size} MB, og en sluppet fil kan være høyst {max} MB. Del opp dokumentet eller skann med lavere oppløsning.',
    notAdded: '{name} ble ikke lagt til: {reason}',
  },
  folders: {
    heading: 'Skannemapper',
    hint: 'Mapper appen følger med på for skannede dokumenter. Hver fil blir et utkast til leverandørfaktura; originalen flyttes til processed/ (eller failed/ med en forklaring).',
    configFile: 'Kan også settes i {file}',
    configError:
      'Filen med skannemapper kunne ikke leses, så de siste gyldige innstillingene brukes: {error}',
    none: 'Ingen skannemapper ennå.',
    path: 'Mappe',
    pathLabel: 'Sti til mappen',
    company: 'Selskap',
    companyLabel: 'Selskap for mappen',
    rootOption: 'Én undermappe per selskap',
    polling: 'Overvåking',
    pollingLabel: 'Hvordan {path} overvåkes',
    mode: { auto: 'Automatisk', native: 'Filhendelser', polling: 'Avspørring (nettverksdisk)' },
    state: 'Tilstand',
    lastFile: 'Siste fil hentet',
    add: 'Legg til mappe',
    choose: 'Velg mappe …',
    remove: 'Fjern',
    removeFolder: 'Fjern {path}',
    scanNow: 'Skann nå',
    scanFolderNow: 'Skann nå: {path}',
    states: {
      starting: 'Starter',
      watching: 'Overvåkes',
      polling: 'Avspørres',
      unavailable: 'Utilgjengelig',
      stopped: 'Stoppet',
      unmatched: 'Ingen selskap passer',
    },
    check: {
      ok: 'Finnes, kan leses og skrives',
      missing: 'Mappen finnes ikke',
      unreadable: 'Mappen kan ikke leses',
      unwritable: 'Appen kan ikke skrive processed/ og failed/ her',
      network: 'En nettverksdisk: avspørres',
    },
    unmatched: {
      none: 'Undermapper uten selskap: {names}',
      ambiguous:
        'Undermappen «{name}» passer til flere selskap ({companies}): filene blir liggende i den og sendes ikke. Gi den nytt navn med organisasjonsnummeret til riktig selskap.',
      ambiguousCompany:
        '«{name}» passer til flere selskap ({companies}): ingen filer hentes fra denne mappen. Fjern den og legg den til igjen for riktig selskap, eller oppgi organisasjonsnummeret i scan-folders.json.',
    },
    children: '{n} selskapsmapper',
    never: 'Ingen ennå',
    splitOnSeparators: 'Del ved skilleark',
    splitLabel: 'Del skannede PDF-er i {path} i fakturaer ved blanke sider og skilleark',
    printSheet: 'Skriv ut skilleark',
    printSheetHint:
      'Et ark å legge mellom fakturaene i skanneren: i en mappe som deler ved skilleark blir hver faktura i en bunke en egen faktura. En blank side gjør det samme.',
  },
}

const messages = registerMessages('scan', { en, nb })
export default messages

declare module 'vue-i18n' {
  export interface DefineLocaleMessage {
    scan: typeof messages.en
  }
}
