// Norwegian (bokmål) strings of the scan station.
import type { ScanMessages } from './messages-en.ts'

const scanNb: ScanMessages = {
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
    duplicateOf: 'Duplikat av faktura {id}',
    newSupplier: 'ny leverandør',
    showAll: 'Vis alle {n}',
    showFewer: 'Vis færre',
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
  },
  reasons: {
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
  },
}

export default scanNb
