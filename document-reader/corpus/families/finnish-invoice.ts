// Own layout family `own-finnish-invoice` (its group: ../families.ts): a Finnish company's invoice in
// Finnish, or in Swedish as Finland's Swedish-speaking firms print theirs, written as HTML and printed by
// Chromium (./chromium.ts) on one A4 page. The seller's name, address and business id (`Y-tunnus`, `FO-nummer`
// 1234567-8) with its VAT number (`ALV-rek.`, `Momsreg.`, FI12345678) in the foot or the head; the title
// (`LASKU`, `FAKTURA`) over the facts: the date (`Päiväys`, `Laskun päivämäärä`, `Fakturadatum`), the
// invoice's number, the customer's number, the buyer's reference, the terms (`14 pv netto`), the due date
// (`Eräpäivä`, `Förfallodag`), the interest on late payment and the period for complaints; the buyer, a
// Norwegian company's Finnish branch, with its Norwegian VAT number. The lines with quantity, unit, unit
// price, VAT rate and amount (`ALV 25,5 %` on most, `14 %` on passenger transport and accommodation, `10 %`
// on a trade journal), the VAT of each rate (`Veroton`, `Vero`, `Verollinen`), the total (`Yhteensä`) and
// the amount to pay (`Maksettava`, `Att betala`). The reference (`Viitenumero`, `Referensnummer`): a Finnish
// reference number with its 7-3-1 check digit, grouped in fives, or an RF creditor reference. Three layouts:
// `classic` (the facts in a framed box right, the bank transfer form at the foot: the giro's own bilingual
// boxes `Saajan tilinumero / Mottagarens kontonummer`, `Saaja / Mottagare`, `Viitenro / Ref.nr`, `Eräpäivä /
// Förfallodag`, `Euro`), `band` (a coloured band, the amount to pay and the due date in a box, the virtual
// barcode (`Virtuaaliviivakoodi`, 54 digits) under its bars at the foot) and `compact` (a small firm's plain
// invoice with the form at the foot and the virtual barcode on some). Dates `d.m.yyyy` (some `dd.mm.yyyy`),
// amounts `1 234,56 €`. The truth: the seller's VAT number as the corpus records a Finnish supplier
// (FI and the business id's eight digits, printed as the VAT number or only as the business id), the IBAN,
// the invoice's number, date and due date, the amount to pay; the reference is not a KID (none).
import { PDFDocument } from 'pdf-lib'
import { formatIban, formatOrgNumber } from '../../../common/norwegian.ts'
import { int, pick, rng } from '../generate.ts'
import {
  makeFacts,
  moneyText,
  resum,
  textPdfDocument,
  type CorpusDocument,
  type FactLine,
  type MoneyForm,
} from './facts.ts'
import { itemText, unitKinds } from './items.ts'
import { escapeHtml as esc, fontFaces, printHtml } from './chromium.ts'

type Lang = 'fi' | 'sv'
type Layout = 'classic' | 'band' | 'compact'

interface Words {
  title: string
  date: string
  number: string
  customerNo: string
  yourRef: string
  terms: string
  termsText: (days: number) => string
  due: string
  interest: string
  complaint: string
  buyer: string
  delivery: string
  head: [string, string, string, string, string, string]
  units: [string, string, string, string]
  vatHead: [string, string, string, string]
  net: string
  vat: string
  total: string
  pay: string
  reference: string
  businessId: string
  vatNo: string
  bank: string
  barcode: string
  buyerVat: string
  phone: string
  thanks: string
}

