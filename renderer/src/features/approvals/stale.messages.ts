// Strings of "Waiting too long" (merged as `approvals.stale`).
const en = {
  tab: 'Waiting too long',
  days: 'Waiting more than (days)',
  refresh: 'Read again',
  readAt: 'Read from the platform at {time} across {n} companies kept on this computer.',
  reading: 'Reading the approvals of the companies kept on this computer…',
  offline: 'The platform cannot be reached: waiting approvals are read from it, so none are shown now.',
  failed: 'The approvals could not be read: {message}',
  unreadable: 'Could not be read from {company}: {message}',
  noCompanies: 'No company is kept on this computer. Choose some in Settings → Offline data.',
  empty: 'No approval has waited more than {days} days.',
  list: 'Approvals waiting more than {days} days',
  columns: {
    company: 'Company',
    supplier: 'Supplier',
    amount: 'Amount',
    holder: 'Held by',
    since: 'Waiting since',
    days: 'Days',
  },
  unknownSupplier: 'Not on this computer yet',
  select: 'Show the approval from {supplier} in {company}',
  selectUnknown: '{unknown}: show approval {id} in {company}',
  remind: {
    title: 'Reminder',
    label: 'Comment on the invoice',
    text: 'Reminder: this invoice has waited for your approval since {date}.',
    send: 'Send reminder',
    sent: 'The reminder is queued and goes to the platform with the next sync.',
    empty: 'Write a comment first.',
  },
  pick: 'Choose an approval to remind its holder or reassign it.',
  noInvoice: 'The invoice of this approval is not on this computer yet; it arrives with the next sync.',
}

const nb: typeof en = {
  tab: 'Venter for lenge',
  days: 'Venter mer enn (dager)',
  refresh: 'Les på nytt',
  readAt: 'Lest fra plattformen kl. {time} i {n} selskaper lagret på denne maskinen.',
  reading: 'Leser godkjenningene i selskapene som er lagret på denne maskinen …',
  offline: 'Plattformen kan ikke nås: ventende godkjenninger leses derfra, så ingen vises nå.',
  failed: 'Godkjenningene kunne ikke leses: {message}',
  unreadable: 'Kunne ikke leses fra {company}: {message}',
  noCompanies:
    'Ingen selskaper er lagret på denne maskinen. Velg noen under Innstillinger → Frakoblede data.',
  empty: 'Ingen godkjenning har ventet mer enn {days} dager.',
  list: 'Godkjenninger som har ventet mer enn {days} dager',
  columns: {
    company: 'Selskap',
    supplier: 'Leverandør',
    amount: 'Beløp',
    holder: 'Ligger hos',
    since: 'Venter siden',
    days: 'Dager',
  },
  unknownSupplier: 'Ikke på denne maskinen ennå',
  select: 'Vis godkjenningen fra {supplier} i {company}',
  selectUnknown: '{unknown}: vis godkjenning {id} i {company}',
  remind: {
    title: 'Påminnelse',
    label: 'Kommentar på fakturaen',
    text: 'Påminnelse: denne fakturaen har ventet på din godkjenning siden {date}.',
    send: 'Send påminnelse',
    sent: 'Påminnelsen ligger i kø og sendes til plattformen ved neste synkronisering.',
    empty: 'Skriv en kommentar først.',
  },
  pick: 'Velg en godkjenning for å minne innehaveren på den eller tildele den på nytt.',
  noInvoice:
    'Fakturaen til denne godkjenningen er ikke på denne maskinen ennå; den kommer ved neste synkronisering.',
}

export default { en, nb }
