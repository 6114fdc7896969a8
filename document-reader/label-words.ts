// How invoices word their labels beyond the first table of labels.ts: bokmål and nynorsk variants, Swedish,
// Danish, English, German, French and Dutch, as suppliers print them (general invoice practice of each
// country, not any one generator). Each row: the property (null: a value that is never the property, such as
// a net sum or the buyer's own account), the label's weight, and its wordings. labels.ts registers them.
import { OcrPropertyId as P } from '../common/ocr.ts'

type Row = [prop: P | null, weight: number, texts: string[]]

export const INVOICE_NUMBER: Row[] = [
  [P.InvoiceNumber, 1, ['Faktura-nr', 'Faktura nr.', 'Fakturanr:', 'Faktura nummer', 'Fakturanummer:']],
  [P.InvoiceNumber, 1, ['Invoice No', 'Invoice ID', 'Invoice Num', 'Inv. no.', 'Inv no', 'Invoice ref.']],
  [P.InvoiceNumber, 1, ['Bill no.', 'Bill number', 'Tax invoice no.', 'Receipt no.', 'Receipt number']],
  [P.InvoiceNumber, 1, ['Rechnungs-Nr', 'Rechnung-Nr.', 'Rechnungsnummer:', 'Re.-Nr.', 'Belegnummer']],
  [P.InvoiceNumber, 1, ['Numéro de facture', 'N° de facture', 'No de facture', 'Facture n°', 'Facture no']],
  [P.InvoiceNumber, 1, ['Factuurnummer', 'Factuurnr', 'Factuur nr.', 'Factuur nummer', 'Factuurnr.']],
]

/** Document titles that a number may follow on the same line. */
export const INVOICE_TITLES = [
  'Invoice',
  'Tax invoice',
  'Faktura',
  'Rechnung',
  'Facture',
  'Factuur',
  'Račun',
  'Factura',
  'Fattura',
]

/** The credit note's own number and date: in a credit note they win over an invoice label's. */
export const CREDIT_OWN: Row[] = [
  [P.InvoiceNumber, 1, ['Kreditnotanr', 'Kreditnota nr', 'Kreditnotanummer', 'Kreditnota nummer']],
  [P.InvoiceNumber, 1, ['Credit note no.', 'Credit note number', 'Credit memo no.', 'Credit note #']],
  [P.InvoiceNumber, 1, ['Kreditfakturanr', 'Kreditfakturanummer', 'Kreditnotanr.', 'Creditnotanummer']],
  [P.InvoiceNumber, 1, ['Gutschrift Nr.', 'Gutschriftsnummer', 'Gutschrift-Nr.', 'Creditnota nr']],
  [P.InvoiceNumber, 1, ["Numéro d'avoir", 'Avoir n°', 'Avoir no', 'Creditnota nummer']],
  [P.InvoiceDate, 1, ['Kreditnotadato', 'Kreditnota dato', 'Kreditnotadatum', 'Kreditfakturadatum']],
  [P.InvoiceDate, 1, ['Credit note date', 'Credit memo date', 'Date of credit note', 'Kreditdato']],
  [P.InvoiceDate, 1, ['Gutschriftsdatum', 'Datum der Gutschrift', "Date de l'avoir", 'Creditnotadatum']],
]

