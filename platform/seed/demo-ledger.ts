// The demo companies' ledger: a Norwegian chart of accounts in the style of NS 4102 and the VAT
// types with their SAF-T standard codes and rates (field notes, "Norwegian numbers").

export interface DemoAccount {
  number: number
  name: string
  /** SAF-T code of the VAT type proposed on the account. */
  vatCode?: string
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { number: 1200, name: 'Maskiner og anlegg' },
  { number: 1230, name: 'Personbiler' },
  { number: 1250, name: 'Inventar' },
  { number: 1280, name: 'Kontormaskiner' },
  { number: 1460, name: 'Innkjøpte varer for videresalg' },
  { number: 1500, name: 'Kundefordringer' },
  { number: 1510, name: 'Fordring på factoringselskap' },
  { number: 1530, name: 'Opptjent, ikke fakturert inntekt' },
  { number: 1570, name: 'Andre kortsiktige fordringer' },
  { number: 1700, name: 'Forskuddsbetalt kostnad' },
  { number: 1900, name: 'Kontanter' },
  { number: 1920, name: 'Bankinnskudd' },
  { number: 1950, name: 'Bankinnskudd for skattetrekk' },
  { number: 2000, name: 'Aksjekapital' },
  { number: 2050, name: 'Annen egenkapital' },
  { number: 2380, name: 'Factoringlån' },
  { number: 2400, name: 'Leverandørgjeld' },
  { number: 2500, name: 'Betalbar skatt, ikke utlignet' },
  { number: 2600, name: 'Forskuddstrekk' },
  { number: 2700, name: 'Utgående merverdiavgift, høy sats' },
  { number: 2701, name: 'Utgående merverdiavgift, middels sats' },
  { number: 2702, name: 'Utgående merverdiavgift, lav sats' },
  { number: 2703, name: 'Beregnet utgående merverdiavgift, tjenester kjøpt fra utlandet' },
  { number: 2710, name: 'Inngående merverdiavgift, høy sats' },
  { number: 2711, name: 'Inngående merverdiavgift, middels sats' },
  { number: 2712, name: 'Inngående merverdiavgift, lav sats' },
  { number: 2714, name: 'Inngående merverdiavgift, innførsel av varer' },
  { number: 2740, name: 'Oppgjørskonto merverdiavgift' },
  { number: 2770, name: 'Skyldig arbeidsgiveravgift' },
  { number: 2780, name: 'Påløpt arbeidsgiveravgift på ferielønn' },
  { number: 2900, name: 'Annen kortsiktig gjeld' },
  { number: 2930, name: 'Skyldig lønn' },
  { number: 2940, name: 'Skyldige feriepenger' },
  { number: 2960, name: 'Påløpt kostnad' },
  { number: 3000, name: 'Salgsinntekt, avgiftspliktig', vatCode: '3' },
  { number: 3020, name: 'Salgsinntekt, avgiftspliktig, middels sats', vatCode: '31' },
  { number: 3030, name: 'Salgsinntekt, avgiftspliktig, lav sats', vatCode: '33' },
  { number: 3100, name: 'Salgsinntekt, avgiftsfri', vatCode: '5' },
  { number: 3200, name: 'Salgsinntekt, utenfor avgiftsområdet', vatCode: '6' },
  { number: 3900, name: 'Annen driftsrelatert inntekt', vatCode: '0' },
  { number: 4000, name: 'Innkjøp av råvarer og halvfabrikata', vatCode: '1' },
  { number: 4100, name: 'Innkjøp av varer under tilvirkning', vatCode: '1' },
  { number: 4200, name: 'Innkjøp av ferdig egentilvirkede varer', vatCode: '1' },
  { number: 4300, name: 'Innkjøp av varer for videresalg', vatCode: '1' },
  { number: 4500, name: 'Fremmedytelse og underentreprise', vatCode: '1' },
  { number: 5000, name: 'Lønn til ansatte' },
  { number: 5180, name: 'Påløpte feriepenger' },
  { number: 5400, name: 'Arbeidsgiveravgift' },
  { number: 6000, name: 'Avskrivning på bygninger og annen fast eiendom' },
  { number: 6010, name: 'Avskrivning på transportmidler' },
  { number: 6015, name: 'Avskrivning på maskiner' },
  { number: 6100, name: 'Frakt, transport og forsikring ved vareforsendelse', vatCode: '1' },
  { number: 6300, name: 'Leie lokale', vatCode: '0' },
  { number: 6340, name: 'Lys, varme', vatCode: '1' },
  { number: 6360, name: 'Renhold', vatCode: '1' },
  { number: 6400, name: 'Leie maskiner', vatCode: '1' },
  { number: 6540, name: 'Inventar', vatCode: '1' },
  { number: 6551, name: 'Datautstyr (maskinvare)', vatCode: '1' },
  { number: 6552, name: 'Programvare, anskaffelse', vatCode: '1' },
  { number: 6553, name: 'Programvare, leie', vatCode: '1' },
  { number: 6700, name: 'Revisjonshonorar', vatCode: '1' },
  { number: 6705, name: 'Regnskapshonorar', vatCode: '1' },
  { number: 6790, name: 'Annen fremmed tjeneste', vatCode: '1' },
  { number: 6800, name: 'Kontorrekvisita', vatCode: '1' },
  { number: 6860, name: 'Møte, kurs, oppdatering o.l.', vatCode: '1' },
  { number: 6900, name: 'Telefon', vatCode: '1' },
  { number: 6907, name: 'Internett', vatCode: '1' },
  { number: 6940, name: 'Porto', vatCode: '0' },
  { number: 7000, name: 'Drivstoff', vatCode: '1' },
  { number: 7040, name: 'Forsikring og avgifter, transportmidler', vatCode: '0' },
  { number: 7100, name: 'Bilgodtgjørelse, oppgavepliktig' },
  { number: 7140, name: 'Reisekostnad, ikke oppgavepliktig', vatCode: '13' },
  { number: 7150, name: 'Diettkostnad, oppgavepliktig' },
  { number: 7320, name: 'Reklamekostnad', vatCode: '1' },
  { number: 7350, name: 'Representasjon, fradragsberettiget', vatCode: '0' },
  { number: 7500, name: 'Forsikringspremie', vatCode: '0' },
  { number: 7700, name: 'Styre- og bedriftsforsamlingsmøter' },
  { number: 7770, name: 'Bank- og kortgebyrer', vatCode: '0' },
  { number: 7790, name: 'Annen kostnad, fradragsberettiget', vatCode: '1' },
  { number: 8040, name: 'Renteinntekt' },
  { number: 8140, name: 'Rentekostnad' },
]

