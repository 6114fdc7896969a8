// The corpus's line items (./facts.ts) in the languages an invoice is written in, so that a German invoice
// lists `Montagearbeiten` rather than `Installation`. A family that prints its lines in the invoice's
// language puts the translated text in its facts before it records the truth, so the truth's lines are the
// lines as printed.
import { ITEMS, type Facts } from './facts.ts'

export type ItemLang = 'en' | 'nb' | 'nn' | 'sv' | 'da' | 'fi' | 'de' | 'nl' | 'fr' | 'es' | 'it'

/** The items in the order of facts.ts's ITEMS, `|` between them. */
const ROWS: Record<Exclude<ItemLang, 'en'>, string> = {
  nb: 'Serverdrift, månedlig|Reservedeler|Installasjon|Programvareabonnement|Frakt|Verkstedtimer|Trykking|Mobilabonnement|Reise, togbillett|Kabler og adaptere',
  nn: 'Serverdrift, månadleg|Reservedelar|Installasjon|Programvareabonnement|Frakt|Verkstadtimar|Trykking|Mobilabonnement|Reise, togbillett|Kablar og adapterar',
  sv: 'Serverdrift, månadsvis|Reservdelar|Installation|Programvaruabonnemang|Frakt|Verkstadstimmar|Tryckning|Mobilabonnemang|Resa, tågbiljett|Kablar och adaptrar',
  da: 'Serverdrift, månedlig|Reservedele|Installation|Softwareabonnement|Fragt|Værkstedstimer|Tryk|Mobilabonnement|Rejse, togbillet|Kabler og adaptere',
  fi: 'Palvelinylläpito, kuukausi|Varaosat|Asennus|Ohjelmistotilaus|Rahti|Korjaamotunnit|Painatus|Matkapuhelinliittymä|Matka, junalippu|Kaapelit ja adapterit',
  de: 'Server-Hosting, monatlich|Ersatzteile|Montagearbeiten|Software-Abonnement|Fracht|Werkstattstunden|Druckkosten|Mobilfunkvertrag|Reise, Bahnticket|Kabel und Adapter',
  nl: 'Serverhosting, maandelijks|Reserveonderdelen|Installatie|Software-abonnement|Vracht|Werkplaatsuren|Drukwerk|Mobiel abonnement|Reis, treinkaartje|Kabels en adapters',
  fr: "Hébergement serveur, mensuel|Pièces détachées|Installation|Abonnement logiciel|Transport|Heures d'atelier|Impression|Abonnement mobile|Déplacement, billet de train|Câbles et adaptateurs",
  es: 'Alojamiento de servidor, mensual|Piezas de repuesto|Instalación|Suscripción de software|Transporte|Horas de taller|Impresión|Tarifa móvil|Viaje, billete de tren|Cables y adaptadores',
  it: 'Hosting server, mensile|Ricambi|Installazione|Abbonamento software|Trasporto|Ore di officina|Stampa|Abbonamento telefonia mobile|Viaggio, biglietto del treno|Cavi e adattatori',
}

/** An item's text in `lang` (an English text the list does not hold stays as it is). */
export function itemText(text: string, lang: ItemLang): string {
  const i = ITEMS.indexOf(text)
  if (lang === 'en' || i < 0) return text
  return ROWS[lang].split('|')[i]!
}

/** The facts with their lines' texts in `lang`. */
export function inLanguage(f: Facts, lang: ItemLang): void {
  f.lines = f.lines.map((line) => ({ ...line, text: itemText(line.text, lang) }))
}

/** Each line's unit, as the English item texts tell it: 0 a piece, 1 hours, 2 a month, 3 metres. */
export function unitKinds(f: Facts): number[] {
  return f.lines.map((l) =>
    /hours|Installation/.test(l.text)
      ? 1
      : /monthly|subscription/.test(l.text)
        ? 2
        : /Cables/.test(l.text)
          ? 3
          : 0,
  )
}