export const DATES: Row[] = [
  [P.InvoiceDate, 1, ['Fakturadato:', 'Fakturadagen', 'Issue date', 'Date of issue', 'Date issued']],
  [P.InvoiceDate, 1, ['Invoice date:', 'Billing date', 'Invoice issued', 'Issued on', 'Tax point date']],
  [P.InvoiceDate, 1, ['Rechnungs-Datum', 'Datum der Rechnung', 'Rechnungsdatum:']],
  [P.InvoiceDate, 1, ['Date de facture', 'Date de facturation', 'Date de la facture', "Date d'émission"]],
  [P.InvoiceDate, 1, ['Factuurdatum', 'Factuur datum', 'Datum factuur', 'Fakturadatum:']],
  [P.DueDate, 1, ['Forfallsdag', 'Forfall dato', 'Forfallsdato:', 'Betales innen', 'Siste betalingsdag']],
  [P.DueDate, 1, ['Betalast innan', 'Betal innan', 'Forfallsdag:', 'Betalingsfrist:', 'Forfall:']],
  [
    P.DueDate,
    1,
    ['Sista betalningsdag', 'Sista betalningsdatum', 'Förfaller', 'Förfallodag:', 'Förfallodatum:'],
  ],
  [P.DueDate, 1, ['Forfaldsdag', 'Sidste betalingsdag', 'Sidste rettidige betalingsdag', 'Betales senest']],
  [P.DueDate, 1, ['Betal senest', 'Forfaldsdato:', 'Payment due date', 'Due by', 'Pay before', 'Date due']],
  [P.DueDate, 1, ['Payable by', 'Due on', 'Please pay by', 'Due date:', 'Payment due by']],
  [P.DueDate, 1, ['Zahlbar bis zum', 'Zahlungsfrist', 'Fälligkeit', 'Fällig bis', 'Zahlbar bis:']],
  [
    P.DueDate,
    1,
    ["Date d'échéance", 'Échéance', 'À payer avant le', 'Payable avant le', 'Date limite de paiement'],
  ],
  [P.DueDate, 1, ['Vervaldatum', 'Vervaldag', 'Uiterste betaaldatum', 'Te betalen voor', 'Betalen voor']],
  // The delivery's or the order's date (`Delivery date:` would otherwise read as `Date:`): below any date of
  // the invoice's own, the invoice's date only where nothing else dates it (a receipt's `Order date`).
  [
    P.InvoiceDate,
    0.5,
    ['Delivery date', 'Date of delivery', 'Delivered on', 'Dispatch date', 'Shipping date'],
  ],
  [P.InvoiceDate, 0.5, ['Ship date', 'Order date', 'Date of order', 'Service date', 'Date of service']],
  [P.InvoiceDate, 0.5, ['Leveringsdato', 'Leveransedato', 'Ordredato', 'Bestillingsdato', 'Leveransdatum']],
  [P.InvoiceDate, 0.5, ['Orderdatum', 'Beställningsdatum', 'Leveringsdatum', 'Leverdatum', 'Besteldatum']],
  [P.InvoiceDate, 0.5, ['Lieferdatum', 'Liefertermin', 'Leistungsdatum', 'Bestelldatum', 'Auftragsdatum']],
  [P.InvoiceDate, 0.5, ['Date de livraison', 'Date de commande', 'Fecha de entrega', 'Data di consegna']],
  // The date of the buyer's letter this one answers: never the invoice's (`Ihre Nachricht vom` is no title's
  // `vom`).
  [null, 1, ['Your message of', 'Your letter of', 'Your order of', 'Your order dated']],
  [null, 1, ['Ihre Nachricht vom', 'Ihr Schreiben vom', 'Ihre Bestellung vom', 'Ihr Auftrag vom']],
]

export const PAYMENT: Row[] = [
  [P.Kid, 1, ['KID-referanse', 'Referanse (KID)', 'KID/referanse', 'Kundeidentifikasjonsnummer', 'KID:']],
  [P.Kid, 1, ['OCR', 'OCR-nummer', 'OCR-nr', 'OCR nr', 'OCR-referens', 'Betalningsreferens']],
  [P.Kid, 0.9, ['Betalingsreferanse', 'Betalingsreference', 'Betalings-ID', 'Zahlungsreferenz']],
  [P.Kid, 0.9, ['Payment ref.', 'Payment ref', 'Remittance reference', 'Référence de paiement']],
  [P.BankAccount, 1, ['Kontonr.', 'Konto nr', 'Konto nr.', 'Kontonummer:', 'Bankkontonr', 'Bankkonto:']],
  [P.BankAccount, 1, ['Vårt kontonummer', 'Vår konto', 'Vår bankkonto', 'Betalingskonto', 'Til kontonr.']],
  [
    P.BankAccount,
    1,
    ['Innbetaling til', 'Konto for innbetaling', 'Betal til kontonummer', 'Kontonummer/Account'],
  ],
  [P.BankAccount, 1, ['Account No', 'Acct no.', 'Bank account number', 'Pay to', 'Payee account']],
  [P.BankAccount, 1, ['Bankverbindung', 'Kontonummer', 'Numéro de compte', 'Rekeningnummer', 'Rekening']],
  [P.Iban, 1, ['IBAN-nummer', 'IBAN number', 'IBAN no.', 'IBAN:', 'IBAN-Nr.', 'IBAN-code']],
  // Another's account: the buyer's own, or the one a direct debit draws from.
  [
    null,
    1,
    ['Debiteres konto', 'Belastes konto', 'Belastes kontonr', 'Trekkes fra konto', 'Betales fra konto'],
  ],
  [null, 1, ['Ditt kontonummer', 'Din konto', 'Dykkar konto', 'Your account', 'Your account no.']],
  [null, 1, ['Your account number', 'Debit account', 'Account to be debited', 'Kundenkonto', 'Ihr Konto']],
  [null, 1, ['Ert kontonummer', 'Er konto', 'Jeres konto', 'Dit kontonummer', 'Trekkes fra kontonummer']],
  // A refund's account (`tilbakebetales til deres konto 3201 49 53050`): the buyer's.
  [null, 1, ['Deres konto', 'Deres kontonummer', 'Ert konto', 'Ditt konto', 'Din kontonummer']],
]