export interface DemoVatType {
  vatCode: string
  name: string
  percent: number
  outputVat: boolean
  /** Account number of deductible input VAT. */
  incoming?: number
  /** Account number of output VAT (also the calculated output VAT of reverse charge). */
  outgoing?: number
  reversed?: boolean
}

export const DEMO_VAT_TYPES: readonly DemoVatType[] = [
  { vatCode: '0', name: 'Ingen mva-behandling', percent: 0, outputVat: false },
  {
    vatCode: '1',
    name: 'Fradrag for inngående mva, høy sats',
    percent: 25,
    outputVat: false,
    incoming: 2710,
  },
  {
    vatCode: '11',
    name: 'Fradrag for inngående mva, middels sats',
    percent: 15,
    outputVat: false,
    incoming: 2711,
  },
  {
    vatCode: '13',
    name: 'Fradrag for inngående mva, lav sats',
    percent: 12,
    outputVat: false,
    incoming: 2712,
  },
  {
    vatCode: '14',
    name: 'Fradrag for innførselsmva, høy sats',
    percent: 25,
    outputVat: false,
    incoming: 2714,
  },
  {
    vatCode: '15',
    name: 'Fradrag for innførselsmva, middels sats',
    percent: 15,
    outputVat: false,
    incoming: 2714,
  },
  { vatCode: '3', name: 'Utgående mva, høy sats', percent: 25, outputVat: true, outgoing: 2700 },
  { vatCode: '31', name: 'Utgående mva, middels sats', percent: 15, outputVat: true, outgoing: 2701 },
  { vatCode: '33', name: 'Utgående mva, lav sats', percent: 12, outputVat: true, outgoing: 2702 },
  { vatCode: '5', name: 'Innenlands omsetning, fritatt for mva (nullsats)', percent: 0, outputVat: true },
  { vatCode: '6', name: 'Omsetning utenfor merverdiavgiftsloven', percent: 0, outputVat: true },
  // 86-89: reverse charge on services bought abroad; the buyer calculates output VAT and, with a right
  // to deduct, deducts the same amount as input VAT.
  ...[
    {
      vatCode: '86',
      name: 'Tjenester kjøpt fra utlandet, med fradrag, høy sats',
      percent: 25,
      incoming: 2710,
    },
    { vatCode: '87', name: 'Tjenester kjøpt fra utlandet, uten fradrag, høy sats', percent: 25 },
    {
      vatCode: '88',
      name: 'Tjenester kjøpt fra utlandet, med fradrag, lav sats',
      percent: 12,
      incoming: 2712,
    },
    { vatCode: '89', name: 'Tjenester kjøpt fra utlandet, uten fradrag, lav sats', percent: 12 },
  ].map((v) => ({ ...v, outputVat: false, outgoing: 2703, reversed: true })),
]