const WORDS: Record<Lang, Words> = {
  fi: {
    title: 'LASKU',
    date: 'Päiväys',
    number: 'Laskun numero',
    customerNo: 'Asiakasnumero',
    yourRef: 'Viitteenne',
    terms: 'Maksuehto',
    termsText: (d) => `${d} pv netto`,
    due: 'Eräpäivä',
    interest: 'Viivästyskorko',
    complaint: 'Huomautusaika',
    buyer: 'Laskutusosoite',
    delivery: 'Toimitusosoite',
    head: ['Tuote', 'Määrä', 'Yks.', 'A-hinta', 'ALV %', 'Yhteensä'],
    units: ['kpl', 'h', 'kk', 'm'],
    vatHead: ['ALV-kanta', 'Veroton', 'Vero', 'Verollinen'],
    net: 'Veroton yhteensä',
    vat: 'ALV yhteensä',
    total: 'Yhteensä',
    pay: 'Maksettava',
    reference: 'Viitenumero',
    businessId: 'Y-tunnus',
    vatNo: 'ALV-rek.',
    bank: 'Pankkiyhteys',
    barcode: 'Virtuaaliviivakoodi',
    buyerVat: 'Asiakkaan ALV-tunnus',
    phone: 'Puh.',
    thanks: 'Kiitos tilauksestanne!',
  },
  sv: {
    title: 'FAKTURA',
    date: 'Fakturadatum',
    number: 'Fakturanummer',
    customerNo: 'Kundnummer',
    yourRef: 'Er referens',
    terms: 'Betalningsvillkor',
    termsText: (d) => `${d} dagar netto`,
    due: 'Förfallodag',
    interest: 'Dröjsmålsränta',
    complaint: 'Anmärkningstid',
    buyer: 'Faktureringsadress',
    delivery: 'Leveransadress',
    head: ['Produkt', 'Antal', 'Enh.', 'À-pris', 'Moms %', 'Totalt'],
    units: ['st', 'h', 'mån', 'm'],
    vatHead: ['Momssats', 'Netto', 'Moms', 'Brutto'],
    net: 'Netto totalt',
    vat: 'Moms totalt',
    total: 'Totalt',
    pay: 'Att betala',
    reference: 'Referensnummer',
    businessId: 'FO-nummer',
    vatNo: 'Momsreg.',
    bank: 'Bankförbindelse',
    barcode: 'Virtuell streckkod',
    buyerVat: 'Kundens momsnummer',
    phone: 'Tfn',
    thanks: 'Tack för er beställning!',
  },
}

const SELLERS: Record<Lang, { name: string; street: string; place: string }[]> = {
  fi: [
    { name: 'Tampereen Kone Oy', street: 'Hämeenkatu 9', place: '33100 Tampere' },
    { name: 'Oulun Sähköasennus Oy', street: 'Kirkkokatu 14', place: '90100 Oulu' },
    { name: 'Turun Toimistotarvike Oy', street: 'Linnankatu 31', place: '20100 Turku' },
    { name: 'Jyväskylän IT-Palvelut Oy', street: 'Kauppakatu 22', place: '40100 Jyväskylä' },
    { name: 'Helsinki Design Oy', street: 'Mannerheimintie 22', place: '00100 Helsinki' },
  ],
  sv: [
    { name: 'Vasa Elektriska Ab', street: 'Hovrättsesplanaden 7', place: '65100 Vasa' },
    { name: 'Ekenäs Båtservice Ab', street: 'Strandallén 3', place: '10600 Ekenäs' },
    { name: 'Borgå Kontorsservice Ab', street: 'Runebergsgatan 12', place: '06100 Borgå' },
  ],
}
const BRANCH_PLACES = [
  'Keilaranta 1, 02150 Espoo',
  'Itämerenkatu 5, 00180 Helsinki',
  'Hatanpään valtatie 24, 33100 Tampere',
]

/** The extra lines of Finland's lower rates: a trade journal (10 %), a hotel night (14 %). */
const LOW_RATE: Record<Lang, [string, number, number][]> = {
  fi: [
    ['Ammattilehti, vuositilaus', 10, 18900],
    ['Majoitus, hotelliyö', 14, 12900],
  ],
  sv: [
    ['Facktidskrift, årsprenumeration', 10, 18900],
    ['Logi, hotellnatt', 14, 12900],
  ],
}

/** A Finnish reference number: the base and its check digit, weights 7, 3, 1 from the right. */
export function finnishReference(base: string): string {
  const sum = [...base].reverse().reduce((s, d, i) => s + Number(d) * [7, 3, 1][i % 3]!, 0)
  return `${base}${(10 - (sum % 10)) % 10}`
}