export const TOTALS: Row[] = [
  [
    P.TotalAmount,
    1,
    ['Å betale totalt', 'Til betaling', 'Sum til betaling', 'Å betale NOK', 'Totalt å betale:'],
  ],
  [P.TotalAmount, 0.9, ['Totalsum', 'Fakturabeløp', 'Fakturabeløp inkl. mva', 'Totalbeløp inkl. mva']],
  [P.TotalAmount, 0.9, ['Sum inkl. mva.', 'Total inkl. mva', 'Totalt inkludert mva', 'Sum inklusiv mva']],
  [P.TotalAmount, 1, ['Att betala SEK', 'Summa att betala:', 'Totalt att betala:', 'Belopp att betala:']],
  [P.TotalAmount, 0.9, ['Summa inkl. moms', 'Totalt inkl. moms', 'Totalbelopp', 'Fakturabelopp']],
  [P.TotalAmount, 1, ['I alt at betale', 'Beløb at betale', 'At betale DKK', 'Total at betale:']],
  [
    P.TotalAmount,
    0.9,
    ['Total inkl. moms', 'Beløb i alt', 'I alt', 'I alt DKK', 'Fakturabeløb', 'Fakturatotal'],
  ],
  [
    P.TotalAmount,
    1,
    ['Zu zahlender Betrag', 'Zahlbetrag:', 'Rechnungsbetrag:', 'Gesamtbetrag:', 'Endbetrag:'],
  ],
  [P.TotalAmount, 0.9, ['Bruttobetrag', 'Gesamtsumme', 'Summe brutto', 'Gesamt brutto', 'Rechnungssumme']],
  [P.TotalAmount, 1, ['Net à payer', 'Montant à payer', 'Total à payer']],
  [P.TotalAmount, 1, ['Somme à payer', 'Montant prélevé', 'Montant du prélèvement', 'Total facture TTC']],
  // A till receipt's total (German `SUMME EUR 28,81`, `Betrag EUR`): one total per receipt, below its lines.
  [P.TotalAmount, 0.84, ['Summe', 'Summe EUR']],
  [P.TotalAmount, 0.85, ['Zu zahlen EUR', 'Zu zahlen Euro', 'Betrag EUR']],
  // What is left to pay after a prepayment: weighed as a rest (above 1), checked against the total less it.
  [P.TotalAmount, 1.05, ['Kvar att betala', 'Återstår att betala', 'Restbelopp', 'Rest att betala']],
  [P.TotalAmount, 1.05, ['Rest at betale', 'Resterende beløb', 'Restbeløb', 'Resterande å betala']],
  [P.TotalAmount, 1.05, ['Restbetrag', 'Noch zu zahlen', 'Offener Betrag', 'Verbleibender Betrag']],
  [P.TotalAmount, 1.05, ['Reste à payer', 'Solde à payer', 'Solde dû', 'Montant restant dû']],
  [P.TotalAmount, 1.05, ['Nog te betalen', 'Resterend bedrag', 'Openstaand bedrag', 'Restant']],
  [P.TotalAmount, 1.05, ['Remaining balance', 'Amount remaining', 'Outstanding balance', 'Balance to pay']],
  [P.TotalAmount, 0.9, ['Total TTC', 'Montant TTC', 'Montant total', 'Total TTC EUR', 'Montant total TTC']],
  [P.TotalAmount, 1, ['Te betalen', 'Totaal te betalen', 'Te betalen bedrag']],
  [
    P.TotalAmount,
    0.9,
    ['Totaal', 'Totaalbedrag', 'Totaal incl. btw', 'Totaal inclusief btw', 'Factuurbedrag'],
  ],
  [
    P.TotalAmount,
    1,
    ['Amount payable', 'Total payable', 'Total amount payable', 'Please pay', 'Amount due:'],
  ],
  [
    P.TotalAmount,
    0.9,
    ['Grand total', 'Invoice total', 'Total incl. VAT', 'Total inc. VAT', 'Total including VAT'],
  ],
  [
    P.TotalAmount,
    0.9,
    ['Total (incl. VAT)', 'Total incl VAT', 'Total NOK', 'Total EUR', 'Total SEK', 'Total DKK'],
  ],
  [
    P.TotalAmount,
    0.9,
    ['Total USD', 'Total GBP', 'Total amount:', 'Total:', 'Totalt:', 'Amount (incl. VAT)'],
  ],
  // A till's total with the sales tax it includes (GST, where the goods and services tax is the VAT), or
  // after the cash rounding: the amount the customer pays.
  [
    P.TotalAmount,
    1,
    [
      'Total incl. GST',
      'Total inclusive GST',
      'Total inclusive of GST',
      'Total including GST',
      'Total inc. GST',
    ],
  ],
  [
    P.TotalAmount,
    1,
    [
      'Total sales (inclusive of GST)',
      'Total sales inclusive GST',
      'Total sales incl. GST',
      'Total amt payable',
    ],
  ],
  [P.TotalAmount, 1, ['Total amount incl. GST', 'Total amt incl. GST', 'Total after adj. incl. GST']],
  [P.TotalAmount, 1, ['Total rounded', 'Rounded total', 'Final total', 'Total after rounding']],
  [P.TotalAmount, 1, ['Kreditbeløp', 'Kreditert', 'Gutschriftsbetrag', "Montant de l'avoir", 'Total avoir']],
  [
    P.TotalAmount,
    1,
    ['Credit amount', 'Amount credited', 'Total credited', 'Krediteret beløb', 'Krediterat belopp'],
  ],
  // A credit note's own sum (`Sum kreditnota`, `Summa kreditfaktura`, `Kreditnota i alt`).
  [P.TotalAmount, 1, ['Sum kreditnota', 'Sum kreditfaktura', 'Summa kreditfaktura', 'Summa kreditnota']],
  [P.TotalAmount, 1, ['Kreditnota i alt', 'Kreditnota total', 'Total kreditnota', 'Totalt kreditnota']],
  [
    P.TotalAmount,
    1,
    ['Summe Gutschrift', 'Gutschrift gesamt', 'Gesamtbetrag Gutschrift', 'Gutschrift Summe'],
  ],
  [P.TotalAmount, 1, ['Credit note total', 'Total credit note', 'Credit total', 'Total of credit note']],
  // Sums that are never the payable total: the net, the VAT, rounding and what was paid already.
  [null, 1, ['Sum eks. mva', 'Sum ekskl. mva', 'Sum eksl. mva', 'Totalt eks. mva', 'Total eks. mva']],
  [null, 1, ['Beløp eks. mva', 'Beløp ekskl. mva', 'Netto', 'Nettobeløp', 'Nettosum', 'Sum netto']],
  [null, 1, ['Grunnlag', 'Mva-grunnlag', 'Grunnlag mva', 'Sum mva', 'MVA', 'Mva-beløp', 'Mva beløp']],
  [null, 1, ['Beløp mva', 'Merverdiavgift', 'Avrunding', 'Øreavrunding', 'Betalt', 'Totalt mva']],
  [null, 1, ['Subtotal', 'Sub-total', 'Sub total', 'Net amount', 'Net total', 'Total net', 'Net']],
  [null, 1, ['Total excl. VAT', 'Total ex VAT', 'Total excluding VAT', 'Amount excl. VAT', 'Total ex. VAT']],
  [null, 1, ['VAT', 'VAT amount', 'Total VAT', 'Tax', 'Tax amount', 'Rounding', 'Amount paid', 'Paid']],
  [null, 1, ['Total tax', 'Total tax included', 'Tax included', 'VAT included', 'Total taxes', 'Total GST']],
  [
    null,
    1,
    ['Total excl. GST', 'Total excluding GST', 'Total exclusive of GST', 'Total sales (excluding GST)'],
  ],
  [null, 1, ['Total sales excl. GST', 'GST', 'GST total', 'Tax total', 'GST amount', 'GST summary']],
  [null, 1, ['Included in total', 'GST included in total', 'Tax included in total']],
  [null, 1, ['Rounding adjustment', 'Rounding adj.', 'Change', 'Change due', 'Total qty', 'Total quantity']],
  [null, 1, ['Discount', 'Total discount', 'Total discounts', 'Total savings', 'You saved', 'Your savings']],
  [null, 1, ['Taxable amount', 'Taxable', 'Non-taxable', 'Rabatt', 'Gesamtrabatt', 'Remise', 'Korting']],
  [null, 1, ['Payments', 'Total paid', 'Summa exkl. moms', 'Totalt exkl. moms', 'Moms']],
  [null, 1, ['Momsbelopp', 'Öresavrundning', 'Avrundning', 'Betalt belopp', 'Total moms', 'Summa moms']],
  [
    null,
    1,
    ['Beløb ekskl. moms', 'Total ekskl. moms', 'Momsbeløb', 'Afrunding', 'Momsgrundlag', 'Moms i alt'],
  ],
  [null, 1, ['Nettobetrag', 'Zwischensumme', 'Summe netto', 'Gesamt netto', 'Nettosumme', 'MwSt.']],
  [null, 1, ['Umsatzsteuer', 'USt.', 'zzgl. MwSt.', 'Rundung', 'MwSt']],
  [null, 1, ['Total HT', 'Montant HT', 'Sous-total', 'TVA', 'Montant TVA', 'Total TVA', 'Arrondi']],
  [null, 1, ['Subtotaal', 'Totaal excl. btw', 'Totaal exclusief btw', 'Btw']],
  [null, 1, ['Btw-bedrag', 'Afronding', 'Totaal btw', 'Nettobedrag']],
]

