// Strings of "While I am away" (merged as `approvals.substitutes`).
const en = {
  open: 'While I am away',
  title: 'While I am away',
  intro: 'Choose who approves for you, and when. They see your approvals and act on them in that period.',
  person: 'Substitute',
  personPlaceholder: 'Choose a person',
  from: 'First day',
  to: 'Last day',
  scope: 'For',
  allCompanies: 'All my companies ({count}) | All my companies ({count})',
  oneCompany: 'One company',
  company: 'Company',
  add: 'Add substitute',
  close: 'Close',
  mine: 'Who stands in for me',
  standingIn: 'Whom I stand in for',
  noneMine: 'No one stands in for you.',
  noneStandingIn: 'You stand in for no one.',
  noneMineUnlisted: 'No period added here.',
  noneStandingInUnlisted: 'Not known here: the platform does not list who you stand in for.',
  unlisted:
    '{companies}: the platform does not list substitute periods. Periods set up elsewhere (in the web app or on ' +
    'another computer) are not shown here, and the approvals of those you stand in for are not fetched. ' +
    'Periods you add here are sent to the platform and shown.',
  columns: { company: 'Company', person: 'Person', from: 'From', to: 'To', state: 'Status' },
  state: {
    current: 'Now',
    upcoming: 'Planned',
    saving: 'Waiting to be sent',
    ending: 'Ending…',
    refused: 'Refused: {message}',
    unverified:
      'Not confirmed: the platform does not list periods, so the app cannot check whether the first attempt ' +
      'saved it. Look in the web app before adding it again.',
  },
  end: 'End',
  endLabel: 'End the period of {person} in {company}',
  remove: 'Remove',
  removeLabel: 'Remove the refused period of {person} in {company}',
  queued: 'Saved for {count} company | Saved for {count} companies',
  skipped: '{person} is not a user in {companies}, so no period was made there.',
  errors: {
    PERSON_REQUIRED: 'Choose who stands in for you.',
    DATES_REQUIRED: 'Fill in the day.',
    DATES_ORDER: 'The last day is before the first day.',
    DATES_PAST: 'The period has already ended.',
    NO_COMPANY: 'Choose a company.',
  },
}

const nb: typeof en = {
  open: 'Mens jeg er borte',
  title: 'Mens jeg er borte',
  intro:
    'Velg hvem som godkjenner for deg, og når. De ser dine godkjenninger og kan behandle dem i perioden.',
  person: 'Stedfortreder',
  personPlaceholder: 'Velg en person',
  from: 'Første dag',
  to: 'Siste dag',
  scope: 'Gjelder',
  allCompanies: 'Alle mine selskaper ({count}) | Alle mine selskaper ({count})',
  oneCompany: 'Ett selskap',
  company: 'Selskap',
  add: 'Legg til stedfortreder',
  close: 'Lukk',
  mine: 'Hvem som er stedfortreder for meg',
  standingIn: 'Hvem jeg er stedfortreder for',
  noneMine: 'Ingen er stedfortreder for deg.',
  noneStandingIn: 'Du er ikke stedfortreder for noen.',
  noneMineUnlisted: 'Ingen periode lagt til her.',
  noneStandingInUnlisted: 'Ukjent her: plattformen viser ikke hvem du er stedfortreder for.',
  unlisted:
    '{companies}: plattformen viser ikke stedfortrederperioder. Perioder som er satt opp andre steder (i ' +
    'nettleseren eller på en annen datamaskin), vises ikke her, og godkjenningene til dem du er stedfortreder ' +
    'for, hentes ikke. Perioder du legger til her, sendes til plattformen og vises.',
  columns: { company: 'Selskap', person: 'Person', from: 'Fra', to: 'Til', state: 'Status' },
  state: {
    current: 'Nå',
    upcoming: 'Planlagt',
    saving: 'Venter på å sendes',
    ending: 'Avsluttes …',
    refused: 'Avvist av plattformen: {message}',
    unverified:
      'Ikke bekreftet: plattformen viser ikke perioder, så appen kan ikke sjekke om første forsøk lagret den. ' +
      'Se etter i nettleseren før du legger den til igjen.',
  },
  end: 'Avslutt',
  endLabel: 'Avslutt perioden til {person} i {company}',
  remove: 'Fjern',
  removeLabel: 'Fjern den avviste perioden til {person} i {company}',
  queued: 'Lagret for {count} selskap | Lagret for {count} selskaper',
  skipped: '{person} er ikke bruker i {companies}, så der ble det ikke laget noen periode.',
  errors: {
    PERSON_REQUIRED: 'Velg hvem som skal være stedfortreder.',
    DATES_REQUIRED: 'Fyll inn dagen.',
    DATES_ORDER: 'Siste dag er før første dag.',
    DATES_PAST: 'Perioden er allerede over.',
    NO_COMPANY: 'Velg et selskap.',
  },
}

export default { en, nb }