/** An RF creditor reference (ISO 11649) of a reference: `RF`, two check digits, the reference. */
export function rfReference(ref: string): string {
  const digits = `${ref}RF00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let mod = 0
  for (const d of digits) mod = (mod * 10 + Number(d)) % 97
  return `RF${String(98 - mod).padStart(2, '0')}${ref}`
}

/** The virtual barcode of a Finnish bank transfer (version 4, or 5 with an RF reference). */
export function virtualBarcode(iban: string, cents: number, reference: string, due: string): string {
  const account = iban.slice(2)
  const euros = String(Math.floor(cents / 100)).padStart(6, '0')
  const c = String(cents % 100).padStart(2, '0')
  const yymmdd = `${due.slice(2, 4)}${due.slice(5, 7)}${due.slice(8, 10)}`
  return reference.startsWith('RF')
    ? `5${account}${euros}${c}${reference.slice(2, 4)}${reference.slice(4).padStart(21, '0')}${yymmdd}`
    : `4${account}${euros}${c}000${reference.padStart(20, '0')}${yymmdd}`
}

/** A reference grouped in fives from the right, as banks print it (`12345 67890 3`, `RF18 1234 5678`). */
function groupReference(ref: string): string {
  if (ref.startsWith('RF')) return ref.replace(/(.{4})(?=.)/g, '$1 ')
  return ref.replace(/\B(?=(\d{5})+$)/g, ' ')
}

/** Bars for the barcode's digits: a picture of a code, not a readable one. */
function bars(code: string): string {
  let x = 0
  const rects: string[] = []
  for (const [i, c] of [...code].entries()) {
    const d = Number(c)
    const bar = 1 + (d % 3)
    const space = 1 + ((d + i) % 2)
    rects.push(`<rect x="${x}" y="0" width="${bar}" height="40"/>`)
    x += bar + space
  }
  return `<svg class="bars" viewBox="0 0 ${x} 40" preserveAspectRatio="none">${rects.join('')}</svg>`
}

export async function generateFinnishInvoice(seed: number): Promise<CorpusDocument> {
  // The language and layout drawn apart from the facts, so that neighbouring seeds spread over them.
  const spread = rng(seed * 2246822519 + 4311)
  const lang: Lang = pick(spread, ['fi', 'fi', 'fi', 'fi', 'sv'])
  const layout: Layout = pick(spread, ['classic', 'classic', 'band', 'compact'])
  const { facts: f, r } = makeFacts(seed, 4311, { country: 'FI', lines: [1, 5] })
  const w = WORDS[lang]
  const seller = pick(r, SELLERS[lang])
  f.supplier = seller.name
  f.street = seller.street
  f.place = seller.place
  // Finland's rates: 25,5 % on most, 14 % on a train ticket; now and then a trade journal or a hotel night.
  const unitKind = unitKinds(f)
  f.lines = f.lines.map((l): FactLine => {
    const price = Math.max(1, Math.round(l.price / 300)) * 100 + pick(r, [0, 0, 50, 90])
    return {
      ...l,
      text: itemText(l.text, lang),
      price,
      amount: l.qty * price,
      rate: /train/.test(l.text) ? 14 : 25.5,
    }
  })
  if (r() < 0.3) {
    const [text, rate, price] = pick(r, LOW_RATE[lang])
    f.lines.push({ text, qty: 1, price, amount: price, rate })
    unitKind.push(0)
  }
  resum(f)
  f.number = String(pick(r, [int(r, 1000, 9999), int(r, 20_250_000, 20_269_999)]))
  f.kid = null
  f.account = null
  const form: MoneyForm = pick(r, [
    { group: ' ', decimal: ',', code: 'after', symbol: '€' },
    { group: ' ', decimal: ',', code: 'after', symbol: '€' },
    { group: ' ', decimal: ',', code: 'after' },
    { group: ' ', decimal: ',', code: 'none' },
  ])
  const money = (c: number) => moneyText(c, f.currency, form)
  const plain = (c: number) => moneyText(c, f.currency, { ...form, code: 'none' })
  const padded = r() < 0.3
  const date = (iso: string) => {
    const [y, m, d] = iso.split('-') as [string, string, string]
    return padded ? `${d}.${m}.${y}` : `${Number(d)}.${Number(m)}.${y}`
  }
  const rateText = (rate: number) => `${String(rate).replace('.', ',')} %`
  const seven = f.supplierId.slice(2, 9)
  const businessId = `${seven}-${f.supplierId.slice(9)}`
  const vatShown = r() < 0.8
  const vatText = pick(r, [f.supplierId, `FI ${f.supplierId.slice(2)}`])
  const ibanText = pick(r, [formatIban(f.iban!), formatIban(f.iban!), f.iban!])
  const days = Math.round((Date.parse(f.dueDate) - Date.parse(f.invoiceDate)) / 86_400_000)
  const base = `${f.customerNo}${f.number.slice(-4)}${int(r, 1, 9)}`
  const reference = r() < 0.3 ? rfReference(finnishReference(base)) : finnishReference(base)
  const refText = groupReference(reference)
  const barcode = virtualBarcode(f.iban!, f.total, reference, f.dueDate)
  const showBarcode =
    layout === 'band' || (layout === 'compact' && r() < 0.5) || (layout === 'classic' && r() < 0.3)
  const form2 = layout !== 'band'
  const buyerPlace = pick(r, BRANCH_PLACES)
  const branch = lang === 'fi' ? `${f.buyer}, Suomen sivuliike` : `${f.buyer}, filial i Finland`
  const buyerVat = `NO ${formatOrgNumber(f.buyerOrg)} MVA`
  const contact = pick(r, ['Minna Virtanen', 'Jukka Korhonen', 'Anna Lindqvist', 'Mikael Nyström'])
  const phone = `0${int(r, 40, 50)} ${int(r, 100, 999)} ${int(r, 1000, 9999)}`
  const font = pick(r, ['Roboto', 'Liberation Sans', 'DejaVu Sans'])
  const accent = pick(r, ['#003b71', '#0b6e4f', '#7a2048', '#444444', '#b34700'])

  const unitOf = (i: number) => w.units[unitKind[i] ?? 0]!
  const lineRows = f.lines
    .map(
      (l, i) =>
        `<tr><td>${esc(l.text)}</td><td class="n">${l.qty}</td><td>${unitOf(i)}</td><td class="n">${plain(l.price)}</td><td class="n">${rateText(l.rate)}</td><td class="n">${plain(l.amount)}</td></tr>`,
    )
    .join('')
  const vatRows = f.vat
    .map(
      (v) =>
        `<tr><td>${rateText(v.rate)}</td><td class="n">${plain(v.base)}</td><td class="n">${plain(v.vat)}</td><td class="n">${plain(v.base + v.vat)}</td></tr>`,
    )
    .join('')
  const facts: [string, string][] = [
    [w.date, date(f.invoiceDate)],
    [w.number, f.number],
    [w.customerNo, f.customerNo],
    [w.yourRef, pick(r, ['Kari Nordmann', 'Ola Hansen', `PO ${f.orderNo}`])],
    [w.terms, w.termsText(days)],
    [w.due, date(f.dueDate)],
    [w.reference, refText],
    [w.interest, '8 %'],
    [w.complaint, lang === 'fi' ? '8 pv' : '8 dagar'],
  ]
  const factTable = `<table class="facts">${facts.map(([l, v]) => `<tr><th>${esc(l)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`
  const ids = [`${w.businessId} ${businessId}`, ...(vatShown ? [`${w.vatNo} ${vatText}`] : [])]
  const sellerBlock = `<div class="seller"><div class="name">${esc(seller.name)}</div><div>${esc(seller.street)}</div><div>${esc(seller.place)}</div></div>`
  const buyerBlock = `<div class="buyer"><div class="label">${w.buyer}</div><div><b>${esc(branch)}</b></div><div>${esc(buyerPlace)}</div><div class="small">${w.buyerVat} ${buyerVat}</div></div>`
  const totals = `<table class="totals">
<tr><td>${w.net}</td><td class="n">${money(f.net)}</td></tr>
<tr><td>${w.vat}</td><td class="n">${money(f.total - f.net)}</td></tr>
<tr class="sum"><td>${layout === 'compact' ? w.total : w.pay}</td><td class="n">${money(f.total)}</td></tr>
</table>`
  const mail = `${lang === 'fi' ? 'laskutus' : 'faktura'}@${seller.name
    .replace(/ (Oy|Ab)$/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.fi`
  const foot = `<div class="foot"><div>${esc(seller.name)}<br>${esc(seller.street)}<br>${esc(seller.place)}</div><div>${w.phone} ${phone}<br>${esc(contact)}<br>${mail}</div><div>${ids.join('<br>')}<br>Kotipaikka ${esc(seller.place.split(' ')[1]!)}</div><div>${w.bank}<br>${esc(ibanText)}<br>BIC ${f.bic}</div></div>`
  const giro = `<div class="giro">
<div class="side">TILISIIRTO GIRERING</div>
<table>
<tr class="r1"><th>Saajan<br>tilinumero<br>Mottagarens<br>kontonummer</th><td colspan="3"><span class="iban">IBAN ${esc(ibanText)}</span><span class="bic">BIC ${f.bic}</span></td></tr>
<tr class="r2"><th>Saaja<br>Mottagare</th><td colspan="3">${esc(seller.name)}<br>${esc(seller.street)}<br>${esc(seller.place)}</td></tr>
<tr class="r3"><th>Maksajan<br>nimi ja<br>osoite<br>Betalarens<br>namn och<br>adress</th><td colspan="3">${esc(branch)}<br>${esc(buyerPlace)}</td></tr>
<tr class="r4"><th>Allekirjoitus<br>Underskrift</th><td class="sign"></td><th class="small">Viitenro<br>Ref.nr</th><td class="val">${esc(refText)}</td></tr>
<tr class="r5"><th>Tililtä nro<br>Från konto nr</th><td></td><th class="small">Eräpäivä<br>Förfallodag</th><td class="val">${date(f.dueDate)}<span class="euro"><small>Euro</small> ${plain(f.total)}</span></td></tr>
</table>
<div class="bank-note">Maksu välitetään saajalle maksujenvälityksen ehtojen mukaisesti ja vain maksajan ilmoittaman tilinumeron perusteella.<br>Betalningen förmedlas till mottagaren enligt villkoren för betalningsförmedling och endast till det kontonummer som betalaren angivit.</div>
</div>`
  const barcodeBlock = showBarcode
    ? `<div class="barcode">${bars(barcode)}<div class="digits">${w.barcode}: ${barcode}</div></div>`
    : ''
  const lines = `<table class="lines"><thead><tr>${w.head.map((h, i) => `<th${i === 1 || i > 2 ? ' class="n"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${lineRows}</tbody></table>`
  const vatTable = `<table class="vat"><thead><tr>${w.vatHead.map((h, i) => `<th${i ? ' class="n"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${vatRows}</tbody></table>`

  let body: string
  switch (layout) {
    case 'classic':
      body = `<div class="top">${sellerBlock}<div class="right"><div class="title">${w.title}</div>${factTable}</div></div>
<div class="mid">${buyerBlock}</div>${lines}<div class="sums">${vatTable}${totals}</div>
<p class="thanks">${w.thanks}</p>${foot}${barcodeBlock}${giro}`
      break
    case 'band':
      body = `<div class="band"><div class="name">${esc(seller.name)}</div><div class="title">${w.title}</div></div>
<div class="top">${buyerBlock}<div class="right">${factTable}</div></div>
<div class="paybox"><div><small>${w.pay}</small><b>${money(f.total)}</b></div><div><small>${w.due}</small><b>${date(f.dueDate)}</b></div><div><small>${w.reference}</small><b>${esc(refText)}</b></div><div><small>IBAN</small><b>${esc(ibanText)}</b></div></div>
${lines}<div class="sums">${vatTable}${totals}</div><p class="thanks">${w.thanks}</p>${barcodeBlock}${foot}`
      break
    case 'compact':
      body = `<div class="top">${sellerBlock}<div class="right"><div class="title">${w.title}</div></div></div>
<div class="top">${buyerBlock}<div class="right">${factTable}</div></div>${lines}<div class="sums">${vatTable}${totals}</div>
<div class="paynote">${w.pay} <b>${money(f.total)}</b> · ${w.due} ${date(f.dueDate)}</div>${foot}${barcodeBlock}${form2 ? giro : ''}`
      break
  }
  const size = pick(r, [9, 9.5, 10])
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${w.title} ${esc(f.number)}</title><style>
${fontFaces([font])}
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12mm 14mm 0; font-family: '${font}'; font-size: ${size}pt; color: #1a1a1a; width: 210mm; height: 296mm; position: relative; }
.top { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 5mm; }
.seller .name { font-size: ${size + 6}pt; font-weight: 700; color: ${accent}; }
.title { font-size: ${size + 9}pt; font-weight: 700; letter-spacing: 1px; text-align: right; margin-bottom: 2mm; }
.right { width: 82mm; }
table { border-collapse: collapse; }
.facts th { text-align: left; font-weight: 400; color: #555; padding: 0.3mm 3mm 0.3mm 0; white-space: nowrap; }
.facts td { padding: 0.3mm 0; }
.mid { margin: 2mm 0 6mm; }
.buyer .label { font-size: ${size - 1.5}pt; color: #666; text-transform: uppercase; margin-bottom: 1mm; }
.small { font-size: ${size - 1.5}pt; color: #555; }
.lines { width: 100%; margin-top: 2mm; }
.lines th { text-align: left; border-bottom: 1.2px solid ${accent}; padding: 1.2mm 1mm; font-size: ${size - 0.5}pt; }
.lines td { padding: 1.2mm 1mm; border-bottom: 0.5px solid #ccc; }
.n { text-align: right !important; white-space: nowrap; }
.sums { display: flex; justify-content: space-between; align-items: flex-start; margin-top: 4mm; }
.vat { font-size: ${size - 1}pt; }
.vat th, .vat td { padding: 0.6mm 2.5mm 0.6mm 0; text-align: left; }
.vat th { color: #555; font-weight: 400; border-bottom: 0.5px solid #999; }
.totals { width: 78mm; }
.totals td { padding: 0.8mm 0; }
.totals .sum td { font-weight: 700; font-size: ${size + 2}pt; border-top: 1.2px solid #222; padding-top: 1.5mm; }
.thanks { margin: 4mm 0 2mm; color: #444; }
.foot { display: flex; justify-content: space-between; gap: 4mm; font-size: ${size - 2}pt; color: #444; border-top: 0.5px solid #999; padding-top: 1.5mm; margin-top: 3mm; }
.band { background: ${accent}; color: #fff; margin: -12mm -14mm 6mm; padding: 8mm 14mm; display: flex; justify-content: space-between; align-items: center; }
.band .name { font-size: ${size + 7}pt; font-weight: 700; }
.band .title { color: #fff; margin: 0; }
.paybox { display: flex; border: 1px solid ${accent}; margin: 2mm 0 5mm; }
.paybox div { flex: 1; padding: 2mm 3mm; border-right: 0.5px solid #bbb; }
.paybox small { display: block; color: #555; font-size: ${size - 1.5}pt; }
.paybox b { font-size: ${size + 1}pt; white-space: nowrap; }
.paynote { margin: 4mm 0 0; }
.barcode { margin-top: 4mm; }
.bars { display: block; width: 150mm; height: 11mm; fill: #000; }
.digits { font-size: ${size - 2}pt; margin-top: 1mm; letter-spacing: 0.3px; }
.giro { position: absolute; left: 0; right: 0; bottom: 0; height: 101.6mm; border-top: 1px dashed #666; padding: 4mm 8mm 0 14mm; font-family: 'Liberation Sans', '${font}'; font-size: 9pt; }
.giro .side { position: absolute; left: 3mm; top: 10mm; writing-mode: vertical-rl; transform: rotate(180deg); font-size: 7pt; letter-spacing: 1px; }
.giro table { width: 100%; border: 1px solid #000; }
.giro th { width: 22mm; text-align: left; vertical-align: top; font-weight: 400; font-size: 6.5pt; border-right: 1px solid #000; padding: 1mm; line-height: 1.15; }
.giro th.small { width: 20mm; border-left: 1px solid #000; }
.giro td { vertical-align: top; padding: 1mm 2mm; }
.giro .r1 td, .giro .r2 td { border-bottom: 1px solid #000; }
.giro .r1 { height: 13mm; } .giro .r2 { height: 17mm; } .giro .r3 { height: 22mm; }
.giro .r4 th, .giro .r4 td { border-top: 1px solid #000; height: 10mm; }
.giro .r5 th, .giro .r5 td { border-top: 1px solid #000; height: 10mm; }
.giro .iban { font-size: 10pt; margin-right: 8mm; } .giro .bic { font-size: 10pt; }
.giro .val { font-size: 10pt; white-space: nowrap; }
.giro .euro { float: right; border-left: 1px solid #000; padding-left: 3mm; margin-left: 3mm; }
.giro .sign, .giro .r5 td:nth-child(2) { width: 62mm; }
.giro .bank-note { font-size: 6pt; color: #333; margin-top: 1.5mm; }
</style></head><body>${body}</body></html>`
  const bytes = await printHtml(html)
  const pages = (await PDFDocument.load(bytes)).getPageCount()
  return textPdfDocument({
    family: 'own-finnish-invoice',
    kind: 'layout',
    seed,
    bytes,
    pages,
    facts: f,
    variant: `${layout},${lang},${reference.startsWith('RF') ? 'rf' : 'viite'}${showBarcode ? ',barcode' : ''}${vatShown ? '' : ',y-tunnus'},${padded ? 'dd.mm' : 'd.m'},${font.replace(/ /g, '')}`,
    id: vatShown ? vatText : businessId,
    pay: { iban: ibanText, bic: f.bic ?? undefined },
    total: money(f.total),
    date,
  })
}