/**
 * What the buyer paid before the invoice (a deposit, an instalment): never the total, and the amount left to
 * pay is the invoice's gross less it. A plain `Paid` or `Betalt` is left out: on a receipt it is the payment of
 * the whole bill.
 */
export const PREPAID = [
  'Innbetalt',
  'Forskudd betalt',
  'Innbetalt forskudd',
  'A konto betalt',
  'Forskudd',
  'Prepaid',
  'Prepayment',
  'Less paid',
  'Already paid',
  'Deposit paid',
  'Inbetalt',
  'Förskott',
  'Forudbetalt',
  'Bereits bezahlt',
  'Anzahlung',
  'Acompte',
  'Déjà payé',
  'Reeds betaald',
  'Aanbetaling',
]

/** Total labels whose amount is the customer's credit: negative however it is printed. */
export const CREDIT_BALANCE = [
  'Tilgode',
  'Til gode dykk',
  'Tilgodehavende',
  'Deres tilgode',
  'Att återfå',
  'Belopp att återfå',
  'Tillgodo',
  'Ihr Guthaben',
  'Guthaben',
  'Te ontvangen',
  'Credit balance',
  'Amount owed to you',
  'Credit due to you',
  'Due to you',
  'Zu Ihren Gunsten',
  'Gutschrift zu Ihren Gunsten',
]

