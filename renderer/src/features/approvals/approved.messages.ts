// Strings of "Approved, not booked" (merged as `approvals.approved`).
const en = {
  tab: 'Approved, not booked',
  mine: 'My approvals',
  views: 'Approval lists',
  title: 'Approved, not booked in {company}',
  noCompany: 'Open a company to see its approved invoices.',
  empty: 'No approved invoices wait to be booked.',
  book: 'Book {count} | Book {count}',
  bookAndPay: 'Book and send for payment {count} | Book and send for payment {count}',
  selectRow: 'Select invoice {number} from {supplier}',
  selectAll: 'Select all',
  columns: {
    supplier: 'Supplier',
    invoiceNumber: 'Invoice no.',
    amount: 'Amount',
    dueDate: 'Due date',
    state: 'Status',
  },
  state: {
    open: 'Approved',
    pending: 'Waiting to be sent',
    sending: 'Sending…',
    refused: 'Refused: {message}',
    booked: 'Booked as entry {number}',
    bookedNoNumber: 'Booked',
    sentToPayment: 'sent for payment',
  },
  retry: 'Try again',
  discard: 'Undo',
}

const nb: typeof en = {
  tab: 'Godkjent, ikke bokført',
  mine: 'Mine godkjenninger',
  views: 'Godkjenningslister',
  title: 'Godkjent, ikke bokført i {company}',
  noCompany: 'Åpne et selskap for å se godkjente fakturaer.',
  empty: 'Ingen godkjente fakturaer venter på bokføring.',
  book: 'Bokfør {count} | Bokfør {count}',
  bookAndPay: 'Bokfør og send til betaling {count} | Bokfør og send til betaling {count}',
  selectRow: 'Velg faktura {number} fra {supplier}',
  selectAll: 'Velg alle',
  columns: {
    supplier: 'Leverandør',
    invoiceNumber: 'Fakturanr.',
    amount: 'Beløp',
    dueDate: 'Forfall',
    state: 'Status',
  },
  state: {
    open: 'Godkjent',
    pending: 'Venter på å sendes',
    sending: 'Sender …',
    refused: 'Avvist av plattformen: {message}',
    booked: 'Bokført som bilag {number}',
    bookedNoNumber: 'Bokført',
    sentToPayment: 'sendt til betaling',
  },
  retry: 'Prøv igjen',
  discard: 'Angre',
}

export default { en, nb }