/** The invoice a credit note refers to: its number and date are not the credit note's. */
export const REFERENCES: Row[] = [
  [null, 1, ['Gjeld faktura', 'Opprinnelig faktura', 'Opprinnelig fakturanr.', 'Opprinnelig fakturanummer']],
  [null, 1, ['Opprinnelig fakturadato', 'Original invoice date', 'Original invoice number', 'Ref. invoice']],
  [null, 1, ['Reference invoice', 'Invoice reference', 'Relates to invoice', 'Credit for invoice']],
  [
    null,
    1,
    ['Corrects invoice', 'Avser faktura', 'Avser fakturanr', 'Ursprunglig faktura', 'Krediterar faktura'],
  ],
  [null, 1, ['Vedrører faktura', 'Vedr. faktura', 'Oprindelig faktura', 'Zu Rechnung', 'Zur Rechnung']],
  [null, 1, ['Ursprüngliche Rechnung', 'Originalrechnung', 'Bezug Rechnung', "Facture d'origine"]],
  [
    null,
    1,
    [
      'Ursprüngliche Rg.nr.',
      'Ursprüngliche Rg.-Nr.',
      'Ursprüngliche Rechnungsnummer',
      'Originalrechnung Nr.',
    ],
  ],
  [null, 1, ['Facture initiale', 'Référence facture', 'Oorspronkelijke factuur', 'Originele factuur']],
  [null, 1, ['Betreft factuur', 'Vedkjem faktura', 'Fakturadato opprinnelig faktura', 'Gjelder fakturadato']],
  [null, 1, ['Original invoice no', 'Invoice date of original', 'Fakturadatum ursprunglig faktura']],
]

export const OFFICIAL_NUMBER: Row[] = [
  // The buyer's own numbers, printed on invoices from abroad for the reverse charge.
  [null, 1, ['Customer VAT', 'Customer VAT no.', 'Customer VAT number', 'Customer VAT ID', 'Buyer VAT']],
  [
    null,
    1,
    ['Your VAT no.', 'Your VAT number', 'Your VAT ID', 'Kundens org.nr', 'Kundens organisasjonsnummer'],
  ],
  [
    null,
    1,
    ['Kundens MVA-nr', 'Kunde org.nr', 'Kundens momsnr', 'Kundens momsreg.nr', 'Köparens momsreg.nr'],
  ],
  [null, 1, ['Kundens CVR', 'Kundens CVR-nr.', 'Ihre USt-IdNr.', 'USt-IdNr. des Kunden', 'Kunden-USt-IdNr.']],
  [
    null,
    1,
    ['verwendete USt-IdNr.', 'Verwendete USt-IdNr', 'Ihre USt-ID', 'Ihre USt-Id-Nr.', 'Kunden USt-IdNr'],
  ],
  [
    null,
    1,
    ['USt-IdNr. Kunde', 'USt-IdNr. Empfänger', 'Client VAT', 'Client VAT no.', 'Customer VAT reg. no.'],
  ],
  [null, 1, ['N° TVA client', 'TVA client', 'Numéro de TVA du client', 'Btw-nummer klant', 'Btw-nr. klant']],
  [P.OfficialNumber, 1, ['Foretaksnummer', 'Føretaksnr', 'Org. nummer', 'Orgnr.', 'Org.no', 'Org.nr.:']],
  [P.OfficialNumber, 1, ['Organisationsnummer', 'Org.nummer', 'Company no.', 'Company number', 'Reg. no.']],
  [P.OfficialNumber, 1, ['Registration no.', 'Registration number', 'CVR-nummer', 'CVR nr', 'SE-nummer']],
  [
    P.OfficialNumber,
    0.95,
    ['VAT reg no', 'VAT ID', 'VAT-ID', 'VAT No', 'VAT Reg. No.', 'Tax ID', 'VAT reg.'],
  ],
  [P.OfficialNumber, 0.95, ['USt-IdNr', 'UStIdNr', 'Umsatzsteuer-ID', 'USt.-ID', 'USt-IdNr.:', 'USt-Id']],
  [
    P.OfficialNumber,
    0.95,
    ['N° TVA', 'N° de TVA', 'TVA intracommunautaire', 'Numéro de TVA', 'N° TVA intracom.'],
  ],
  [
    P.OfficialNumber,
    0.95,
    ['Btw-nummer', 'Btw-nr', 'Btw nr', 'BTW-nummer', 'Btw-id', 'Y-tunnus', 'ALV-numero'],
  ],
  [P.OfficialNumber, 0.95, ['MVA-nummer', 'Mva-nr.', 'Momsnummer', 'Moms-nr.', 'Momsreg.nr.', 'VAT-nummer']],
]

export const BUYER_WORDS = [
  'Kund',
  'Köpare',
  'Fakturaadress',
  'Leveransadress',
  'Faktureringsadresse',
  'Fakturaadresse',
  'Rechnungsempfänger',
  'Rechnungsadresse',
  'Lieferadresse',
  'Client',
  'Facturé à',
  'Adresse de facturation',
  'Klant',
  'Factuuradres',
  'Afleveradres',
  'Sold to',
  'Bill-to',
  'Mottakar',
  'Kjøpar',
  'Fakturamottakar',
  // Words that make the id after them the reader's own (`Ihre USt-IdNr.`, `verwendete USt-IdNr.`: the id the
  // buyer used for this purchase, `Your VAT no.`).
  'Ihre',
  'Verwendete',
  'Your',
]

export const SUPPLIER_WORDS = [
  'Leverantör',
  'Säljare',
  'Sælger',
  'Lieferant',
  'Verkäufer',
  'Rechnungssteller',
  'Fournisseur',
  'Vendeur',
  'Leverancier',
  'Verkoper',
  'Seljar',
  'Avsendar',
  'Issued by',
  'Remit to',
]

export const CREDIT_WORDS = [
  'Kreditnote',
  'Creditnota',
  'Avoir',
  "Facture d'avoir",
  'Rechnungskorrektur',
  'Stornorechnung',
  'Kreditering',
  'Credit invoice',
  'Kreditfakturanr',
  'Kreditnotanummer',
]

/**
 * More wordings: invoice numbers in Spanish, Finnish and Italian and as receipts and French accounting print
 * them (`N° pièce`, `Kvittonr`), due dates written as a payment instruction, invoice dates in Spanish, Finnish
 * and Italian. Registered after the tables above, never in place of one of their wordings.
 */
export const MORE_WORDS: Row[] = [
  [P.InvoiceNumber, 1, ['Invoice #', 'Invoice number', 'Rech.Nr.', 'Rech.-Nr.', 'Rechnung Nr.', 'Beleg-Nr.']],
  // A restaurant's till abbreviates Rechnungsnummer (`RgNr:AR1316347`).
  [P.InvoiceNumber, 1, ['RgNr', 'RgNr.', 'Rg-Nr.', 'Rg.-Nr.', 'Rg.Nr.']],
  [P.InvoiceNumber, 0.95, ['N° pièce', 'N° Document', 'Numéro de document', 'Document No.', 'Beleg Nr.']],
  [P.InvoiceNumber, 0.95, ['Kvittonr', 'Kvittonummer', 'Kvitteringsnr', 'Kvitteringsnummer', 'Bongnr']],
  [P.InvoiceNumber, 1, ['Número de factura', 'Nº de factura', 'N.º factura', 'Factura n.º', 'Factura nº']],
  // A Spanish simplified invoice (a till's `Factura simplificada`) numbers itself `N.Fact.S` or `Nº Fra. Simp.`.
  [P.InvoiceNumber, 1, ['Nº Factura', 'N. Factura', 'Núm. factura', 'N.Fact.', 'N.Fact.S', 'Nº Fra. Simp.']],
  [P.InvoiceNumber, 1, ['Laskun numero', 'Laskun nro', 'Laskunumero', 'Numero fattura', 'Fattura n.']],
  // Payment instructions that end in a date (`Payable le 05/07/2015`, `VIREMENT au 05/07`, `zahlbar bis …`).
  [P.DueDate, 0.95, ['Payable le', 'Virement au', 'Prélèvement le', 'Prélevé le', 'À régler avant le']],
  [P.DueDate, 0.95, ['Zahlbar bis', 'Zahlbar bis spätestens', 'Betalas senast', 'Betala senast']],
  [P.DueDate, 1, ['Fecha de vencimiento', 'Vencimiento', 'Eräpäivä', 'Scadenza', 'Data scadenza']],
  [
    P.InvoiceDate,
    1,
    ['Fecha de factura', 'Fecha factura', 'Laskun päivämäärä', 'Laskun pvm', 'Data fattura'],
  ],
  // Croatian, Czech, Polish, Spanish and Italian: the amount to pay, the invoice's date and due date, the
  // seller's VAT id, and the sums that are never the total (the net, the VAT, the change given back).
  [P.TotalAmount, 1, ['Ukupno za naplatu', 'Za platiti', 'Za plaćanje', 'Iznos za plaćanje', 'Za uplatu']],
  [P.TotalAmount, 1, ['K úhradě', 'Celkem k úhradě', 'Celkem k platbě', 'Do zapłaty', 'Razem do zapłaty']],
  [P.TotalAmount, 1, ['Total a pagar', 'Importe a pagar', 'Totale da pagare', 'Netto a pagare']],
  [P.TotalAmount, 0.9, ['Sveukupno', 'Celkem', 'Total factura', 'Importe total', 'Totale documento']],
  [P.TotalAmount, 0.9, ['Totale fattura', 'Importo totale', 'Celková částka', 'Wartość brutto']],
  // Estonian (`Kokku EUR 6.00`: in all) and the Czech till's `K platbě` (to pay).
  [P.TotalAmount, 0.9, ['Kokku', 'Kokku EUR', 'Summa kokku']],
  [P.TotalAmount, 1, ['K platbě', 'Celkem k zaplacení', 'K zaplacení']],
  // A Polish fiscal receipt (`PARAGON FISKALNY`): its sum (`SUMA PLN 26,45`) under the VAT's (`SUMA PTU`); a bare
  // `Suma` heads a column of line amounts in Polish, Czech and Lithuanian tables. Lithuanian `Viso mokėti` (to pay).
  [P.TotalAmount, 0.85, ['Suma PLN', 'Razem PLN', 'Viso', 'Iš viso', 'Viso EUR']],
  [P.TotalAmount, 1, ['Viso mokėti', 'Mokėti', 'Iš viso mokėti', 'Suma mokėti']],
  [null, 1, ['Suma PTU', 'PTU', 'Kwota PTU', 'Sprzedaż opodatkowana', 'Reszta']],
  [P.InvoiceDate, 1, ['Datum računa', 'Datum izdavanja', 'Datum vystavení', 'Data wystawienia']],
  [P.InvoiceDate, 1, ['Fecha de emisión', 'Fecha de expedición', 'Data emissione', 'Data documento']],
  [P.DueDate, 1, ['Datum dospijeća', 'Datum splatnosti', 'Termin płatności', 'Fecha de pago']],
  [P.InvoiceNumber, 1, ['Číslo faktury', 'Faktura č.', 'Numer faktury', 'Faktura VAT nr']],
  // `Broj računa` is left out: it is also a bank account's number.
  [P.InvoiceNumber, 1, ['Račun br.', 'Račun broj', 'Broj fakture']],
  [P.OfficialNumber, 0.95, ['DIČ', 'NIF', 'CIF', 'Partita IVA', 'P.IVA', 'NIP', 'PDV ID', 'ID PDV']],
  [P.OfficialNumber, 0.95, ['UID-Nr.', 'UID-Nummer', 'UID Nr.', 'TVA no.', 'BTW no.', 'BTW/TVA no.']],
  [null, 1, ['Osnovica', 'PDV', 'Iznos PDV-a', 'Ukupno bez PDV-a', 'Základ', 'DPH', 'Bez DPH']],
  [null, 1, ['Base imponible', 'IVA', 'Cuota', 'Imponibile', 'Cambio', 'Resto', 'Netto PLN', 'VAT PLN']],
  // A hotel's folio and the shorter English, German and French forms of an invoice's number.
  [P.InvoiceNumber, 1, ['Folio No.', 'Folio number', 'Folio #', 'Folio-Nr.', 'Invoice/Folio No.', 'Inv. #']],
  [P.InvoiceNumber, 1, ['Rechnung Nummer', 'Rechnungnummer', 'Rg-Nummer', 'N° Facture', 'Numéro facture']],
  [P.InvoiceNumber, 1, ['Facture numéro', 'No facture', 'N° de la facture', 'Factura número', 'Nr faktury']],
  // A Spanish or Catalan simplified invoice's abbreviation (`Fact. N002240313017390005507330025`).
  [P.InvoiceNumber, 0.9, ['Fact.', 'Fact. nº', 'Fact. núm.']],
  [P.InvoiceNumber, 0.95, ['Document number', 'Doc. no.', 'Numero documento', 'Číslo dokladu', 'Doklad č.']],
  // Croatian (`Br. računa`: the invoice's number, where `Broj računa` alone is also an account's), Czech and
  // Estonian.
  [
    P.InvoiceNumber,
    1,
    ['Br. računa', 'Račun-otpremnica br.', 'Faktura číslo', 'Daňový doklad č.', 'Arve nr'],
  ],
  // A till's `Kassa: 61364 Arve: 645907`: the invoice's number after the word for invoice.
  [P.InvoiceNumber, 1, ['Arve number', 'Arve nr.', 'Arve']],
  [P.InvoiceDate, 1, ['Fecha emisión', 'Fecha expedición', 'Date facture', 'Bill date', 'Datum vyst.']],
  [P.InvoiceDate, 1, ['Arve kuupäev', 'Kuupäev', 'Päivämäärä']],
  [P.InvoiceDate, 0.7, ['Fecha']],
  // Finnish as invoices print it beyond the first table (`Lasku nro`, `Päiväys`, `Maksettava yhteensä`: the sum to
  // pay; `Yhteensä` alone: in all), and Italian's bare `Data` as weak as Spanish `Fecha`.
  [P.InvoiceNumber, 1, ['Lasku nro', 'Lasku nro.', 'Laskunro', 'Laskun nro.', 'Lasku no']],
  [P.InvoiceDate, 1, ['Päiväys', 'Laskun päiväys', 'Laskutuspäivä', 'Laskun pvm.']],
  [P.InvoiceDate, 0.7, ['Data', 'Pvm', 'Pvm.']],
  [P.TotalAmount, 1, ['Maksettava yhteensä', 'Maksettava', 'Maksettava summa', 'Maksettava EUR']],
  [P.TotalAmount, 0.9, ['Yhteensä', 'Yhteensä EUR', 'Loppusumma', 'Laskun summa', 'Laskun loppusumma']],
  [null, 1, ['Veroton', 'Veroton hinta', 'ALV', 'Arvonlisävero', 'Yhteensä veroton']],
  [P.TotalAmount, 1, ['Částka k úhradě', 'Kokku tasuda', 'Tasuda', 'Ukupno za platiti']],
  [P.TotalAmount, 0.9, ['Ukupan iznos', 'Ukupni iznos', 'Total (IVA incluido)', 'Total Charges']],
  // Croatian till receipts print `UKUPNO` under their lines and again under the VAT table: weighed as a till's sum.
  [P.TotalAmount, 0.84, ['Ukupno', 'Ukupno EUR', 'Ukupno kn']],
]
